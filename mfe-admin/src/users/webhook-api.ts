// The first-login webhook's admin endpoints (GET /admin/webhook, POST /admin/webhook/test, GET /admin/webhook/secret,
// POST /admin/webhook/secret/rotate, POST /admin/webhook/jobs/{deliveryId}/retry), typed here from their agreed
// contract until the gateway's routes are in its OpenAPI document. Then: `npm run generate:api`, the same five calls
// as an `api.webhook` area of the sdk's facade (shell/sdk/src/api/api-client.ts, typed by the document) with their
// query beside `userQueries`, the types below replaced by those of the domain's webhook*Schema, and this module's
// `call` deleted; the page's components use only `webhookApi` and `webhookQueries`, so nothing else changes.
import { api, apiErrorFromResponse, ApiRequestError, AUTH_MESSAGES, isAbortError, networkError, queryOptions } from '@venuebook/sdk';

export type WebhookDeliveryKind = 'first_login' | 'test';
export type WebhookOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/** One attempt to deliver a notification (the recent deliveries: newest first, at most 50). */
export interface WebhookDelivery {
  id: string;
  /** The notification's id: every attempt of one notification shares it. */
  deliveryId: string;
  kind: WebhookDeliveryKind;
  email: string | null;
  /** When the attempt was made (RFC 3339). */
  at: string;
  attempt: number;
  /** The receiver's HTTP status; null when no answer came. */
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  outcome: WebhookOutcome;
}

/** A notification that gave up after its retries; Retry queues it again. */
export interface WebhookFailedJob {
  deliveryId: string;
  email: string | null;
  attempts: number;
  lastError: string;
  updatedAt: string;
}

/** GET /admin/webhook. */
export interface WebhookStatus {
  pending: number;
  failed: number;
  deliveries: WebhookDelivery[];
  failedJobs: WebhookFailedJob[];
}

/** POST /admin/webhook/test: HTTP 200 even when the receiver failed (`delivered` false, the reason in `error`). */
export interface WebhookTestResult {
  delivered: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  deliveryId: string;
}

/** GET /admin/webhook/secret and POST /admin/webhook/secret/rotate. */
export interface WebhookSecret {
  secret: string;
}

/**
 * One call as the sdk's client makes it: the session's bearer token, one refresh and retry after a 401, every non-2xx
 * answer as ApiRequestError with the API's message, no answer as `network_error`; resolves to the JSON answer
 * (undefined for a 204).
 */
async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const token = await api.bearer.token();
  if (!token) throw new ApiRequestError({ status: 401, code: 'no_session', message: AUTH_MESSAGES.noSession });
  const send = async (bearer: string): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${bearer}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(`${api.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      throw networkError(error);
    }
  };
  let response = await send(token);
  if (response.status === 401) {
    const fresh = await api.bearer.refreshAfterUnauthorized(token);
    if (fresh) response = await send(fresh);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, json);
  return json as T;
}

/** A path segment of an id: percent-encoded; an empty id or a dot segment would address another resource. */
function segment(value: string): string {
  if (value === '' || value === '.' || value === '..')
    throw new ApiRequestError({ status: 400, code: 'invalid_request', message: `Invalid deliveryId: '${value}'` });
  return encodeURIComponent(value);
}

export const webhookApi = {
  /** Queue counts, the recent deliveries (newest first, at most 50) and the notifications that gave up. */
  status: (signal?: AbortSignal) => call<WebhookStatus>('GET', '/admin/webhook', undefined, signal),
  /** Sends a test notification to `url` (saved or not) and answers how the receiver took it. */
  test: (url: string) => call<WebhookTestResult>('POST', '/admin/webhook/test', { url }),
  /** The secret the notifications are signed with. */
  secret: () => call<WebhookSecret>('GET', '/admin/webhook/secret'),
  /** A new signing secret; receivers that check signatures need it from now on. */
  rotateSecret: () => call<WebhookSecret>('POST', '/admin/webhook/secret/rotate'),
  /** Queues a failed notification again (204). */
  retryJob: async (deliveryId: string) => call<void>('POST', `/admin/webhook/jobs/${segment(deliveryId)}/retry`),
};

/** The webhook's reads, for TanStack Query. */
export const webhookQueries = {
  all: ['webhook'] as const,
  status: () =>
    queryOptions({
      queryKey: ['webhook', 'status'] as const,
      queryFn: ({ signal }) => webhookApi.status(signal),
      // New deliveries arrive as people sign in; not while the endpoint fails (its error stays on the card).
      refetchInterval: (query) => (query.state.status === 'error' ? false : 15_000),
    }),
};
