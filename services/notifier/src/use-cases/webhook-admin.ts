// The admin's side of the webhook (User Management): the overview, Send Test through the same sender, the signing
// secret and retrying a failed delivery. Permissions are checked by the handlers.
import { randomUUID } from 'node:crypto';
import { validateAdminSetting } from '@venuebook/domain';
import { GrpcError } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { signWebhook, WEBHOOK_HEADERS } from '@venuebook/service-kit';
import type { JobQueue, RunningWorker } from '@venuebook/service-kit';
import type { WebhookSender } from '../adapters/webhook-sender.ts';
import { testBody } from '../domain/webhook-body.ts';
import type { NotifierEvents } from '../events/notifier.events.ts';
import { webhookOverview } from '../read-model/webhook-overview.ts';
import type { WebhookOverview } from '../read-model/webhook-overview.ts';
import type { DeliveryLogRepository } from '../repositories/delivery-log.repository.ts';
import type { FirstLoginJobPayload } from '../repositories/job.model.ts';
import type { SigningSecretRepository } from '../repositories/signing-secret.repository.ts';

export interface WebhookAdminDeps {
  sender: WebhookSender;
  secrets: SigningSecretRepository;
  log: DeliveryLogRepository;
  jobs: JobQueue<FirstLoginJobPayload>;
  worker: Pick<RunningWorker<FirstLoginJobPayload>, 'retryFailed'>;
  events: NotifierEvents;
  appUrl: string;
  allowLoopback: boolean;
}

export interface TestResult {
  delivered: boolean;
  statusCode: number;
  latencyMs: number;
  error: string;
  deliveryId: string;
}

export const JOB_NOT_FAILED = 'No failed delivery with that id';

export function webhookAdminUseCases({ sender, secrets, log, jobs, worker, events, appUrl, allowLoopback }: WebhookAdminDeps) {
  return {
    overview(): Promise<WebhookOverview> {
      return webhookOverview(log, jobs);
    },

    /** Posts the spec's test body to `url` (validated as a saved one would be) and answers the receiver's real result. */
    async sendTest(caller: Caller, input: { url: string; appUrl: string }, signal?: AbortSignal): Promise<TestResult> {
      const url = input.url.trim();
      if (!url) throw GrpcError.invalidArgument('Please enter your Zapier webhook URL', [{ field: 'url', message: 'Please enter your Zapier webhook URL' }]);
      const validated = validateAdminSetting('first_login_zapier_webhook_url', url, { allowLoopbackWebhook: allowLoopback });
      if (!validated.ok)
        throw GrpcError.invalidArgument(
          'Invalid webhook URL',
          validated.messages.map((message) => ({ field: 'url', message })),
        );
      const deliveryId = `test:${randomUUID()}`;
      const body = testBody({ deliveryId, appUrl: input.appUrl || appUrl, now: new Date() });
      const result = await sender.send(
        {
          url,
          body,
          headers: {
            [WEBHOOK_HEADERS.delivery]: deliveryId,
            [WEBHOOK_HEADERS.event]: 'test',
            [WEBHOOK_HEADERS.signature]: signWebhook(await secrets.current(), body),
          },
        },
        signal ? { signal } : {},
      );
      await log.record(
        {
          deliveryId,
          kind: 'test',
          email: caller.email,
          at: new Date(),
          attempt: 1,
          statusCode: result.statusCode,
          error: result.error,
          latencyMs: result.latencyMs,
          outcome: result.delivered ? 'delivered' : 'failed',
        },
        { now: true },
      );
      return { delivered: result.delivered, statusCode: result.statusCode, latencyMs: result.latencyMs, error: result.error, deliveryId };
    },

    signingSecret(): Promise<string> {
      return secrets.current();
    },

    async rotateSigningSecret(caller: Caller): Promise<string> {
      const secret = await secrets.rotate();
      await events.secretRotated(caller);
      return secret;
    },

    async retryJob(caller: Caller, deliveryId: string): Promise<void> {
      if (!(await worker.retryFailed(deliveryId))) throw GrpcError.notFound(JOB_NOT_FAILED);
      await events.jobRetried(caller, deliveryId);
    },
  };
}

export type WebhookAdminUseCases = ReturnType<typeof webhookAdminUseCases>;
