import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';

// Document types are written out (not InferSchemaType): inferring four schemas costs the type checker gigabytes.
export interface UserDocument {
  _id: string;
  email: string;
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  confirmationTokenHash: string | null;
  confirmationExpiresAt: Date | null;
  role: string | null;
  welcomeShown: boolean;
  lastSignInAt: Date | null;
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
  usedAt: Date | null;
}

export interface FirstLoginDocument {
  _id: string;
  notificationSent: boolean;
  at: Date;
}

const identitySchema = new Schema({ issuer: { type: String, required: true }, subject: { type: String, required: true } }, { _id: false });

/** A user: auth record, role (user_roles) and profile (welcome_shown) in one document. */
export const userSchema = new Schema<UserDocument>(
  {
    _id: { type: String, default: () => randomUUID() },
    /** Lower case; unique. */
    email: { type: String, required: true },
    passwordHash: { type: String, default: null },
    emailConfirmedAt: { type: Date, default: null },
    confirmationTokenHash: { type: String, default: null },
    confirmationExpiresAt: { type: Date, default: null },
    /** null = no role = viewer. */
    role: { type: String, default: null },
    welcomeShown: { type: Boolean, default: false },
    lastSignInAt: { type: Date, default: null },
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

/** Every refresh token ever issued, by hash; `usedAt` set when it was rotated (a second use is a reuse). */
export const refreshTokenSchema = new Schema<RefreshTokenDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    userId: { type: String, required: true },
    usedAt: { type: Date, default: null },
  },
  { collection: 'refresh_tokens', timestamps: true, versionKey: false, strict: 'throw' },
);
refreshTokenSchema.index({ sessionId: 1 });

/** user_first_logins: one row per user, written at the first sign-in. */
export const firstLoginSchema = new Schema<FirstLoginDocument>(
  {
    _id: { type: String, required: true },
    notificationSent: { type: Boolean, default: false },
    at: { type: Date, required: true },
  },
  { collection: 'user_first_logins', versionKey: false, strict: 'throw' },
);


export interface IdentityModels {
  users: Model<UserDocument>;
  sessions: Model<SessionDocument>;
  refreshTokens: Model<RefreshTokenDocument>;
  firstLogins: Model<FirstLoginDocument>;
}

export function identityModels(connection: Connection): IdentityModels {
  const existing: Partial<Record<string, unknown>> = connection.models;
  return {
    users: (existing.User as Model<UserDocument> | undefined) ?? connection.model<UserDocument>('User', userSchema),
    sessions: (existing.Session as Model<SessionDocument> | undefined) ?? connection.model<SessionDocument>('Session', sessionSchema),
    refreshTokens: (existing.RefreshToken as Model<RefreshTokenDocument> | undefined) ?? connection.model<RefreshTokenDocument>('RefreshToken', refreshTokenSchema),
    firstLogins: (existing.FirstLogin as Model<FirstLoginDocument> | undefined) ?? connection.model<FirstLoginDocument>('FirstLogin', firstLoginSchema),
  };
}
