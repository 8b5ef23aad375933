import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/** profiles: welcome_shown (spec §3) and the last sign-in time, one per user. */
export interface ProfileDocument {
  _id: string;
  welcomeShown: boolean;
  lastSignInAt: Date | null;
}

export const profileSchema = new Schema<ProfileDocument>(
  {
    _id: { type: String, required: true },
    welcomeShown: { type: Boolean, default: false },
    lastSignInAt: { type: Date, default: null },
  },
  { collection: 'profiles', versionKey: false, strict: 'throw' },
);

export function profileModel(connection: Connection): Model<ProfileDocument> {
  return registeredModel<ProfileDocument>(connection, 'Profile', profileSchema);
}
