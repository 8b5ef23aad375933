// Retry timing of the worker runtime: exponential back-off with full jitter, and the Retry-After a target gave.

export interface BackoffPolicy {
  /** The wait before the second attempt (before jitter); each further attempt doubles it. */
  baseMs: number;
  /** The longest wait between two attempts. */
  maxMs: number;
}

/**
 * The wait after failed attempt number `attempt` (1-based): base · 2^(attempt−1), capped at maxMs, with jitter
 * (a uniformly random value between half and all of it, so that jobs failed together do not return together).
 * `random` is injectable for tests.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The longest Retry-After the runtime honours (a target asking for more is retried after this). */
export const MAX_RETRY_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * A Retry-After header in milliseconds from `now`: delta-seconds ('120') or an HTTP date. Undefined when absent
 * or unreadable; a date in the past is 0; capped at MAX_RETRY_AFTER_MS.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = Math.max(0, at - now);
  }
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}
