import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * A confirmation mail sent to an address: `_id` is `<address>|<minute>`, so two sends in the same minute
 * cannot both be recorded (a unique insert, atomic on FerretDB v1); the rows of the last hour count
 * against the hourly cap.
 */
export interface ConfirmationMailDocument {
  _id: string;
  email: string;
  at: Date;
}

export const confirmationMailSchema = new Schema<ConfirmationMailDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'confirmation_mails', versionKey: false, strict: 'throw' },
);
confirmationMailSchema.index({ email: 1, at: -1 });

export function confirmationMailModel(connection: Connection): Model<ConfirmationMailDocument> {
  return registeredModel<ConfirmationMailDocument>(connection, 'ConfirmationMail', confirmationMailSchema);
}
