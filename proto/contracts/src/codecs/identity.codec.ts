// Proto ↔ domain mapping of the identity contract, shared by the identity service (which answers in proto)
// and the gateway (which answers in JSON), so that a field is added in one place.
import type { MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import { resolveRole } from '@venuebook/domain';
import type { AuthUser, LogoutScope, ManagedUser } from '@venuebook/domain';
import { LogoutScope as ProtoLogoutScope } from '@venuebook/contracts/identity/v1';
import type { SessionGrantSchema, UserSchema } from '@venuebook/contracts/identity/v1';

/**
 * A user as the identity service holds it (user and profile). Structural, so that proto never imports
 * service code: the service's own record type is assignable to it.
 */
export interface IdentityUser {
  id: string;
  email: string;
  /** null or unknown = no role = viewer. */
  role: string | null;
  emailConfirmedAt: Date | null;
  welcomeShown: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

/** A signed-in session as the identity service opens or refreshes it. */
export interface IdentitySessionGrant {
  user: IdentityUser;
  sessionId: string;
  refreshToken: string;
  firstSignIn: boolean;
  /** When the session (its refresh-token family) ends. */
  sessionExpiresAt: Date;
}

/** Date → RFC 3339; none → '' (proto strings have no null). */
const iso = (date: Date | null): string => (date ? date.toISOString() : '');

/** Service user → proto User (the role resolved: a user without a role is a viewer). */
export function userToProto(user: IdentityUser): MessageInitShape<typeof UserSchema> {
  return {
    id: user.id,
    email: user.email,
    role: resolveRole(user.role),
    emailConfirmed: Boolean(user.emailConfirmedAt),
    welcomeShown: user.welcomeShown,
    createdAt: iso(user.createdAt),
    lastSignInAt: iso(user.lastSignInAt),
  };
}

/** Service grant → proto SessionGrant (the session's end as RFC 3339 in `sessionExpiresAt`). */
export function sessionGrantToProto(grant: IdentitySessionGrant): MessageInitShape<typeof SessionGrantSchema> {
  return {
    user: userToProto(grant.user),
    sessionId: grant.sessionId,
    refreshToken: grant.refreshToken,
    firstSignIn: grant.firstSignIn,
    sessionExpiresAt: iso(grant.sessionExpiresAt),
  };
}

/** Proto User → the signed-in user of the HTTP API ('' lastSignInAt → null, unknown role → viewer). */
export function authUserFromProto(user: MessageShape<typeof UserSchema>): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: resolveRole(user.role),
    welcomeShown: user.welcomeShown,
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt || null,
  };
}

/** Proto User → a row of the user-management list of the HTTP API. */
export function managedUserFromProto(user: MessageShape<typeof UserSchema>): ManagedUser {
  const { id, email, role, createdAt, lastSignInAt } = authUserFromProto(user);
  return { id, email, role, createdAt, lastSignInAt };
}

const LOGOUT_SCOPES: readonly [LogoutScope, ProtoLogoutScope][] = [
  ['global', ProtoLogoutScope.GLOBAL],
  ['local', ProtoLogoutScope.LOCAL],
  ['others', ProtoLogoutScope.OTHERS],
];

export function logoutScopeToProto(scope: LogoutScope): ProtoLogoutScope {
  return LOGOUT_SCOPES.find(([name]) => name === scope)?.[1] ?? ProtoLogoutScope.UNSPECIFIED;
}

/** Proto scope → domain scope; UNSPECIFIED means global (every session); unknown numbers give null. */
export function logoutScopeFromProto(scope: ProtoLogoutScope): LogoutScope | null {
  if (scope === ProtoLogoutScope.UNSPECIFIED) return 'global';
  return LOGOUT_SCOPES.find(([, value]) => value === scope)?.[0] ?? null;
}
