import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

// Document types are written out (not InferSchemaType): inferring the schemas costs the type checker gigabytes.
export interface UserDocument {
  _id: string;
  email: string;
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  confirmationTokenHash: string | null;
  confirmationExpiresAt: Date | null;
  /** The pending link's token is HMAC(link key, nonce): a repeated sign-up mails the same link again. */
  confirmationNonce: string | null;
  role: string | null;
  identities: { issuer: string; subject: string }[];
  createdAt: Date;
  updatedAt: Date;
}

const identitySchema = new Schema({ issuer: { type: String, required: true }, subject: { type: String, required: true } }, { _id: false });

/**
 * A user: auth record and role (user_roles). What the user's own activity writes (sign-in time, welcome
 * flag) lives in `profiles`, so that it never rewrites this document: FerretDB v1 updates rewrite whole
 * documents, and a sign-in racing a role change must not undo it.
 */
export const userSchema = new Schema<UserDocument>(
  {
    _id: { type: String, default: () => randomUUID() },
    /** Lower case; unique. */
    email: { type: String, required: true },
    passwordHash: { type: String, default: null },
    emailConfirmedAt: { type: Date, default: null },
    confirmationTokenHash: { type: String, default: null },
    confirmationExpiresAt: { type: Date, default: null },
    confirmationNonce: { type: String, default: null },
    /** null = no role = viewer. */
    role: { type: String, default: null },
    identities: { type: [identitySchema], default: [] },
  },
  { collection: 'users', timestamps: true, versionKey: false, strict: 'throw' },
);
userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ confirmationTokenHash: 1 });
userSchema.index({ role: 1 });
userSchema.index({ createdAt: 1 });

export function userModel(connection: Connection): Model<UserDocument> {
  return registeredModel<UserDocument>(connection, 'User', userSchema);
}
