import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@venuebook/domain';
import { createUserCache, USER_CACHE_TTL_MS } from './user-cache.ts';

const user = (id: string): AuthUser => ({
  id,
  email: `${id}@example.com`,
  role: 'editor',
  welcomeShown: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  lastSignInAt: null,
});

/** A clock the test moves by hand (lru-cache's `perf` option). */
function manualClock(): { now(): number; advance(ms: number): void } {
  let time = 1_000;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

describe('the user cache', () => {
  it('answers a session for at most 30 s', () => {
    const clock = manualClock();
    const cache = createUserCache({ clock });
    cache.set('u1', 's1', { user: user('u1'), active: true }, cache.generation());
    clock.advance(USER_CACHE_TTL_MS - 1);
    expect(cache.get('u1', 's1')).toEqual({ user: user('u1'), active: true });
    clock.advance(2);
    expect(cache.get('u1', 's1')).toBeUndefined();
  });

  it('keeps sessions apart and forgets every session of one user only', () => {
    const cache = createUserCache();
    cache.set('u1', 's1', { user: user('u1'), active: true }, cache.generation());
    cache.set('u1', 's2', { user: user('u1'), active: false }, cache.generation());
    cache.set('u10', 's3', { user: user('u10'), active: true }, cache.generation());
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
    cache.set('a', 's', { user: user('a'), active: true }, cache.generation());
    cache.set('b', 's', { user: user('b'), active: true }, cache.generation());
    expect(cache.get('a', 's')).toBeDefined();
    cache.set('c', 's', { user: user('c'), active: true }, cache.generation());
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')).toBeDefined();
    expect(cache.get('c', 's')).toBeDefined();
  });

  it('does not store an answer read before a forget(): a lookup that raced a role change serves no stale role', () => {
    const cache = createUserCache();
    const before = cache.generation();
    // identity answers with the old role ... meanwhile the role changes and the user is forgotten ...
    cache.forget('u1');
    // ... and the old answer arrives after the forget.
    cache.set('u1', 's1', { user: user('u1'), active: true }, before);
    expect(cache.get('u1', 's1')).toBeUndefined();
    // A forget of another user does not stand in the way, nor does one that happened before the read.
    const read = cache.generation();
    cache.forget('u2');
    cache.set('u1', 's1', { user: user('u1'), active: true }, read);
    expect(cache.get('u1', 's1')?.user.id).toBe('u1');
  });

  it('stays bounded in the forgets it remembers, and stays safe once it has dropped them', () => {
    const cache = createUserCache({ maxSessions: 2 });
    const before = cache.generation();
    cache.forget('old');
    for (const id of ['a', 'b', 'c', 'd']) cache.forget(id);
    // 'old' is no longer remembered by name: a read older than the dropped forget is not stored.
    cache.set('old', 's', { user: user('old'), active: true }, before);
    expect(cache.get('old', 's')).toBeUndefined();
    const now = cache.generation();
    cache.set('old', 's', { user: user('old'), active: true }, now);
    expect(cache.get('old', 's')).toBeDefined();
  });
});
