import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';

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
  return (connection.models.Profile as Model<ProfileDocument> | undefined) ?? connection.model<ProfileDocument>('Profile', profileSchema);
}
