import { AUTH } from '@venuebook/domain';
import { isApiRequestError } from '../api/api-error.ts';

/**
 * When to refresh the access token and how to retry a failed refresh (spec §9 "Auth"):
 * a 30 s tick; a refresh starts when expiry is within 3 ticks (90 s); a failed refresh is retried
 * with a back-off that starts at 200 ms, doubles each time and lasts up to 30 s in all.
 * Pure functions of time, so the session store's timers stay trivial.
 */
export interface RefreshTiming {
  /** The auto-refresh tick: the token is checked at least this often. */
  tickMs: number;
  /** Refresh once the token expires within this margin. */
  marginMs: number;
  /** First retry back-off; each further retry doubles it. */
  backoffInitialMs: number;
  /** Retries stop when the time spent since the first attempt plus the next back-off would reach this. */
  backoffMaxMs: number;
}

export const REFRESH_TIMING: RefreshTiming = {
  tickMs: AUTH.refreshTickMs,
  marginMs: AUTH.refreshMarginMs,
  backoffInitialMs: AUTH.refreshBackoffInitialMs,
  backoffMaxMs: AUTH.refreshBackoffMaxMs,
};

/** Whether a token expiring at `expiresAtMs` should be refreshed at `nowMs` (expiry within the margin). */
export function needsRefresh(expiresAtMs: number, nowMs: number, timing: RefreshTiming = REFRESH_TIMING): boolean {
  return expiresAtMs - nowMs <= timing.marginMs;
}

/** Whether a token expiring at `expiresAtMs` can no longer be used at `nowMs`. */
export function isExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs;
}

/**
 * Milliseconds from `nowMs` until the next refresh check: when the token enters the refresh margin,
 * but never later than one tick (timers drift and laptops sleep) and never sooner than one tick
 * after the last refresh (a server that issues tokens shorter-lived than the margin must not cause a
 * refresh loop).
 */
export function nextRefreshDelay(
  { expiresAtMs, nowMs, lastRefreshAtMs }: { expiresAtMs: number; nowMs: number; lastRefreshAtMs?: number | undefined },
  timing: RefreshTiming = REFRESH_TIMING,
): number {
  const untilMargin = expiresAtMs - timing.marginMs - nowMs;
  const earliest = lastRefreshAtMs === undefined ? 0 : lastRefreshAtMs + timing.tickMs - nowMs;
  return Math.min(timing.tickMs, Math.max(0, untilMargin, earliest));
}

/** Back-off before retry number `attempt` (1-based): 200, 400, 800, … ms, never above the 30 s budget. */
export function backoff(attempt: number, timing: RefreshTiming = REFRESH_TIMING): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(timing.backoffInitialMs * 2 ** (n - 1), timing.backoffMaxMs);
}

/**
 * The wait before retry number `attempt` of a refresh that started `elapsedMs` ago, or null to give up:
 * retrying stops once the elapsed time plus the next back-off would reach the 30 s budget
 * (200 + 400 + … + 12,800 ms: seven retries, eight attempts in about 25 s).
 */
export function nextRetryDelay(attempt: number, elapsedMs: number, timing: RefreshTiming = REFRESH_TIMING): number | null {
  const delay = backoff(attempt, timing);
  return elapsedMs + delay < timing.backoffMaxMs ? delay : null;
}

/** HTTP statuses worth retrying: no answer, rate limit, gateway errors (spec §8 "retryable fetch errors"). */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([0, 429, 502, 503, 504]);

/** Whether a failed refresh (or config load) may succeed when tried again; 401 and other answers are final. */
export function isRetryableAuthError(error: unknown): boolean {
  return isApiRequestError(error) && RETRYABLE_STATUSES.has(error.status);
}
