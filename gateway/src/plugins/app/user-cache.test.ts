import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@venuebook/proto/domain';
import { createUserCache, USER_CACHE_TTL_MS } from './user-cache.ts';

const user = (id: string): AuthUser => ({ id, email: `${id}@example.com`, role: 'editor', welcomeShown: true, createdAt: '2025-01-01T00:00:00.000Z', lastSignInAt: null });

/** A clock the test moves by hand (lru-cache's `perf` option). */
function manualClock(): { now(): number; advance(ms: number): void } {
  let time = 1_000;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

describe('the user cache', () => {
  it('answers a session for at most 30 s', () => {
    const clock = manualClock();
    const cache = createUserCache({ clock });
    cache.set('u1', 's1', { user: user('u1'), active: true });
    clock.advance(USER_CACHE_TTL_MS - 1);
    expect(cache.get('u1', 's1')).toEqual({ user: user('u1'), active: true });
    clock.advance(2);
    expect(cache.get('u1', 's1')).toBeUndefined();
  });

  it('keeps sessions apart and forgets every session of one user only', () => {
    const cache = createUserCache();
    cache.set('u1', 's1', { user: user('u1'), active: true });
    cache.set('u1', 's2', { user: user('u1'), active: false });
    cache.set('u10', 's3', { user: user('u10'), active: true });
    expect(cache.get('u1', 's2')?.active).toBe(false);
    expect(cache.get('u1', 's3')).toBeUndefined();
    cache.forget('u1');
    expect(cache.get('u1', 's1')).toBeUndefined();
    expect(cache.get('u1', 's2')).toBeUndefined();
    // 'u10' starts with 'u1' but is another user.
    expect(cache.get('u10', 's3')?.user.id).toBe('u10');
  });

  it('is bounded: the least recently used session goes first', () => {
    const cache = createUserCache({ maxSessions: 2 });
    cache.set('a', 's', { user: user('a'), active: true });
    cache.set('b', 's', { user: user('b'), active: true });
    expect(cache.get('a', 's')).toBeDefined();
    cache.set('c', 's', { user: user('c'), active: true });
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')).toBeDefined();
    expect(cache.get('c', 's')).toBeDefined();
  });
});
