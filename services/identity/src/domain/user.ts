import type { IdentitySessionGrant, IdentityUser } from '@venuebook/proto/codecs/identity';

/** A user with its profile (welcome flag, last sign-in), as the repositories hand it out. */
export interface UserRecord extends IdentityUser {
  /** scrypt hash (see password.ts); null for accounts that only sign in with Google. */
  passwordHash: string | null;
}

/** A session opened (sign-in) or continued (refresh): the user, the session and its next refresh token. */
export interface SessionGrant extends IdentitySessionGrant {
  user: UserRecord;
}
