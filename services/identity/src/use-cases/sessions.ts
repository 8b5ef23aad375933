import { createHash } from 'node:crypto';
import { AUTH_MESSAGES, domainSuffix, emailSchema, isCompanyEmail } from '@venuebook/domain';
import type { LogoutScope } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { GuestSessions } from '../domain/guest-sessions.ts';
import { ID_TOKEN_CLOCK_TOLERANCE_SECONDS, ID_TOKEN_MAX_AGE_SECONDS, invalidIdToken } from '../adapters/id-token-verifier.ts';
import type { VerifiedIdToken } from '../adapters/id-token-verifier.ts';
import { roleAtSignIn } from '../domain/identity-rules.ts';
import type { SessionGrant, UserRecord } from '../domain/user.ts';
import type { IdentityDeps } from './context.ts';
import { invalidCredentials, requireCompanyEmail, sessionMissing } from './errors.ts';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
export const EMAIL_NOT_VERIFIED = "The Google account's e-mail address is not verified";
export const NOT_COMPANY_WORKSPACE = "A company address signs in with the company's Google Workspace account only";
export const ID_TOKEN_USED = 'This ID token has already been used';

/**
 * What identifies one ID token (not its text: a JWS's base64url can be re-encoded without breaking the
 * signature): issuer, audience, subject, issue and expiry times, nonce and jti. The gateway sends a fresh
 * nonce with every authorization request, so two sign-ins never share it.
 */
function idTokenKey(token: VerifiedIdToken): string {
  const parts = [token.issuer, [...token.audience].sort(), token.subject, token.issuedAt, token.expiresAt, token.nonce ?? null, token.jti ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Signing in (password, OpenID Connect), refreshing and ending sessions, and who is signed in. */
export function sessionUseCases({ users, sessions, guests, events, passwords, settings, logger, now, idTokens, idTokenUses }: IdentityDeps) {
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
      if (needsRehash && credentials.passwordHash)
        await users.replacePasswordHash(credentials.id, credentials.passwordHash, await passwords.hash(input.password));
      const user = await users.findById(credentials.id);
      if (!user) throw invalidCredentials();
      return openSession(user, input.userAgent);
    },

    /**
     * 'Continue with Google': the ID token the gateway got from the provider is verified here (signature,
     * issuer, audience, age), and so are its claims: a verified e-mail, and for a company address the
     * company's Workspace (`hd`). Who signs in comes from the token alone, and each token opens one session.
     * A company address gets (or finds) its user; an address outside the company gets a guest session that
     * is stored nowhere, just enough to be shown Access Denied with its e-mail and Sign Out (spec §2):
     * outsiders do not fill the user table.
     */
    async signInWithOidc(input: { idToken: string; userAgent: string }): Promise<SessionGrant> {
      if (!idTokens) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, GOOGLE_NOT_CONFIGURED);
      const token = await idTokens.verify(input.idToken);
      const parsed = emailSchema.safeParse(token.email);
      if (!parsed.success) throw invalidIdToken();
      const email = parsed.data;
      if (!token.emailVerified) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, EMAIL_NOT_VERIFIED);
      const hd = token.hd?.toLowerCase();
      if (hd !== undefined && `@${hd}` !== domainSuffix(email.split('@')[1] ?? '')) throw invalidIdToken();
      // `hd` in the authorization request is only a hint: a personal Google account registered on a company
      // address (e.g. by a former employee) has no hd claim.
      const company = isCompanyEmail(email, settings.companyDomain);
      if (company && `@${hd ?? ''}` !== domainSuffix(settings.companyDomain)) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, NOT_COMPANY_WORKSPACE);
      const at = now();
      const acceptedUntil = Math.min(token.expiresAt, token.issuedAt + ID_TOKEN_MAX_AGE_SECONDS) + ID_TOKEN_CLOCK_TOLERANCE_SECONDS;
      if (!(await idTokenUses.claim(idTokenKey(token), new Date(acceptedUntil * 1000), at))) {
        logger.warn({ issuer: token.issuer, subject: token.subject }, 'ID token used again: refused');
        throw new GrpcError(GrpcStatus.UNAUTHENTICATED, ID_TOKEN_USED);
      }
      if (!company) return guests.open(email, at);
      const user = await users.upsertOidcUser(email, { issuer: token.issuer, subject: token.subject }, at);
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
