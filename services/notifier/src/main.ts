// The notifier's process: the first-login webhook worker and the admin API in front of it; wiring only (the kit
// runs the start-up, see startDomainService, and the worker runtime, see startWorker).
import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { NotifierService } from '@venuebook/contracts/notifier/v1';
import { JobQueue, runServiceMain, startDomainService, startWorker } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle, RunningWorker } from '@venuebook/service-kit';
import { createIdentityFirstLogins } from './adapters/identity-client.ts';
import { createWebhookSender } from './adapters/webhook-sender.ts';
import { configSchema } from './config.ts';
import type { NotifierConfig } from './config.ts';
import { startFirstLoginConsumer } from './consumers/first-login-consumer.ts';
import { createNotifierEvents } from './events/notifier.events.ts';
import { createNotifierHandlers } from './grpc/notifier.handlers.ts';
import { counterModel, deliveryLogModel } from './repositories/delivery-log.model.ts';
import { DeliveryLogRepository } from './repositories/delivery-log.repository.ts';
import { webhookJobModel } from './repositories/job.model.ts';
import type { FirstLoginJobPayload } from './repositories/job.model.ts';
import { signingSecretModel } from './repositories/signing-secret.model.ts';
import { SigningSecretRepository } from './repositories/signing-secret.repository.ts';
import { firstLoginDelivery } from './use-cases/first-login-delivery.ts';
import { webhookAdminUseCases } from './use-cases/webhook-admin.ts';

export interface StartOptions {
  logger?: Logger;
}

/** The running notifier; `worker`: its worker runtime (tests sweep it on demand). */
export interface NotifierServiceHandle extends RunningServiceHandle {
  worker: RunningWorker<FirstLoginJobPayload>;
}

export async function start(config: NotifierConfig, options: StartOptions = {}): Promise<NotifierServiceHandle> {
  let worker: RunningWorker<FirstLoginJobPayload> | undefined;
  const handle = await startDomainService({
    name: 'notifier',
    config,
    logger: options.logger,
    models: (connection) => ({
      jobs: webhookJobModel(connection),
      deliveryLog: deliveryLogModel(connection),
      counters: counterModel(connection),
      secrets: signingSecretModel(connection),
    }),
    streams: [STREAMS.jobs, STREAMS.identity],
    service: NotifierService,
    handlers: async ({ models, nc, audit, logger, defer }) => {
      const appUrl = config.APP_URL ?? 'http://127.0.0.1:8080';
      const identity = createIdentityFirstLogins(config);
      defer(() => identity.close());
      const sender = createWebhookSender({ policy: { allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK }, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
      defer(() => sender.close());
      const secrets = new SigningSecretRepository(models.secrets);
      const log = new DeliveryLogRepository(models, { onError: (error) => logger.warn({ err: error }, 'could not write the delivery log; will try again') });
      defer(() => log.close());
      const jobs = new JobQueue<FirstLoginJobPayload>(models.jobs);
      const delivery = firstLoginDelivery({ identity, sender, secrets, log, appUrl, logger });
      const running = await startWorker<FirstLoginJobPayload>({
        name: 'notifier',
        durable: config.NOTIFIER_JOBS_CONSUMER_NAME,
        nc,
        logger,
        queue: jobs,
        dueSubject: SUBJECTS.notifierJobDue,
        concurrency: config.NOTIFIER_CONCURRENCY,
        maxAttempts: config.WEBHOOK_MAX_ATTEMPTS,
        backoff: { baseMs: config.WEBHOOK_RETRY_BASE_MS, maxMs: config.WEBHOOK_RETRY_MAX_MS },
        leaseMs: config.NOTIFIER_LEASE_MS,
        sweepIntervalMs: config.NOTIFIER_SWEEP_INTERVAL_MS,
        graceMs: config.NOTIFIER_GRACE_MS,
        perform: delivery.perform,
        discover: delivery.discover,
      });
      worker = running;
      defer(() => running.stop());
      const consumer = await startFirstLoginConsumer(nc, {
        durable: config.FIRST_LOGIN_CONSUMER_NAME,
        logger,
        delivery,
        enqueue: (id, payload) => running.enqueue(id, payload),
      });
      // Stopped before the worker (clean-up runs in reverse): no job is added while it drains.
      defer(() => consumer.stop());
      const events = createNotifierEvents(audit);
      return createNotifierHandlers(
        webhookAdminUseCases({ sender, secrets, log, jobs, worker: running, events, appUrl, allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK }),
      );
    },
  });
  if (!worker) throw new Error('notifier: the worker did not start');
  return { ...handle, worker };
}

if (import.meta.main) await runServiceMain('notifier', configSchema, start);
