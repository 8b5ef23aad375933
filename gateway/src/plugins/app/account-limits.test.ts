import { describe, expect, it } from 'vitest';
import { accountLockedMessage, createAccountLimiter } from './account-limits.ts';

function manualClock(): { now(): number; advance(ms: number): void } {
  let time = 1_000_000;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

describe('the per-account limiter', () => {
  it('holds an account back after maxFailures within the window, until the window ends', () => {
    const clock = manualClock();
    const limiter = createAccountLimiter({ maxFailures: 3, windowMs: 60_000, now: clock.now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('ann@example.com')).toBe(0);
      limiter.recordFailure('ann@example.com');
      clock.advance(1_000);
    }
    expect(limiter.retryAfterSeconds('ann@example.com')).toBe(57);
    expect(limiter.retryAfterSeconds(' ANN@example.com ')).toBe(57);
    expect(limiter.retryAfterSeconds('bob@example.com')).toBe(0);
    clock.advance(57_000);
    expect(limiter.retryAfterSeconds('ann@example.com')).toBe(0);
    // A new window starts with the next failure.
    limiter.recordFailure('ann@example.com');
    expect(limiter.retryAfterSeconds('ann@example.com')).toBe(0);
  });

  it('cannot be flushed: any number of other addresses leaves a held-back account held back', () => {
    const limiter = createAccountLimiter({ maxFailures: 5, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) limiter.recordFailure('victim@example.com');
    for (let i = 0; i < 100_000; i++) limiter.recordFailure(`junk-${i}@example.com`);
    expect(limiter.retryAfterSeconds('victim@example.com')).toBeGreaterThan(0);
  });

  it('holds back only addresses whose buckets are all full, even in a tiny table', () => {
    const limiter = createAccountLimiter({ maxFailures: 2, windowMs: 60_000, buckets: 64 });
    for (let i = 0; i < 2; i++) limiter.recordFailure('victim@example.com');
    const heldBack = Array.from({ length: 1000 }, (_, i) => `user-${i}@example.com`).filter((email) => limiter.retryAfterSeconds(email) > 0);
    // Sharing both buckets of the victim (1 in 64² per address): a handful, not all.
    expect(heldBack.length).toBeLessThan(10);
  });

  it('says how long in minutes', () => {
    expect(accountLockedMessage(900)).toBe('Too many failed sign-in attempts for this account. Please try again in 15 minutes.');
    expect(accountLockedMessage(5)).toBe('Too many failed sign-in attempts for this account. Please try again in 1 minute.');
  });
});
