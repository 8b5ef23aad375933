import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { LogoutScope, SessionGrantSchema, UserSchema } from '@venuebook/contracts/identity/v1';
import { LOGOUT_SCOPES } from '@venuebook/domain';
import { authUserFromProto, logoutScopeFromProto, logoutScopeToProto, managedUserFromProto, sessionGrantToProto, userToProto } from './identity.codec.ts';
import type { IdentityUser } from './identity.codec.ts';

const user: IdentityUser = {
  id: 'u-1',
  email: 'jane@example.com',
  role: 'editor',
  emailConfirmedAt: new Date('2026-01-01T10:00:00.000Z'),
  welcomeShown: true,
  createdAt: new Date('2026-01-01T09:00:00.000Z'),
  lastSignInAt: new Date('2026-01-02T08:30:00.000Z'),
};

describe('identity codec', () => {
  it('maps a service user to proto with RFC 3339 times', () => {
    expect(userToProto(user)).toEqual({
      id: 'u-1',
      email: 'jane@example.com',
      role: 'editor',
      emailConfirmed: true,
      welcomeShown: true,
      createdAt: '2026-01-01T09:00:00.000Z',
      lastSignInAt: '2026-01-02T08:30:00.000Z',
    });
  });

  it('gives a user without a role (or an unknown one) the viewer role, and empty strings for missing times', () => {
    const fresh = userToProto({ ...user, role: null, emailConfirmedAt: null, welcomeShown: false, lastSignInAt: null });
    expect(fresh).toMatchObject({ role: 'viewer', emailConfirmed: false, welcomeShown: false, lastSignInAt: '' });
    expect(userToProto({ ...user, role: 'root' }).role).toBe('viewer');
  });

  it('carries the end of the session in the grant', () => {
    const grant = create(
      SessionGrantSchema,
      sessionGrantToProto({ user, sessionId: 's-1', refreshToken: 'secret', firstSignIn: true, sessionExpiresAt: new Date('2026-02-01T09:00:00.000Z') }),
    );
    expect(grant.sessionExpiresAt).toBe('2026-02-01T09:00:00.000Z');
    expect(grant).toMatchObject({ sessionId: 's-1', refreshToken: 'secret', firstSignIn: true, user: { id: 'u-1', role: 'editor' } });
  });

  it('maps a proto user to the signed-in user of the HTTP API: no sign-in yet is null, unknown roles are viewers', () => {
    const proto = create(UserSchema, userToProto(user));
    expect(authUserFromProto(proto)).toEqual({
      id: 'u-1',
      email: 'jane@example.com',
      role: 'editor',
      welcomeShown: true,
      createdAt: '2026-01-01T09:00:00.000Z',
      lastSignInAt: '2026-01-02T08:30:00.000Z',
    });
    const never = create(UserSchema, { ...userToProto(user), lastSignInAt: '', role: 'root' });
    expect(authUserFromProto(never)).toMatchObject({ lastSignInAt: null, role: 'viewer' });
  });

  it('maps a proto user to a row of the user-management list (no welcome flag)', () => {
    const proto = create(UserSchema, userToProto({ ...user, lastSignInAt: null }));
    expect(managedUserFromProto(proto)).toEqual({
      id: 'u-1',
      email: 'jane@example.com',
      role: 'editor',
      createdAt: '2026-01-01T09:00:00.000Z',
      lastSignInAt: null,
    });
  });

  it('maps logout scopes both ways, with UNSPECIFIED as global and unknown numbers rejected', () => {
    for (const scope of LOGOUT_SCOPES) expect(logoutScopeFromProto(logoutScopeToProto(scope))).toBe(scope);
    expect(logoutScopeToProto('local')).toBe(LogoutScope.LOCAL);
    expect(logoutScopeFromProto(LogoutScope.UNSPECIFIED)).toBe('global');
    expect(logoutScopeFromProto(42 as LogoutScope)).toBeNull();
  });
});
