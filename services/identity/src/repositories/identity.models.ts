import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { lockSchema } from '@venuebook/service-kit';
import type { LockDocument } from '@venuebook/service-kit';

// Document types are written out (not InferSchemaType): inferring four schemas costs the type checker gigabytes.
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

/** profiles: welcome_shown (spec §3) and the last sign-in time, one per user. */
export interface ProfileDocument {
  _id: string;
  welcomeShown: boolean;
  lastSignInAt: Date | null;
}

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

/** Locks (the kit's): the roles lock, held while a change that involves the owner role runs (read the owners, check the rules, write). */
export type { LockDocument };

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

export interface FirstLoginDocument {
  _id: string;
  notificationSent: boolean;
  at: Date;
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

export const profileSchema = new Schema<ProfileDocument>(
  {
    _id: { type: String, required: true },
    welcomeShown: { type: Boolean, default: false },
    lastSignInAt: { type: Date, default: null },
  },
  { collection: 'profiles', versionKey: false, strict: 'throw' },
);

/** user_first_logins: one row per user, written at the first sign-in. */
export const firstLoginSchema = new Schema<FirstLoginDocument>(
  {
    _id: { type: String, required: true },
    notificationSent: { type: Boolean, default: false },
    at: { type: Date, required: true },
  },
  { collection: 'user_first_logins', versionKey: false, strict: 'throw' },
);

export const confirmationMailSchema = new Schema<ConfirmationMailDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'confirmation_mails', versionKey: false, strict: 'throw' },
);
confirmationMailSchema.index({ email: 1, at: -1 });
export const identityLockSchema = lockSchema('identity_locks');

export const idTokenUseSchema = new Schema<IdTokenUseDocument>(
  {
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'id_token_uses', versionKey: false, strict: 'throw' },
);

export interface IdentityModels {
  users: Model<UserDocument>;
  sessions: Model<SessionDocument>;
  refreshTokens: Model<RefreshTokenDocument>;
  refreshTokenUses: Model<RefreshTokenUseDocument>;
  firstLogins: Model<FirstLoginDocument>;
  profiles: Model<ProfileDocument>;
  confirmationMails: Model<ConfirmationMailDocument>;
  locks: Model<LockDocument>;
  idTokenUses: Model<IdTokenUseDocument>;
}

export function identityModels(connection: Connection): IdentityModels {
  const existing: Partial<Record<string, unknown>> = connection.models;
  return {
    users: (existing.User as Model<UserDocument> | undefined) ?? connection.model<UserDocument>('User', userSchema),
    sessions: (existing.Session as Model<SessionDocument> | undefined) ?? connection.model<SessionDocument>('Session', sessionSchema),
    refreshTokens:
      (existing.RefreshToken as Model<RefreshTokenDocument> | undefined) ?? connection.model<RefreshTokenDocument>('RefreshToken', refreshTokenSchema),
    refreshTokenUses:
      (existing.RefreshTokenUse as Model<RefreshTokenUseDocument> | undefined) ??
      connection.model<RefreshTokenUseDocument>('RefreshTokenUse', refreshTokenUseSchema),
    firstLogins: (existing.FirstLogin as Model<FirstLoginDocument> | undefined) ?? connection.model<FirstLoginDocument>('FirstLogin', firstLoginSchema),
    profiles: (existing.Profile as Model<ProfileDocument> | undefined) ?? connection.model<ProfileDocument>('Profile', profileSchema),
    confirmationMails:
      (existing.ConfirmationMail as Model<ConfirmationMailDocument> | undefined) ??
      connection.model<ConfirmationMailDocument>('ConfirmationMail', confirmationMailSchema),
    locks: (existing.IdentityLock as Model<LockDocument> | undefined) ?? connection.model<LockDocument>('IdentityLock', identityLockSchema),
    idTokenUses: (existing.IdTokenUse as Model<IdTokenUseDocument> | undefined) ?? connection.model<IdTokenUseDocument>('IdTokenUse', idTokenUseSchema),
  };
}
