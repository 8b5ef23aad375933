import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

// Document types are written out (not InferSchemaType): inferring the schemas costs the type checker gigabytes.
export interface SessionDocument {
  _id: string;
  userId: string;
  userAgent: string;
  revokedAt: Date | null;
  revokedReason: string;
  expiresAt: Date;
  lastUsedAt: Date;
}

export interface RefreshTokenDocument {
  _id: string;
  sessionId: string;
  userId: string;
}

/** A consumed refresh token, by hash: written once (unique _id), so a second use fails with E11000. */
export interface RefreshTokenUseDocument {
  _id: string;
  sessionId: string;
  at: Date;
  /** Hash of the token this use issued (null for the mark `<hash>.shared` of a successor handed out twice). */
  successor: string | null;
}

/** A session = one refresh-token family. Revoking it ends every token of the family. */
export const sessionSchema = new Schema<SessionDocument>(
  {
    _id: { type: String, default: () => randomUUID() },
    userId: { type: String, required: true },
    userAgent: { type: String, default: '' },
    revokedAt: { type: Date, default: null },
    revokedReason: { type: String, default: '' },
    expiresAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: () => new Date() },
  },
  { collection: 'sessions', timestamps: true, versionKey: false, strict: 'throw' },
);
sessionSchema.index({ userId: 1, revokedAt: 1 });

/** Every refresh token ever issued, by hash (written once; its use is recorded in refresh_token_uses). */
export const refreshTokenSchema = new Schema<RefreshTokenDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    userId: { type: String, required: true },
  },
  { collection: 'refresh_tokens', timestamps: true, versionKey: false, strict: 'throw' },
);
refreshTokenSchema.index({ sessionId: 1 });

/**
 * Consumption marks of refresh tokens. FerretDB v1 applies updates as read-modify-write without a lock,
 * so a compare-and-set on the token document is not atomic there; a unique insert is, on both databases.
 */
export const refreshTokenUseSchema = new Schema<RefreshTokenUseDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    at: { type: Date, required: true },
    successor: { type: String, default: null },
  },
  { collection: 'refresh_token_uses', versionKey: false, strict: 'throw' },
);

export function sessionModel(connection: Connection): Model<SessionDocument> {
  return registeredModel<SessionDocument>(connection, 'Session', sessionSchema);
}

export function refreshTokenModel(connection: Connection): Model<RefreshTokenDocument> {
  return registeredModel<RefreshTokenDocument>(connection, 'RefreshToken', refreshTokenSchema);
}

export function refreshTokenUseModel(connection: Connection): Model<RefreshTokenUseDocument> {
  return registeredModel<RefreshTokenUseDocument>(connection, 'RefreshTokenUse', refreshTokenUseSchema);
}
