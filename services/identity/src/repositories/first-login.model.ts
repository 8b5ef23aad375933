import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/** user_first_logins: one row per user, written at the first sign-in. */
export interface FirstLoginDocument {
  _id: string;
  notificationSent: boolean;
  at: Date;
}

export const firstLoginSchema = new Schema<FirstLoginDocument>(
  {
    _id: { type: String, required: true },
    notificationSent: { type: Boolean, default: false },
    at: { type: Date, required: true },
  },
  { collection: 'user_first_logins', versionKey: false, strict: 'throw' },
);

export function firstLoginModel(connection: Connection): Model<FirstLoginDocument> {
  return registeredModel<FirstLoginDocument>(connection, 'FirstLogin', firstLoginSchema);
}
