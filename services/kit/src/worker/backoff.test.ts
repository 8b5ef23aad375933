import { describe, expect, it } from 'vitest';
import { backoffDelay, MAX_RETRY_AFTER_MS, parseRetryAfter } from './backoff.ts';

describe('the worker back-off', () => {
  const policy = { baseMs: 30_000, maxMs: 30 * 60_000 };

  it('doubles from the base, with jitter between half and all of it, capped', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, policy, () => 1))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, policy, () => 0))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(backoffDelay(20, policy, () => 1)).toBe(30 * 60_000);
  });

  it('spreads eight attempts over about an hour with the default settings', () => {
    const total = (random: () => number) => Array.from({ length: 7 }, (_, n) => backoffDelay(n + 1, policy, random)).reduce((sum, ms) => sum + ms, 0);
    expect(total(() => 1) / 60_000).toBeCloseTo(61.5, 1);
    expect(total(() => 0) / 60_000).toBeCloseTo(30.75, 1);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('reads seconds and HTTP dates; a past date is now; absent or unreadable is undefined; long waits are capped', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });
});
