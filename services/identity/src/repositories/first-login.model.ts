import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * user_first_logins: one row per user, written at the first sign-in. Spec §3's notification_sent is whether a
 * user_first_login_notices row exists (inserted once the webhook answered 2xx): an insert, where an update would read
 * the whole collection on FerretDB; `notificationSent` stays as written.
 */
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

/** user_first_login_notices: one row per first login delivered to the webhook (`_id` the user id). */
export interface FirstLoginNoticeDocument {
  _id: string;
  at: Date;
}

export const firstLoginNoticeSchema = new Schema<FirstLoginNoticeDocument>(
  { _id: { type: String, required: true }, at: { type: Date, required: true } },
  { collection: 'user_first_login_notices', versionKey: false, strict: 'throw' },
);

export function firstLoginNoticeModel(connection: Connection): Model<FirstLoginNoticeDocument> {
  return registeredModel<FirstLoginNoticeDocument>(connection, 'FirstLoginNotice', firstLoginNoticeSchema);
}
