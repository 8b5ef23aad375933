// Delivering a first login to the webhook (a job of the worker runtime, id = delivery id = 'first_login:<user>').
// Identity is asked first (a first login notified meanwhile, or a removed user, is not sent). Then the POST (skipped
// when an earlier attempt got a 2xx and only the marking failed: the job's progress), then marking it notified in
// identity (harmless to repeat). A process killed after the receiver's 2xx and before the marking sends once more,
// with the same delivery id, for the receiver to recognise.
import { parseRetryAfter, RetryLater, signWebhook, SkippedJob, WEBHOOK_HEADERS } from '@venuebook/service-kit';

const NO_WEBHOOK_URL = 'No webhook URL configured';
import type { JobContext, Logger, WorkerJob } from '@venuebook/service-kit';
import type { IdentityFirstLogins } from '../adapters/identity-client.ts';
import type { WebhookSender } from '../adapters/webhook-sender.ts';
import { firstLoginBody, firstLoginJobId } from '../domain/webhook-body.ts';
import type { DeliveryLogRepository } from '../repositories/delivery-log.repository.ts';
import type { FirstLoginJobPayload } from '../repositories/job.model.ts';
import type { SigningSecretRepository } from '../repositories/signing-secret.repository.ts';
import type { DeliveryOutcome } from '../repositories/delivery-log.model.ts';

export interface DeliveryDeps {
  identity: IdentityFirstLogins;
  sender: WebhookSender;
  secrets: SigningSecretRepository;
  log: DeliveryLogRepository;
  appUrl: string;
  logger: Pick<Logger, 'warn'>;
}

export function firstLoginDelivery({ identity, sender, secrets, log, appUrl, logger }: DeliveryDeps) {
  const record = async (entry: Parameters<DeliveryLogRepository['record']>[0]): Promise<void> => {
    // The log is for people; a failure to write it never fails a delivery.
    await log.record(entry).catch((error: unknown) => logger.warn({ err: error, deliveryId: entry.deliveryId }, 'could not record a delivery attempt'));
  };

  return {
    /** A job for a first login (the consumer of identity's event, and the sweep). */
    jobOf(firstLogin: FirstLoginJobPayload): { id: string; payload: FirstLoginJobPayload } {
      return { id: firstLoginJobId(firstLogin.userId), payload: firstLogin };
    },

    /** Every first login identity says is not notified (the sweep adds the jobs missing). */
    async discover(): Promise<{ id: string; payload: FirstLoginJobPayload }[]> {
      return (await identity.pending()).map((firstLogin) => ({ id: firstLoginJobId(firstLogin.userId), payload: firstLogin }));
    },

    async perform(job: WorkerJob<FirstLoginJobPayload>, context: JobContext): Promise<void> {
      const { userId } = job.payload;
      if (job.progress.delivered !== true) {
        // A fresh event is identity's word of a moment ago; anything else (a retry, a redelivery, a sweep) asks again:
        // a first login notified meanwhile, or a user removed, is not sent.
        const current = context.fresh ? job.payload : await identity.pendingOf(userId);
        if (!current) return;
        const { email, at } = current;
        const url = await identity.webhookUrl();
        const base = { deliveryId: job.id, kind: 'first_login' as const, email, at: new Date(), attempt: context.attempt };
        if (!url) {
          // Nothing to send to: the job is over (no sweep brings it back), the first login stays not notified (spec §3
          // notification_sent); a URL saved later is for the first logins from then on.
          await record({ ...base, statusCode: 0, error: NO_WEBHOOK_URL, latencyMs: 0, outcome: 'skipped' });
          throw new SkippedJob(NO_WEBHOOK_URL);
        }
        const body = firstLoginBody({ deliveryId: job.id, userId, email, at: new Date(at), appUrl });
        const secret = await secrets.current();
        const result = await sender.send(
          {
            url,
            body,
            headers: { [WEBHOOK_HEADERS.delivery]: job.id, [WEBHOOK_HEADERS.event]: 'first_login', [WEBHOOK_HEADERS.signature]: signWebhook(secret, body) },
          },
          { signal: context.signal },
        );
        const outcome: DeliveryOutcome = result.delivered ? 'delivered' : context.lastAttempt ? 'failed' : 'retrying';
        await record({ ...base, statusCode: result.statusCode, error: result.error, latencyMs: result.latencyMs, outcome });
        if (!result.delivered) {
          const retryAfter = parseRetryAfter(result.retryAfter);
          if (retryAfter !== undefined) throw new RetryLater(result.error, retryAfter);
          throw new Error(result.error);
        }
        context.progress({ delivered: true });
      }
      await identity.markNotified(userId);
    },
  };
}

export type FirstLoginDelivery = ReturnType<typeof firstLoginDelivery>;
