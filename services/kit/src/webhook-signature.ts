// The signature of Venue Book's webhook requests, as Stripe signs its webhooks: the header
// `X-Venuebook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the signing secret>`.
// The timestamp inside the signed text lets a receiver refuse an old request replayed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_HEADERS = {
  /** The stable id of the delivery: every attempt of one delivery carries the same one (receivers de-duplicate by it). */
  delivery: 'x-venuebook-delivery',
  /** first_login or test. */
  event: 'x-venuebook-event',
  signature: 'x-venuebook-signature',
} as const;

/** A new signing secret: 'whsec_' and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

const mac = (secret: string, timestamp: number, body: string): string => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signature header's value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/**
 * Checks a signature header against `body` (what a receiver does): true when it was made with `secret` and its
 * time is within `toleranceSeconds` of `now` (unix seconds).
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const parts = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  return timingSafeEqual(Buffer.from(mac(secret, timestamp, body), 'hex'), Buffer.from(given, 'hex'));
}
