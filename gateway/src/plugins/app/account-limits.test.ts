import { describe, expect, it } from 'vitest';
import { accountLockedMessage, createAccountLimiter, createFailureBudget, createSignInLimits, globalLimitMessage } from './account-limits.ts';

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

  // 100,000 failures are CPU-bound work that takes several times longer when the machine's cores are shared: hence the timeout.
  it('cannot be flushed: any number of other addresses leaves a held-back account held back', { timeout: 30_000 }, () => {
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

describe('the global budget of failed passwords', () => {
  it('runs out after maxPerMinute failures, from anyone, until the minute ends', () => {
    const clock = manualClock();
    const budget = createFailureBudget({ maxPerMinute: 3, now: clock.now });
    for (let i = 0; i < 3; i++) {
      expect(budget.retryAfterSeconds()).toBe(0);
      budget.recordFailure();
      clock.advance(10_000);
    }
    expect(budget.retryAfterSeconds()).toBe(30);
    clock.advance(30_000);
    expect(budget.retryAfterSeconds()).toBe(0);
    budget.recordFailure();
    expect(budget.retryAfterSeconds()).toBe(0);
  });

  it('says so', () => {
    expect(globalLimitMessage(60)).toBe('Too many failed sign-in attempts on this service right now. Please try again in 1 minute.');
  });
});

describe('the sign-in limits (per account, per known browser, global)', () => {
  const ann = 'ann@example.com';
  function limits(globalFailuresPerMinute = 1000) {
    const clock = manualClock();
    return { clock, limits: createSignInLimits({ maxFailures: 3, windowMs: 15 * 60_000, globalFailuresPerMinute, now: clock.now }) };
  }

  it('holds an account back for unknown browsers, while a browser that signed in to it before may still try', () => {
    const { limits: signIn } = limits();
    for (let i = 0; i < 3; i++) signIn.recordFailure(ann, undefined);
    expect(signIn.refusal(ann, undefined)).toEqual({ retryAfterSeconds: 900, message: accountLockedMessage(900) });
    expect(signIn.refusal(ann, 'victims-laptop')).toBeUndefined();
    expect(signIn.refusal('bob@example.com', undefined)).toBeUndefined();
  });

  it("counts a known browser's failures against that browser only: a stolen device cookie is no free pass", () => {
    const { clock, limits: signIn } = limits();
    for (let i = 0; i < 3; i++) signIn.recordFailure(ann, 'stolen-cookie');
    expect(signIn.refusal(ann, 'stolen-cookie')).toEqual({ retryAfterSeconds: 900, message: accountLockedMessage(900) });
    // Not the account's count: other browsers, known or not, go on.
    expect(signIn.refusal(ann, 'victims-laptop')).toBeUndefined();
    expect(signIn.refusal(ann, undefined)).toBeUndefined();
    // Per account too: the same browser may still try another account it knows.
    expect(signIn.refusal('bob@example.com', 'stolen-cookie')).toBeUndefined();
    clock.advance(15 * 60_000);
    expect(signIn.refusal(ann, 'stolen-cookie')).toBeUndefined();
  });

  it('refuses password attempts from unknown browsers once the global budget is spent, but not from known ones', () => {
    const { clock, limits: signIn } = limits(5);
    // A guessing run spread over many accounts and clients: each account stays under its own limit.
    for (let i = 0; i < 5; i++) signIn.recordFailure(`user-${i}@example.com`, undefined);
    expect(signIn.refusal(ann, undefined)).toEqual({ retryAfterSeconds: 60, message: globalLimitMessage(60) });
    expect(signIn.refusal(ann, 'anns-laptop')).toBeUndefined();
    clock.advance(60_000);
    expect(signIn.refusal(ann, undefined)).toBeUndefined();
  });

  it("names the account's own limit first when both apply", () => {
    const { limits: signIn } = limits(3);
    for (let i = 0; i < 3; i++) signIn.recordFailure(ann, undefined);
    expect(signIn.refusal(ann, undefined)?.message).toBe(accountLockedMessage(900));
  });
});
