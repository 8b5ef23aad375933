import type { ServiceHandlers } from '@venuebook/grpc';
import type { NotifierService } from '@venuebook/contracts/notifier/v1';
import { requirePermission } from '@venuebook/service-kit';
import type { WebhookAdminUseCases } from '../use-cases/webhook-admin.ts';

/** The notifier's gRPC face: admin or owner ('settings.view' to look, 'settings.edit' to test, reveal, rotate or retry). */
export function createNotifierHandlers(useCases: WebhookAdminUseCases): ServiceHandlers<typeof NotifierService> {
  return {
    async getWebhookOverview(_request, call) {
      requirePermission(call, 'settings.view');
      const overview = await useCases.overview();
      return {
        pending: overview.pending,
        failed: overview.failed,
        deliveries: overview.deliveries.map((entry) => ({
          id: entry.id,
          deliveryId: entry.deliveryId,
          kind: entry.kind,
          email: entry.email,
          at: entry.at.toISOString(),
          attempt: entry.attempt,
          statusCode: entry.statusCode,
          error: entry.error,
          latencyMs: entry.latencyMs,
          outcome: entry.outcome,
        })),
        failedJobs: overview.failedJobs.map((job) => ({ ...job, updatedAt: job.updatedAt.toISOString() })),
      };
    },

    async sendTestWebhook(request, call) {
      const caller = requirePermission(call, 'settings.edit');
      // Ends with the call: a gateway that gave up (its deadline) leaves no request open here.
      return useCases.sendTest(caller, { url: request.url, appUrl: request.appUrl }, call.signal);
    },

    async getSigningSecret(_request, call) {
      requirePermission(call, 'settings.edit');
      return { secret: await useCases.signingSecret() };
    },

    async rotateSigningSecret(_request, call) {
      const caller = requirePermission(call, 'settings.edit');
      return { secret: await useCases.rotateSigningSecret(caller) };
    },

    async retryWebhookJob(request, call) {
      const caller = requirePermission(call, 'settings.edit');
      await useCases.retryJob(caller, request.deliveryId);
      return {};
    },
  };
}
