import { z } from 'zod';
import { SERVICES } from '@venuebook/contracts/services';
import { booleanSettingSchema, grpcAddressListSchema, serviceConfigSchema } from '@venuebook/service-kit';

const ms = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The notifier's environment: what every service reads, the identity service it asks, the webhook sender and its worker. */
export const configSchema = serviceConfigSchema('venuebook_notifier').extend({
  IDENTITY_GRPC_URL: grpcAddressListSchema
    .default(SERVICES.identity.defaultAddress)
    .describe('where the identity service answers (pending first logins, the webhook URL): `host:port`, or its replicas separated by commas'),
  IDENTITY_DEADLINE_MS: ms(100, 60_000).default(5000).describe('the deadline of a call to the identity service'),
  APP_URL: z.url().optional().describe("the app's address, sent in every webhook body as `app_url` (the gateway's PUBLIC_URL)"),
  WEBHOOK_ALLOW_LOOPBACK: booleanSettingSchema.describe(
    'deliver to a receiver on this machine (http(s)://127.0.0.1, localhost): local mode and tests only; never private addresses, never a redirect to this machine',
  ),
  WEBHOOK_TIMEOUT_MS: ms(100, 60_000).default(10_000).describe('how long one webhook request may take, answer included'),
  WEBHOOK_MAX_ATTEMPTS: ms(1, 50).default(8).describe('attempts of one first-login delivery before it is failed (kept for an admin to retry)'),
  WEBHOOK_RETRY_BASE_MS: ms(10, 3_600_000)
    .default(30_000)
    .describe('the wait after the first failed attempt; it doubles each time (with jitter): 8 attempts span about an hour'),
  WEBHOOK_RETRY_MAX_MS: ms(10, 86_400_000)
    .default(30 * 60_000)
    .describe('the longest wait between two attempts'),
  NOTIFIER_CONCURRENCY: ms(1, 256).default(32).describe('deliveries in progress at once in one process'),
  NOTIFIER_LEASE_MS: ms(500, 600_000).default(30_000).describe('how long a delivery is held without a heartbeat (then another process may take it)'),
  NOTIFIER_SWEEP_INTERVAL_MS: ms(100, 3_600_000)
    .default(120_000)
    .describe('between two sweeps: the first logins identity says are not notified, and pending deliveries nobody holds, are woken'),
  NOTIFIER_GRACE_MS: ms(0, 120_000).default(10_000).describe('on SIGTERM, how long deliveries in progress may finish before they are handed back'),
  NOTIFIER_JOBS_CONSUMER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
    .default('notifier-jobs')
    .describe("the JetStream durable consumer of the worker's wake-ups, shared by the replicas"),
  FIRST_LOGIN_CONSUMER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
    .default('notifier-first-logins')
    .describe("the JetStream durable consumer of identity's first-login events, shared by the replicas"),
});

export type NotifierConfig = z.output<typeof configSchema>;
