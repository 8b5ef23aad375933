import { AUTH_MESSAGES, emailSchema } from '@venuebook/proto/domain';
import type { LogoutScope } from '@venuebook/proto/domain';
import { GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { Caller } from '@venuebook/proto/grpc';
import { roleAtSignIn } from '../domain/identity-rules.ts';
import { verifyPassword } from '../domain/password.ts';
import type { SessionGrant, UserRecord } from '../domain/user.ts';
import type { IdentityDeps } from './context.ts';
import { invalidCredentials, parseEmail, requireCompanyEmail, sessionMissing } from './errors.ts';

/** Signing in (password, OpenID Connect), refreshing and ending sessions, and who is signed in. */
export function sessionUseCases({ users, sessions, events, settings, logger, now }: IdentityDeps) {
  /**
   * Opens a session for a user who has just proven who they are: stamps the sign-in (OWNER_EMAILS without a
   * role become owner), and records the first login once (unique insert), publishing its event.
   */
  async function openSession(user: UserRecord, userAgent: string): Promise<SessionGrant> {
    const at = now();
    const signedIn = (await users.recordSignIn(user.id, at, roleAtSignIn(user.role, user.email, settings.ownerEmails))) ?? user;
    const { sessionId, refreshToken, expiresAt } = await sessions.open(user.id, userAgent, at);
    const firstSignIn = await users.recordFirstLogin(user.id, at);
    if (firstSignIn) await events.firstLogin({ id: user.id, email: user.email }, at);
    return { user: signedIn, sessionId, refreshToken, firstSignIn, sessionExpiresAt: expiresAt };
  }

  return {
    /** Company addresses only; wrong, empty and unknown credentials are refused alike. */
    async signInWithPassword(input: { email: string; password: string; userAgent: string }): Promise<SessionGrant> {
      const email = emailSchema.safeParse(input.email);
      if (!email.success || !input.password) throw invalidCredentials();
      requireCompanyEmail(email.data, settings.companyDomain);
      const user = await users.findByEmail(email.data);
      // verifyPassword spends the same time for unknown users, so timing does not reveal who exists.
      const valid = await verifyPassword(input.password, user?.passwordHash);
      if (!user || !valid) throw invalidCredentials();
      if (!user.emailConfirmedAt) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, AUTH_MESSAGES.emailNotConfirmed);
      return openSession(user, input.userAgent);
    },

    /**
     * The gateway verified the ID token. The domain is enforced on every later call, so a user outside it
     * can sign in and is shown Access Denied (spec §2) instead of an error page.
     */
    async signInWithOidc(input: { email: string; issuer: string; subject: string; userAgent: string }): Promise<SessionGrant> {
      const email = parseEmail(input.email);
      if (!input.issuer || !input.subject) throw GrpcError.invalidArgument('Invalid identity', [{ field: 'subject', message: 'issuer and subject are required' }]);
      const user = await users.upsertOidcUser(email, { issuer: input.issuer, subject: input.subject }, now());
      return openSession(user, input.userAgent);
    },

    /** Rotates the refresh token; a reused (already rotated) token ends its whole session. */
    async refreshSession(refreshToken: string): Promise<SessionGrant> {
      if (!refreshToken) throw sessionMissing();
      const result = await sessions.rotate(refreshToken, now());
      if (result.kind === 'reused') {
        logger.warn({ sessionId: result.sessionId, userId: result.userId }, 'refresh token reuse: session revoked');
        await events.signedOut(result.userId, 'reuse');
        throw sessionMissing();
      }
      if (result.kind !== 'rotated') throw sessionMissing();
      const user = await users.findById(result.userId);
      if (!user) {
        await sessions.revoke(result.sessionId, 'user removed', now());
        throw sessionMissing();
      }
      return { user, sessionId: result.sessionId, refreshToken: result.refreshToken, firstSignIn: false, sessionExpiresAt: result.expiresAt };
    },

    /** Ends this session (local), every other one (others) or all (global); returns how many were ended. */
    async logout(caller: Caller, scope: LogoutScope, sessionId: string): Promise<number> {
      const at = now();
      let revoked: number;
      if (scope === 'local') {
        if (!(await sessions.isActive(sessionId, caller.userId, at))) throw sessionMissing();
        revoked = await sessions.revoke(sessionId, 'logout (local)', at);
      } else {
        revoked = await sessions.revokeAllOf(caller.userId, `logout (${scope})`, at, scope === 'others' ? sessionId : undefined);
      }
      // Every gateway replica drops its cached view of this user at once.
      await events.signedOut(caller.userId, scope);
      return revoked;
    },

    /** The caller's own user and whether `sessionId` is one of their open sessions. */
    async currentUser(caller: Caller, sessionId: string): Promise<{ user: UserRecord; sessionActive: boolean }> {
      const user = await users.findById(caller.userId);
      if (!user) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.notAuthenticated);
      const sessionActive = sessionId ? await sessions.isActive(sessionId, caller.userId, now()) : false;
      return { user, sessionActive };
    },
  };
}
