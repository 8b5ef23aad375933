import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * An OpenID Connect ID token that has opened a session, by a hash of its identifying claims: written once
 * (unique `_id`, atomic on FerretDB v1), so a second use of the token fails with E11000. `expiresAt` is when
 * the token itself can no longer be accepted; older rows are deleted now and then (FerretDB v1 runs no TTL
 * indexes).
 */
export interface IdTokenUseDocument {
  _id: string;
  expiresAt: Date;
}

export const idTokenUseSchema = new Schema<IdTokenUseDocument>(
  {
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'id_token_uses', versionKey: false, strict: 'throw' },
);

export function idTokenUseModel(connection: Connection): Model<IdTokenUseDocument> {
  return registeredModel<IdTokenUseDocument>(connection, 'IdTokenUse', idTokenUseSchema);
}
