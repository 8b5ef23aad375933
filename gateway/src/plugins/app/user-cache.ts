import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '@venuebook/domain';

/** A resolved user and whether their session is still active, as identity answered a moment ago. */
export interface CachedSession {
  user: AuthUser;
  active: boolean;
}

/** Resolved users by session, so that not every API call asks identity; entries live ≤ USER_CACHE_TTL_MS. */
export interface UserCache {
  get(userId: string, sessionId: string): CachedSession | undefined;
  /**
   * The cache's generation, to be read before asking identity and passed to set(): an answer read before a
   * forget() of its user (a role change or sign-out while the call was under way) is not stored.
   */
  generation(): number;
  /** Stores identity's answer unless the user was forgotten since `readAt` (a generation() taken before the read). */
  set(userId: string, sessionId: string, entry: CachedSession, readAt: number): void;
  /** Drops every cached session of the user (role change, removal, sign-out). */
  forget(userId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    userCache: UserCache;
  }
}

/** How long a resolved user (role, session state) is reused: at most 30 s. */
export const USER_CACHE_TTL_MS = 30_000;
/** Bound of the cache; the least recently used session goes first. */
export const USER_CACHE_MAX_SESSIONS = 10_000;

export interface UserCacheOptions {
  ttlMs?: number;
  maxSessions?: number;
  /** The clock of the TTL (tests); `performance` by default. */
  clock?: { now(): number };
}

export function createUserCache(options: UserCacheOptions = {}): UserCache {
  const cache = new LRUCache<string, CachedSession>({
    max: options.maxSessions ?? USER_CACHE_MAX_SESSIONS,
    ttl: options.ttlMs ?? USER_CACHE_TTL_MS,
    // A given clock is read on every check (lru-cache otherwise reuses a reading for 1 ms).
    ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
  });
  const key = (userId: string, sessionId: string): string => `${userId}:${sessionId}`;
  // Every forget() takes the next generation and remembers it per user (bounded like the sessions). A
  // remembered forget that is dropped raises `forgottenBefore`, so a read older than it is never stored:
  // dropping memory only costs cache misses, never a stale answer.
  let current = 0;
  let forgottenBefore = 0;
  const lastForget = new LRUCache<string, number>({
    max: options.maxSessions ?? USER_CACHE_MAX_SESSIONS,
    dispose: (generation, _userId, reason) => {
      if (reason === 'evict' || reason === 'expire') forgottenBefore = Math.max(forgottenBefore, generation);
    },
  });
  return {
    get: (userId, sessionId) => cache.get(key(userId, sessionId)),
    generation: () => current,
    set: (userId, sessionId, entry, readAt) => {
      if (readAt < forgottenBefore || readAt < (lastForget.get(userId) ?? 0)) return;
      cache.set(key(userId, sessionId), entry);
    },
    forget(userId) {
      current += 1;
      lastForget.set(userId, current);
      const prefix = `${userId}:`;
      for (const cached of [...cache.keys()]) if (cached.startsWith(prefix)) cache.delete(cached);
    },
  };
}

/** `fastify.userCache`: dropped at once by identity events (plugin identity-events) and by this replica's own changes. */
export default fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('userCache', createUserCache());
  },
  { name: 'user-cache' },
);
