import type { IdentitySessionGrant, IdentityUser } from '@venuebook/contracts/codecs/identity';

/** A user with its profile (welcome flag, last sign-in), as the repositories hand it out. */
export interface UserRecord extends IdentityUser {
  /** scrypt hash (see password.ts); null for accounts that only sign in with Google. */
  passwordHash: string | null;
}

/** A user as the user list shows it: the listed fields of its document, and its profile (null before its first sign-in). */
export function listedUser({
  user,
  profile,
}: {
  user: { _id: string; email: string; role: string | null; emailConfirmedAt: Date | null; createdAt: Date };
  profile: { welcomeShown: boolean; lastSignInAt: Date | null } | null;
}): IdentityUser {
  return {
    id: user._id,
    email: user.email,
    role: user.role,
    emailConfirmedAt: user.emailConfirmedAt,
    createdAt: user.createdAt,
    welcomeShown: profile?.welcomeShown ?? false,
    lastSignInAt: profile?.lastSignInAt ?? null,
  };
}

/** A session opened (sign-in) or continued (refresh): the user, the session and its next refresh token. */
export interface SessionGrant extends IdentitySessionGrant {
  user: UserRecord;
}
