import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/** webhook_secrets: the signing secret of the webhook requests (`_id` 'signing'). */
export interface SigningSecretDocument {
  _id: string;
  secret: string;
  createdAt: Date;
}

const signingSecretSchema = new Schema<SigningSecretDocument>(
  { _id: { type: String, required: true }, secret: { type: String, required: true }, createdAt: { type: Date, required: true } },
  { collection: 'webhook_secrets', versionKey: false, strict: 'throw' },
);

export function signingSecretModel(connection: Connection): Model<SigningSecretDocument> {
  return registeredModel<SigningSecretDocument>(connection, 'WebhookSigningSecret', signingSecretSchema);
}
