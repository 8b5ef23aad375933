import type { MessageInitShape } from '@bufbuild/protobuf';
import { AUTH_MESSAGES, domainNotAllowedMessage, emailSchema, isCompanyEmail, resolveRole, weakPasswordReasons } from '@venuebook/proto/domain';
import { GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { ServiceHandlers } from '@venuebook/proto/grpc';
import { LogoutScope } from '@venuebook/proto/identity/v1';
import type { IdentityService, SessionGrantSchema, UserSchema } from '@venuebook/proto/identity/v1';
import { requirePermission, requireUser } from '@venuebook/service-kit';
import type { Logger } from '@venuebook/service-kit';
import { removalRefusal, roleAtSignIn, roleChangeRefusal } from '../domain/identity-rules.ts';
import { hashPassword, verifyPassword } from '../domain/password.ts';
import { hashSecret, newSecret } from '../domain/tokens.ts';
import type { IdentityEvents } from '../events/identity.events.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserRecord, UserRepository } from '../repositories/user.repository.ts';

export interface IdentitySettings {
  companyDomain: string;
  ownerEmails: ReadonlySet<string>;
  confirmationTtlMs: number;
}

export interface IdentityHandlerDeps {
  users: UserRepository;
  sessions: SessionRepository;
  events: IdentityEvents;
  mailer: Mailer;
  settings: IdentitySettings;
  logger: Logger;
  now?: () => Date;
}

export const USER_NOT_FOUND = 'User not found';

const iso = (date: Date | null | undefined): string => (date ? new Date(date).toISOString() : '');

export function userToProto(user: UserRecord): MessageInitShape<typeof UserSchema> {
  return {
    id: user._id,
    email: user.email,
    role: resolveRole(user.role),
    emailConfirmed: Boolean(user.emailConfirmedAt),
    welcomeShown: user.welcomeShown,
    createdAt: iso(user.createdAt),
    lastSignInAt: iso(user.lastSignInAt),
  };
}

const invalidCredentials = (): GrpcError => new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.invalidCredentials);
const sessionMissing = (): GrpcError => new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.sessionMissing);

function parseEmail(raw: string): string {
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw GrpcError.invalidArgument('Invalid email address', [{ field: 'email', message: parsed.error.issues[0]?.message ?? 'Invalid email address' }]);
  return parsed.data;
}

export function createIdentityHandlers(deps: IdentityHandlerDeps): ServiceHandlers<typeof IdentityService> {
  const { users, sessions, events, mailer, settings, logger } = deps;
  const now = deps.now ?? (() => new Date());

  function requireCompanyEmail(email: string): void {
    if (!isCompanyEmail(email, settings.companyDomain)) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, domainNotAllowedMessage(settings.companyDomain));
  }

  /** Opens a session for a user who has just proven who they are. */
  async function grant(user: UserRecord, userAgent: string): Promise<MessageInitShape<typeof SessionGrantSchema>> {
    const at = now();
    const signedIn = (await users.recordSignIn(user._id, at, roleAtSignIn(user.role, user.email, settings.ownerEmails))) ?? user;
    const { sessionId, refreshToken } = await sessions.open(user._id, userAgent, at);
    const firstSignIn = await users.recordFirstLogin(user._id, at);
    if (firstSignIn) await events.firstLogin({ id: user._id, email: user.email }, at);
    return { user: userToProto(signedIn), sessionId, refreshToken, firstSignIn };
  }

  async function targetUser(userId: string): Promise<UserRecord> {
    const user = userId ? await users.findById(userId) : null;
    if (!user) throw GrpcError.notFound(USER_NOT_FOUND);
    return user;
  }

  return {
    async signUp(request) {
      const email = parseEmail(request.email);
      requireCompanyEmail(email);
      const reasons = weakPasswordReasons(request.password, email);
      if (reasons.length > 0) throw GrpcError.invalidArgument(reasons.join(' '), reasons.map((message) => ({ field: 'password', message })));
      let appUrl: URL;
      try {
        appUrl = new URL(request.appUrl);
      } catch {
        throw GrpcError.invalidArgument('Invalid app URL', [{ field: 'appUrl', message: 'must be an absolute URL' }]);
      }
      const token = newSecret();
      const pending = {
        passwordHash: await hashPassword(request.password),
        confirmationTokenHash: hashSecret(token),
        confirmationExpiresAt: new Date(now().getTime() + settings.confirmationTtlMs),
      };
      let user = await users.createPending({ email, ...pending });
      if (!user) {
        const existing = await users.findByEmail(email);
        if (existing?.emailConfirmedAt) throw new GrpcError(GrpcStatus.ALREADY_EXISTS, AUTH_MESSAGES.alreadyRegistered);
        user = existing ? await users.resetPending(existing._id, pending) : null;
        if (!user) throw new GrpcError(GrpcStatus.ALREADY_EXISTS, AUTH_MESSAGES.alreadyRegistered);
      }
      const link = new URL('/api/v1/auth/confirm', appUrl);
      link.searchParams.set('token', token);
      try {
        await mailer.sendConfirmation(email, link.toString());
      } catch (error) {
        logger.error({ err: error }, 'confirmation mail failed');
        throw new GrpcError(GrpcStatus.UNAVAILABLE, 'The confirmation e-mail could not be sent. Please try again.');
      }
      return { user: userToProto(user) };
    },

    async confirmEmail(request) {
      const invalid = () => GrpcError.invalidArgument(AUTH_MESSAGES.invalidConfirmation, [{ field: 'token', message: AUTH_MESSAGES.invalidConfirmation }]);
      if (!request.token) throw invalid();
      const tokenHash = hashSecret(request.token);
      const pending = await users.findPending(tokenHash, now());
      if (!pending) throw invalid();
      // The password chosen at sign-up proves the person confirming is the one who signed up.
      const valid = await verifyPassword(request.password, pending.passwordHash);
      if (!valid || pending.email !== request.email.trim().toLowerCase()) throw invalidCredentials();
      const user = await users.confirm(tokenHash, now());
      if (!user) throw invalid();
      return { user: userToProto(user) };
    },

    async signInWithPassword(request) {
      const email = emailSchema.safeParse(request.email);
      if (!email.success || !request.password) throw invalidCredentials();
      requireCompanyEmail(email.data);
      const user = await users.findByEmail(email.data);
      // verifyPassword spends the same time for unknown users, so timing does not reveal who exists.
      const valid = await verifyPassword(request.password, user?.passwordHash);
      if (!user || !valid) throw invalidCredentials();
      if (!user.emailConfirmedAt) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, AUTH_MESSAGES.emailNotConfirmed);
      return { grant: await grant(user, request.userAgent) };
    },

    async signInWithOidc(request) {
      // The gateway verified the ID token; the domain is enforced on every call, so a user outside it can
      // sign in and is shown Access Denied (spec §2) instead of an error page.
      const email = parseEmail(request.email);
      if (!request.issuer || !request.subject) throw GrpcError.invalidArgument('Invalid identity', [{ field: 'subject', message: 'issuer and subject are required' }]);
      const user = await users.upsertOidcUser(email, { issuer: request.issuer, subject: request.subject }, now());
      return { grant: await grant(user, request.userAgent) };
    },

    async refreshSession(request) {
      if (!request.refreshToken) throw sessionMissing();
      const result = await sessions.rotate(request.refreshToken, now());
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
      return { grant: { user: userToProto(user), sessionId: result.sessionId, refreshToken: result.refreshToken, firstSignIn: false } };
    },

    async logout(request, call) {
      const caller = requireUser(call);
      const at = now();
      let revoked: number;
      let reason: 'global' | 'local' | 'others';
      switch (request.scope) {
        case LogoutScope.GLOBAL:
        case LogoutScope.UNSPECIFIED:
          reason = 'global';
          revoked = await sessions.revokeAllOf(caller.userId, 'logout (global)', at);
          break;
        case LogoutScope.LOCAL:
          if (!(await sessions.isActive(request.sessionId, caller.userId, at))) throw sessionMissing();
          reason = 'local';
          revoked = await sessions.revoke(request.sessionId, 'logout (local)', at);
          break;
        case LogoutScope.OTHERS:
          reason = 'others';
          revoked = await sessions.revokeAllOf(caller.userId, 'logout (others)', at, request.sessionId);
          break;
        default:
          throw GrpcError.invalidArgument('Invalid logout scope', [{ field: 'scope', message: 'global, local or others' }]);
      }
      // Every gateway replica drops its cached view of this user at once.
      await events.signedOut(caller.userId, reason);
      return { revokedSessions: revoked };
    },

    async getCurrentUser(request, call) {
      const caller = requireUser(call);
      const user = await users.findById(caller.userId);
      if (!user) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.notAuthenticated);
      const sessionActive = request.sessionId ? await sessions.isActive(request.sessionId, caller.userId, now()) : false;
      return { user: userToProto(user), sessionActive };
    },

    async markWelcomeShown(_request, call) {
      const caller = requireUser(call);
      const user = await users.setWelcomeShown(caller.userId);
      if (!user) throw GrpcError.notFound(USER_NOT_FOUND);
      return { user: userToProto(user) };
    },

    async listUsers(_request, call) {
      requirePermission(call, 'user.list');
      return { users: (await users.list()).map(userToProto) };
    },

    async assignRole(request, call) {
      const caller = requirePermission(call, 'user.assign_role');
      const target = await targetUser(request.userId);
      const previousRole = resolveRole(target.role);
      const refusal = roleChangeRefusal({
        actor: { userId: caller.userId, role: resolveRole(caller.role) },
        target: { userId: target._id, role: previousRole },
        newRole: request.role,
        ownerCount: await users.countOwners(),
      });
      if (refusal) {
        const code = refusal.startsWith('Unknown role') ? GrpcStatus.INVALID_ARGUMENT : GrpcStatus.PERMISSION_DENIED;
        throw new GrpcError(code, refusal, code === GrpcStatus.INVALID_ARGUMENT ? [{ field: 'role', message: refusal }] : []);
      }
      const updated = await users.setRole(target._id, request.role);
      if (!updated) throw GrpcError.notFound(USER_NOT_FOUND);
      if (previousRole !== request.role) await events.roleChanged({ id: target._id, email: target.email }, request.role, previousRole, caller);
      return { user: userToProto(updated) };
    },

    async removeUser(request, call) {
      const caller = requirePermission(call, 'user.remove');
      const target = await targetUser(request.userId);
      const refusal = removalRefusal({ userId: caller.userId, role: resolveRole(caller.role) }, { userId: target._id, role: resolveRole(target.role) });
      if (refusal) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, refusal);
      await sessions.removeAllOf(target._id);
      await users.remove(target._id);
      await events.removed({ id: target._id, email: target.email }, caller);
      return {};
    },
  };
}
