import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Failed password attempts per account (e-mail address), from any client: the per-client limit (plugin
 * rate-limit) stops one client, this stops many clients guessing one account's password.
 *
 * Bounded, with nothing to evict: the counters are a fixed table (a count-min sketch: `ROWS` rows of
 * `BUCKETS` counters and window starts, 1.5 MB), each address counting in one bucket per row, chosen by an HMAC under a key
 * drawn at start-up (so nobody can pick addresses that share a victim's buckets). An account is held back
 * when its buckets in every row are full; made-up addresses can never push a real counter out, they can only
 * add to a bucket they happen to share, and to hold back an account that way takes more failed attempts
 * (tens of thousands per window, each one within the per-client limit) than holding it back directly.
 *
 * Each bucket counts in a fixed window that starts with its first failure. The table lives in the gateway
 * process: with R replicas behind a load balancer an account gets at most R × AUTH_ACCOUNT_MAX_FAILURES
 * attempts per window, and a restart clears it; no shared store is needed, and none can be filled up.
 *
 * Browsers that signed in to the account before are exempt, with a count of their own (`createSignInLimits`).
 */
export interface AccountLimiter {
  /** Seconds until `email` may try a password again; 0 when it may now. */
  retryAfterSeconds(email: string): number;
  /** Counts a refused password for `email`. */
  recordFailure(email: string): void;
}

export const ROWS = 2;
export const BUCKETS = 1 << 16;

export interface AccountLimiterOptions {
  maxFailures: number;
  windowMs: number;
  /** Counters per row (tests use few to force shared buckets). */
  buckets?: number;
  /** Milliseconds (tests move it by hand). */
  now?: () => number;
}

/** The address as identity stores it: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountLimiter({ maxFailures, windowMs, buckets = BUCKETS, now = Date.now }: AccountLimiterOptions): AccountLimiter {
  const key = randomBytes(32);
  const counts = Array.from({ length: ROWS }, () => new Uint32Array(buckets));
  const windowStarts = Array.from({ length: ROWS }, () => new Float64Array(buckets));

  function bucketsOf(email: string): number[] {
    const digest = createHmac('sha256', key).update(normaliseEmail(email)).digest();
    return Array.from({ length: ROWS }, (_, row) => digest.readUInt32BE(row * 4) % buckets);
  }

  /** The bucket's count in its current window (0 once the window is over). */
  function countOf(row: number, bucket: number, at: number): number {
    return at - windowStarts[row]![bucket]! >= windowMs ? 0 : counts[row]![bucket]!;
  }

  return {
    retryAfterSeconds(email) {
      const at = now();
      const indexes = bucketsOf(email);
      if (!indexes.every((bucket, row) => countOf(row, bucket, at) >= maxFailures)) return 0;
      // Free again as soon as the first of its buckets starts a new window.
      const freeAt = Math.min(...indexes.map((bucket, row) => windowStarts[row]![bucket]! + windowMs));
      return Math.max(1, Math.ceil((freeAt - at) / 1000));
    },
    recordFailure(email) {
      const at = now();
      bucketsOf(email).forEach((bucket, row) => {
        if (countOf(row, bucket, at) === 0) {
          counts[row]![bucket] = 0;
          windowStarts[row]![bucket] = at;
        }
        counts[row]![bucket] = Math.min(counts[row]![bucket]! + 1, 0xffff_ffff);
      });
    },
  };
}

/** 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.' */
export function accountLockedMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts for this account. Please try again in ${minutesText(retryAfterSeconds)}.`;
}

/** 'Too many failed sign-in attempts on this service right now. Please try again in 1 minute.' */
export function globalLimitMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts on this service right now. Please try again in ${minutesText(retryAfterSeconds)}.`;
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Failed password attempts of everyone together, per minute: one counter in a fixed window that starts with its first failure. */
export interface FailureBudget {
  /** Seconds until the budget has room again; 0 when it has now. */
  retryAfterSeconds(): number;
  recordFailure(): void;
}

export function createFailureBudget({ maxPerMinute, now = Date.now }: { maxPerMinute: number; now?: () => number }): FailureBudget {
  let windowStart = Number.NEGATIVE_INFINITY;
  let count = 0;
  const current = (at: number): number => (at - windowStart >= 60_000 ? 0 : count);
  return {
    retryAfterSeconds() {
      const at = now();
      return current(at) >= maxPerMinute ? Math.max(1, Math.ceil((windowStart + 60_000 - at) / 1000)) : 0;
    },
    recordFailure() {
      const at = now();
      if (current(at) === 0) {
        windowStart = at;
        count = 0;
      }
      count += 1;
    },
  };
}

/**
 * The limits of password sign-in beyond the per-client one (plugin rate-limit), for an attempt on `email`
 * from `device`: the device id of a browser whose device cookie says it signed in to that account before
 * (`fastify.sessions.trustedDevice`), or undefined.
 *
 * - Unknown browsers: AUTH_ACCOUNT_MAX_FAILURES failed passwords per account and AUTH_ACCOUNT_WINDOW_MINUTES
 *   (from any number of clients), and AUTH_GLOBAL_FAILURES_PER_MINUTE failed passwords of everyone together.
 * - Known browsers (OWASP's device cookie): exempt from both, so that nobody can lock a colleague, or the
 *   whole company, out of the browsers they use; each such browser has its own count per account instead
 *   (the same numbers as the per-account limit), so a stolen device cookie gets a few guesses, not a free pass.
 */
export interface SignInLimits {
  /** Why a password attempt is refused now (429 with Retry-After), or undefined when it may go ahead. */
  refusal(email: string, device: string | undefined): { retryAfterSeconds: number; message: string } | undefined;
  /** Counts a refused password. */
  recordFailure(email: string, device: string | undefined): void;
}

export interface SignInLimitsOptions {
  maxFailures: number;
  windowMs: number;
  globalFailuresPerMinute: number;
  now?: () => number;
}

export function createSignInLimits({ maxFailures, windowMs, globalFailuresPerMinute, now = Date.now }: SignInLimitsOptions): SignInLimits {
  const perAccount = createAccountLimiter({ maxFailures, windowMs, now });
  // Keyed by device id and address: its own table, so that known browsers' failures never hold an account back.
  const perDevice = createAccountLimiter({ maxFailures, windowMs, now });
  const global = createFailureBudget({ maxPerMinute: globalFailuresPerMinute, now });
  const deviceKey = (email: string, device: string): string => `${device} ${normaliseEmail(email)}`;
  return {
    refusal(email, device) {
      if (device !== undefined) {
        const seconds = perDevice.retryAfterSeconds(deviceKey(email, device));
        return seconds > 0 ? { retryAfterSeconds: seconds, message: accountLockedMessage(seconds) } : undefined;
      }
      const accountSeconds = perAccount.retryAfterSeconds(email);
      if (accountSeconds > 0) return { retryAfterSeconds: accountSeconds, message: accountLockedMessage(accountSeconds) };
      const globalSeconds = global.retryAfterSeconds();
      return globalSeconds > 0 ? { retryAfterSeconds: globalSeconds, message: globalLimitMessage(globalSeconds) } : undefined;
    },
    recordFailure(email, device) {
      global.recordFailure();
      if (device === undefined) perAccount.recordFailure(email);
      else perDevice.recordFailure(deviceKey(email, device));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Failed password attempts per account (AUTH_ACCOUNT_MAX_FAILURES per AUTH_ACCOUNT_WINDOW_MINUTES), per
     * known browser and account (the same numbers), and of everyone (AUTH_GLOBAL_FAILURES_PER_MINUTE).
     */
    accountLimits: SignInLimits;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    const { AUTH_ACCOUNT_MAX_FAILURES, AUTH_ACCOUNT_WINDOW_MINUTES, AUTH_GLOBAL_FAILURES_PER_MINUTE } = fastify.config;
    fastify.decorate(
      'accountLimits',
      createSignInLimits({
        maxFailures: AUTH_ACCOUNT_MAX_FAILURES,
        windowMs: AUTH_ACCOUNT_WINDOW_MINUTES * 60_000,
        globalFailuresPerMinute: AUTH_GLOBAL_FAILURES_PER_MINUTE,
      }),
    );
  },
  { name: 'account-limits' },
);
