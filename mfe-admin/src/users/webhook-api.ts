// The first-login webhook's admin calls, as the page uses them: the sdk's `api.webhook` and `webhookQueries`, typed
// by the API's schemas (proto/domain/src/identity/webhook.schema.ts).
import { api, webhookQueries as sdkWebhookQueries } from '@venuebook/sdk';
import type { FailedWebhookJob, WebhookDelivery, WebhookOverview, WebhookTestResult } from '@venuebook/domain';

export type { WebhookDelivery, WebhookTestResult };
export type WebhookDeliveryKind = WebhookDelivery['kind'];
export type WebhookOutcome = WebhookDelivery['outcome'];
export type WebhookFailedJob = FailedWebhookJob;
export type WebhookStatus = WebhookOverview;

export const webhookApi = {
  /** Queue counts, the recent deliveries (newest first, at most 50) and the deliveries that gave up. */
  status: (signal?: AbortSignal) => api.webhook.overview(signal ? { signal } : {}),
  /** Sends a test request to `url` (saved or not) and answers how the receiver took it. */
  test: (url: string) => api.webhook.test(url),
  /** The secret the requests are signed with. */
  secret: () => api.webhook.secret(),
  /** A new signing secret; receivers that check signatures need it from now on. */
  rotateSecret: () => api.webhook.rotateSecret(),
  /** Puts a failed delivery back (204). */
  retryJob: (deliveryId: string) => api.webhook.retryJob(deliveryId),
};

/** The webhook's reads, for TanStack Query. */
export const webhookQueries = {
  all: sdkWebhookQueries.all,
  status: sdkWebhookQueries.overview,
};
