import { logoutScopeFromProto, sessionGrantToProto, userToProto } from '@venuebook/contracts/codecs/identity';
import { GrpcError } from '@venuebook/grpc';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { IdentityService } from '@venuebook/contracts/identity/v1';
import { requirePermission, requireUser } from '@venuebook/service-kit';
import type { IdentityUseCases } from '../use-cases/index.ts';
import type { AuditSettingsMethods } from './audit-settings.handlers.ts';
import type { FirstLoginMethods } from './first-login.handlers.ts';

/**
 * The gRPC face of the identity service: decode the request, check who may call (every call carries the
 * signed user context; sign-up and sign-in come before there is a user), run the use case, encode the reply.
 */
export function createIdentityHandlers(useCases: IdentityUseCases): Omit<ServiceHandlers<typeof IdentityService>, AuditSettingsMethods | FirstLoginMethods> {
  return {
    async signUp(request) {
      return { user: userToProto(await useCases.signUp(request)) };
    },

    async confirmEmail(request) {
      return { user: userToProto(await useCases.confirmEmail(request)) };
    },

    async signInWithPassword(request) {
      return { grant: sessionGrantToProto(await useCases.signInWithPassword(request)) };
    },

    async signInWithOidc(request) {
      // Only the ID token and the user agent are read: e-mail, issuer and subject come from the verified token.
      return { grant: sessionGrantToProto(await useCases.signInWithOidc({ idToken: request.idToken, userAgent: request.userAgent })) };
    },

    async refreshSession(request) {
      return { grant: sessionGrantToProto(await useCases.refreshSession(request.refreshToken)) };
    },

    async logout(request, call) {
      const caller = requireUser(call);
      const scope = logoutScopeFromProto(request.scope);
      if (!scope) throw GrpcError.invalidArgument('Invalid logout scope', [{ field: 'scope', message: 'global, local or others' }]);
      return { revokedSessions: await useCases.logout(caller, scope, request.sessionId) };
    },

    async getCurrentUser(request, call) {
      const { user, sessionActive } = await useCases.currentUser(requireUser(call), request.sessionId);
      return { user: userToProto(user), sessionActive };
    },

    async markWelcomeShown(_request, call) {
      return { user: userToProto(await useCases.markWelcomeShown(requireUser(call))) };
    },

    async listUsers(request, call) {
      requirePermission(call, 'user.list');
      const { users, total, page, pageSize } = await useCases.listUsers({ page: request.page, pageSize: request.pageSize, query: request.query });
      return { users: users.map(userToProto), total, page, pageSize };
    },

    async assignRole(request, call) {
      const caller = requirePermission(call, 'user.assign_role');
      return { user: userToProto(await useCases.assignRole(caller, request)) };
    },

    async removeUser(request, call) {
      const caller = requirePermission(call, 'user.remove');
      await useCases.removeUser(caller, request.userId);
      return {};
    },
  };
}
