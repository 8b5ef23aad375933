// The notifier's client of the identity service, calling as the notifier worker (never as a user): the first logins
// not yet notified, marking one notified, and the webhook URL of the admin settings (cached for a second, so that
// a burst of deliveries asks once).
import { randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import { createServiceClient, workerCaller } from '@venuebook/service-kit';
import type { NotifierConfig } from '../config.ts';

export const NOTIFIER_WORKER = 'notifier';
const WEBHOOK_URL_CACHE_MS = 1000;
const MARK_BATCH_MS = 50;
const MARK_BATCH_SIZE = 500;

export interface PendingFirstLogin {
  userId: string;
  email: string;
  /** RFC 3339. */
  at: string;
}

export interface IdentityFirstLogins {
  /** Every first login not notified yet. */
  pending(): Promise<PendingFirstLogin[]>;
  /** The user's first login when it is still not notified (removed users and notified ones: undefined). */
  pendingOf(userId: string): Promise<PendingFirstLogin | undefined>;
  markNotified(userId: string): Promise<void>;
  webhookUrl(): Promise<string>;
  close(): void;
}

export function createIdentityFirstLogins(config: NotifierConfig): IdentityFirstLogins {
  const identity = createServiceClient('identity', config.IDENTITY_GRPC_URL, { ...config, deadlineMs: config.IDENTITY_DEADLINE_MS });
  const options = () => identity.as(workerCaller(NOTIFIER_WORKER, `notifier-${randomUUID()}`));
  let cached: { url: Promise<string>; until: number } | undefined;
  // Marks gathered for MARK_BATCH_MS (or MARK_BATCH_SIZE of them) and sent as one call (DataLoader's batching): one
  // insert in identity for many deliveries. Each caller waits for its batch's answer.
  const marks = new DataLoader<string, void>(
    async (userIds) => {
      await identity.client.markFirstLoginsNotified({ userIds: [...userIds] }, options());
      return userIds.map(() => undefined);
    },
    { cache: false, maxBatchSize: MARK_BATCH_SIZE, batchScheduleFn: (callback) => setTimeout(callback, MARK_BATCH_MS) },
  );
  return {
    async pending() {
      return (await identity.client.listPendingFirstLogins({}, options())).firstLogins.map(({ userId, email, at }) => ({ userId, email, at }));
    },
    async pendingOf(userId) {
      const [found] = (await identity.client.listPendingFirstLogins({ userId }, options())).firstLogins;
      return found ? { userId: found.userId, email: found.email, at: found.at } : undefined;
    },
    markNotified: (userId) => marks.load(userId),
    webhookUrl() {
      const now = Date.now();
      if (!cached || cached.until < now) {
        const url = identity.client.getFirstLoginWebhook({}, options()).then((response) => response.url);
        cached = { url, until: now + WEBHOOK_URL_CACHE_MS };
        url.catch(() => {
          cached = undefined;
        });
      }
      return cached.url;
    },
    close: () => identity.close(),
  };
}
