// Sends one webhook request, guarded against server-side request forgery at send time:
// - the host name is resolved here and every address it gives is checked (addressRefusal); the connection goes
//   to the checked address (undici's connect lookup), so a second, different DNS answer cannot slip in;
// - redirects are followed by hand (at most MAX_REDIRECTS), each target checked the same way, never to this
//   machine even where a loopback receiver is allowed;
// - the whole exchange has a deadline (WEBHOOK_TIMEOUT_MS) and at most MAX_ANSWER_BYTES of the answer are read.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, fetch } from 'undici';
import type { Response } from 'undici';
import { addressRefusal } from '../domain/address-policy.ts';
import type { AddressPolicy } from '../domain/address-policy.ts';

export const MAX_REDIRECTS = 3;
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface WebhookResult {
  /** 2xx. */
  delivered: boolean;
  /** The final answer's status; 0 when there was none. */
  statusCode: number;
  latencyMs: number;
  /** Why it was not delivered; '' when it was. */
  error: string;
  /** The answer's Retry-After header, when it gave one. */
  retryAfter: string | null;
  /** The request was refused before it left (bad URL, forbidden address): retrying cannot help. */
  refused: boolean;
}

class Refused extends Error {}

export interface WebhookSender {
  send(request: WebhookRequest, options?: { signal?: AbortSignal }): Promise<WebhookResult>;
  close(): Promise<void>;
}

export function createWebhookSender(options: { policy: AddressPolicy; timeoutMs: number; userAgent?: string }): WebhookSender {
  const { policy } = options;
  // Per connection: resolve, check every address, connect to the first (the one checked). Redirects go through
  // an agent of their own, whose check never allows this machine.
  const guardedAgent = (redirect: boolean): Agent =>
    new Agent({
      connect: {
        lookup(hostname, lookupOptions, callback) {
          dnsLookup(hostname, { all: true })
            .then((addresses: LookupAddress[]) => {
              if (addresses.length === 0) throw new Error(`${hostname} does not resolve`);
              for (const { address } of addresses) {
                // The address itself is not told: an admin's test must not map the internal network's names.
                if (addressRefusal(address, policy, { redirect })) throw new Refused(`${hostname} resolves to an address that is not public`);
              }
              const first = addresses[0]!;
              if ((lookupOptions as { all?: boolean }).all) callback(null, [first]);
              else callback(null, first.address, first.family);
            })
            .catch((error: Error) => callback(error, '', 4));
        },
      },
    });
  const direct = guardedAgent(false);
  const redirected = guardedAgent(true);

  const checkTarget = (url: URL, redirect: boolean): void => {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Refused(`${url.protocol} URLs are not allowed`);
    if (url.username || url.password) throw new Refused('a URL with credentials is not allowed');
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal)) {
      const refusal = addressRefusal(literal, policy, { redirect });
      if (refusal) throw new Refused(refusal);
    }
    if (url.protocol === 'http:' && !(policy.allowLoopback && !redirect && isLoopbackName(literal))) {
      throw new Refused('only https:// URLs are allowed');
    }
  };

  return {
    async send(request, sendOptions = {}) {
      const started = performance.now();
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const signal = sendOptions.signal ? AbortSignal.any([deadline, sendOptions.signal]) : deadline;
      const result = (partial: Partial<WebhookResult>): WebhookResult => ({
        delivered: false,
        statusCode: 0,
        error: '',
        retryAfter: null,
        refused: false,
        ...partial,
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
      });
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return result({ error: 'not a valid URL', refused: true });
      }
      try {
        for (let hop = 0; ; hop++) {
          checkTarget(url, hop > 0);
          const answer = await fetch(url, {
            method: 'POST',
            body: request.body,
            headers: { 'content-type': 'application/json', 'user-agent': options.userAgent ?? 'VenueBook-Webhook/1', ...request.headers },
            redirect: 'manual',
            signal,
            dispatcher: hop > 0 ? redirected : direct,
          });
          const location = answer.headers.get('location');
          if (answer.status >= 300 && answer.status < 400 && location) {
            await answer.body?.cancel().catch(() => undefined);
            if (hop >= MAX_REDIRECTS) return result({ statusCode: answer.status, error: `more than ${MAX_REDIRECTS} redirects` });
            url = new URL(location, url);
            continue;
          }
          await readAtMost(answer.body, MAX_ANSWER_BYTES);
          const delivered = answer.status >= 200 && answer.status < 300;
          return result({
            delivered,
            statusCode: answer.status,
            error: delivered ? '' : `the receiver answered ${answer.status}`,
            retryAfter: answer.headers.get('retry-after'),
          });
        }
      } catch (error) {
        const refused = findRefusal(error);
        if (refused) return result({ error: `refused: ${refused.message}`, refused: true });
        if (deadline.aborted) return result({ error: `no answer within ${options.timeoutMs} ms` });
        if (sendOptions.signal?.aborted) return result({ error: 'stopped' });
        return result({ error: describeNetworkError(error) });
      }
    },
    close: async () => {
      await Promise.all([direct.close(), redirected.close()]);
    },
  };
}

const isLoopbackName = (host: string): boolean => host === 'localhost' || host === '127.0.0.1' || host === '::1';

function findRefusal(error: unknown): Refused | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof Refused) return current;
  }
  return undefined;
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `could not reach the receiver (${cause.code})`;
  return `could not reach the receiver: ${(cause?.message ?? (error as Error).message ?? String(error)).slice(0, 300)}`;
}

/** Reads and drops at most `limit` bytes of an answer, then cancels the rest. */
async function readAtMost(body: Response['body'], limit: number): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read < limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } finally {
    reader.releaseLock();
  }
}
