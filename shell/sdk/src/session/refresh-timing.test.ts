import { describe, expect, it } from 'vitest';
import { ApiRequestError, networkError } from '../api/api-error.ts';
import {
  backoff,
  isExpired,
  isRetryableAuthError,
  needsRefresh,
  nextRefreshDelay,
  nextRetryDelay,
  REFRESH_TIMING,
  type RefreshTiming,
} from './refresh-timing.ts';

const T0 = 1_750_000_000_000;

describe('spec §9 auth timing', () => {
  it('uses a 30 s tick, a 90 s margin and a 200 ms → 30 s back-off', () => {
    expect(REFRESH_TIMING).toEqual({ tickMs: 30_000, marginMs: 90_000, backoffInitialMs: 200, backoffMaxMs: 30_000 });
  });
});

describe('needsRefresh / isExpired', () => {
  it('refreshes once expiry is within 90 s', () => {
    expect(needsRefresh(T0 + 91_000, T0)).toBe(false);
    expect(needsRefresh(T0 + 90_000, T0)).toBe(true);
    expect(needsRefresh(T0 + 1_000, T0)).toBe(true);
    expect(needsRefresh(T0 - 1_000, T0)).toBe(true);
  });

  it('treats a token as expired from its expiry time on', () => {
    expect(isExpired(T0 + 1, T0)).toBe(false);
    expect(isExpired(T0, T0)).toBe(true);
  });
});

describe('nextRefreshDelay', () => {
  it('checks every tick while expiry is far away', () => {
    expect(nextRefreshDelay({ expiresAtMs: T0 + 3_600_000, nowMs: T0 })).toBe(30_000);
  });

  it('wakes up exactly when the token enters the margin', () => {
    expect(nextRefreshDelay({ expiresAtMs: T0 + 100_000, nowMs: T0 })).toBe(10_000);
  });

  it('is due now when the token is already inside the margin', () => {
    expect(nextRefreshDelay({ expiresAtMs: T0 + 60_000, nowMs: T0 })).toBe(0);
    expect(nextRefreshDelay({ expiresAtMs: T0 - 5_000, nowMs: T0 })).toBe(0);
  });

  it('never refreshes more than once a tick, even for tokens shorter-lived than the margin', () => {
    // A fresh 60 s token is inside the 90 s margin straight away: wait a tick after the last refresh.
    expect(nextRefreshDelay({ expiresAtMs: T0 + 60_000, nowMs: T0, lastRefreshAtMs: T0 })).toBe(30_000);
    expect(nextRefreshDelay({ expiresAtMs: T0 + 60_000, nowMs: T0 + 20_000, lastRefreshAtMs: T0 })).toBe(10_000);
    expect(nextRefreshDelay({ expiresAtMs: T0 + 60_000, nowMs: T0 + 31_000, lastRefreshAtMs: T0 })).toBe(0);
    // A long-lived token: the last refresh does not delay a check beyond one tick.
    expect(nextRefreshDelay({ expiresAtMs: T0 + 3_600_000, nowMs: T0, lastRefreshAtMs: T0 })).toBe(30_000);
  });
});

describe('backoff', () => {
  it('starts at 200 ms and doubles', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoff(n))).toEqual([200, 400, 800, 1600, 3200, 6400, 12_800, 25_600]);
  });

  it('is capped at 30 s and treats attempts below 1 as the first', () => {
    expect(backoff(9)).toBe(30_000);
    expect(backoff(40)).toBe(30_000);
    expect(backoff(0)).toBe(200);
  });
});

describe('nextRetryDelay', () => {
  it('retries while the total stays under 30 s, then gives up', () => {
    const delays: number[] = [];
    let elapsed = 0;
    for (let attempt = 1; ; attempt++) {
      const delay = nextRetryDelay(attempt, elapsed);
      if (delay === null) break;
      delays.push(delay);
      elapsed += delay;
    }
    expect(delays).toEqual([200, 400, 800, 1600, 3200, 6400, 12_800]);
    expect(elapsed).toBe(25_400);
  });

  it('counts the time the failed requests themselves took', () => {
    expect(nextRetryDelay(1, 29_700)).toBe(200);
    expect(nextRetryDelay(1, 29_800)).toBeNull();
    expect(nextRetryDelay(3, 29_000)).toBe(800);
    expect(nextRetryDelay(3, 29_300)).toBeNull();
  });

  it('follows a custom timing', () => {
    const fast: RefreshTiming = { tickMs: 100, marginMs: 300, backoffInitialMs: 5, backoffMaxMs: 50 };
    expect([1, 2, 3].map((n) => nextRetryDelay(n, 0, fast))).toEqual([5, 10, 20]);
    // 5 + 10 + 20 = 35 ms spent; 40 ms more would reach the 50 ms budget.
    expect(nextRetryDelay(4, 35, fast)).toBeNull();
  });
});

describe('isRetryableAuthError', () => {
  it('retries unreachable servers, rate limits and gateway errors only', () => {
    expect(isRetryableAuthError(networkError(new TypeError('fetch failed')))).toBe(true);
    for (const status of [429, 502, 503, 504]) {
      expect(isRetryableAuthError(new ApiRequestError({ status, code: 'x', message: 'x' })), String(status)).toBe(true);
    }
    for (const status of [400, 401, 403, 500]) {
      expect(isRetryableAuthError(new ApiRequestError({ status, code: 'x', message: 'x' })), String(status)).toBe(false);
    }
    expect(isRetryableAuthError(new Error('x'))).toBe(false);
  });
});
