// The first-login webhook as the API shows it to admins (User Management): the latest attempts, the deliveries
// waiting or failed, a test's real result and the signing secret.
import { z } from 'zod';
import { LOOPBACK_WEBHOOK_URL_PATTERN, WEBHOOK_URL_MESSAGE, WEBHOOK_URL_PATTERN } from './admin-settings.ts';

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    deliveryId: z.string().describe('The stable id of the delivery (X-Venuebook-Delivery); its attempts share it'),
    kind: z.enum(['first_login', 'test']),
    email: z.string().nullable().describe('The user whose first login it reports; null for a test'),
    at: z.string().describe('When the attempt was made (RFC 3339)'),
    attempt: z.number().int(),
    statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when it gave none"),
    error: z.string().nullable().describe('Why it failed; null when delivered'),
    latencyMs: z.number(),
    outcome: z.enum(['delivered', 'retrying', 'failed', 'skipped']),
  })
  .meta({ id: 'WebhookDelivery', description: 'One attempt to deliver a webhook request' });

export const failedWebhookJobSchema = z
  .object({
    deliveryId: z.string(),
    email: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FailedWebhookJob', description: 'A delivery that used up its attempts, kept until an admin retries it' });

export const webhookOverviewSchema = z
  .object({
    pending: z.number().int().describe('Deliveries waiting for their next attempt'),
    failed: z.number().int(),
    deliveries: z.array(webhookDeliverySchema).describe('The latest attempts, newest first (at most 50)'),
    failedJobs: z.array(failedWebhookJobSchema),
  })
  .meta({ id: 'WebhookOverview', description: 'What the first-login webhook did lately' });

/** Send Test's URL: as a saved one, but never empty ('Please enter your Zapier webhook URL'). */
const webhookTestUrlSchema = z
  .string()
  .min(1, 'Please enter your Zapier webhook URL')
  .max(2048, 'must be at most 2048 characters')
  .regex(new RegExp(`${WEBHOOK_URL_PATTERN.source}|${LOOPBACK_WEBHOOK_URL_PATTERN.source}`), WEBHOOK_URL_MESSAGE);

export const webhookTestRequestSchema = z
  .object({ url: webhookTestUrlSchema.describe('The URL to test (it need not be saved)') })
  .meta({ id: 'WebhookTestRequest', description: 'Send Test' });

export const webhookTestResultSchema = z
  .object({
    delivered: z.boolean().describe('The receiver answered 2xx'),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number(),
    error: z.string().nullable(),
    deliveryId: z.string(),
  })
  .meta({ id: 'WebhookTestResult', description: "The receiver's real answer to the test request" });

export const webhookSecretSchema = z
  .object({ secret: z.string().describe('The HMAC-SHA256 key of X-Venuebook-Signature') })
  .meta({ id: 'WebhookSecret', description: 'The signing secret of the webhook requests' });

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type FailedWebhookJob = z.infer<typeof failedWebhookJobSchema>;
export type WebhookOverview = z.infer<typeof webhookOverviewSchema>;
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
