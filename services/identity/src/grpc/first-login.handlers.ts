import type { ServiceHandlers } from '@venuebook/grpc';
import type { IdentityService } from '@venuebook/contracts/identity/v1';
import { requireWorkerCaller } from '@venuebook/service-kit';
import type { FirstLoginUseCases } from '../use-cases/first-logins.ts';

/** The identity methods of the first-login notifier; no user may call them, whatever the role. */
export type FirstLoginMethods = 'listPendingFirstLogins' | 'markFirstLoginsNotified' | 'getFirstLoginWebhook';

export const NOTIFIER_WORKER = 'notifier';

export function createFirstLoginHandlers(useCases: FirstLoginUseCases): Pick<ServiceHandlers<typeof IdentityService>, FirstLoginMethods> {
  return {
    async listPendingFirstLogins(request, call) {
      const caller = requireWorkerCaller(call, NOTIFIER_WORKER);
      const pending = await useCases.listPendingFirstLogins(caller, request.userId);
      return { firstLogins: pending.map(({ userId, email, at }) => ({ userId, email, at: at.toISOString() })) };
    },

    async markFirstLoginsNotified(request, call) {
      const caller = requireWorkerCaller(call, NOTIFIER_WORKER);
      await useCases.markFirstLoginsNotified(caller, request.userIds);
      return {};
    },

    async getFirstLoginWebhook(_request, call) {
      const caller = requireWorkerCaller(call, NOTIFIER_WORKER);
      return { url: await useCases.firstLoginWebhookUrl(caller) };
    },
  };
}
