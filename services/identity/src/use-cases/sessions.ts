import { AUTH_MESSAGES, emailSchema, isCompanyEmail } from '@venuebook/proto/domain';
import type { LogoutScope } from '@venuebook/proto/domain';
import { GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { Caller } from '@venuebook/proto/grpc';
import { GuestSessions } from '../domain/guest-sessions.ts';
import { roleAtSignIn } from '../domain/identity-rules.ts';
import type { SessionGrant, UserRecord } from '../domain/user.ts';
import type { IdentityDeps } from './context.ts';
import { invalidCredentials, parseEmail, requireCompanyEmail, sessionMissing } from './errors.ts';

/** Signing in (password, OpenID Connect), refreshing and ending sessions, and who is signed in. */
export function sessionUseCases({ users, sessions, guests, events, passwords, settings, logger, now }: IdentityDeps) {
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
      // Until the password is proven, the same work whoever is asked about: one query, one scrypt (against a
      // dummy hash with today's parameters when there is no user or no password), so timing does not tell
      // who has an account.
      const credentials = await users.findCredentials(email.data);
      const { valid, needsRehash } = await passwords.verify(input.password, credentials?.passwordHash);
      if (!credentials || !valid) throw invalidCredentials();
      if (!credentials.emailConfirmedAt) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, AUTH_MESSAGES.emailNotConfirmed);
      // A hash made with weaker parameters than today's is replaced now that the password is at hand.
      if (needsRehash && credentials.passwordHash) await users.replacePasswordHash(credentials.id, credentials.passwordHash, await passwords.hash(input.password));
      const user = await users.findById(credentials.id);
      if (!user) throw invalidCredentials();
      return openSession(user, input.userAgent);
    },

    /**
     * The gateway verified the ID token. A company address gets (or finds) its user; an address outside the
     * company gets a guest session that is stored nowhere, just enough to be shown Access Denied with its
     * e-mail and Sign Out (spec §2): outsiders do not fill the user table.
     */
    async signInWithOidc(input: { email: string; issuer: string; subject: string; userAgent: string }): Promise<SessionGrant> {
      const email = parseEmail(input.email);
      if (!input.issuer || !input.subject) throw GrpcError.invalidArgument('Invalid identity', [{ field: 'subject', message: 'issuer and subject are required' }]);
      if (!isCompanyEmail(email, settings.companyDomain)) return guests.open(email, now());
      const user = await users.upsertOidcUser(email, { issuer: input.issuer, subject: input.subject }, now());
      return openSession(user, input.userAgent);
    },

    /** Rotates the refresh token; a reused (already rotated) token ends its whole session. */
    async refreshSession(refreshToken: string): Promise<SessionGrant> {
      if (!refreshToken) throw sessionMissing();
      if (GuestSessions.isGuestToken(refreshToken)) {
        const grant = guests.refresh(refreshToken, now());
        if (!grant || isCompanyEmail(grant.user.email, settings.companyDomain)) throw sessionMissing();
        return grant;
      }
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
      if (GuestSessions.isGuestId(caller.userId)) {
        // Nothing stored to revoke: the gateway drops the cookie, and its cache on the event.
        await events.signedOut(caller.userId, scope);
        return 0;
      }
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
      if (GuestSessions.isGuestId(caller.userId)) {
        const guest = guests.userOf(caller, now());
        if (!guest || isCompanyEmail(guest.email, settings.companyDomain)) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.notAuthenticated);
        return { user: guest, sessionActive: Boolean(sessionId) && guests.isActive(sessionId, guest.id, now()) };
      }
      const user = await users.findById(caller.userId);
      if (!user) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.notAuthenticated);
      const sessionActive = sessionId ? await sessions.isActive(sessionId, caller.userId, now()) : false;
      return { user, sessionActive };
    },
  };
}
