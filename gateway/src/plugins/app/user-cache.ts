import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '@venuebook/proto/domain';

/** A resolved user and whether their session is still active, as identity answered a moment ago. */
export interface CachedSession {
  user: AuthUser;
  active: boolean;
}

/** Resolved users by session, so that not every API call asks identity; entries live ≤ USER_CACHE_TTL_MS. */
export interface UserCache {
  get(userId: string, sessionId: string): CachedSession | undefined;
  set(userId: string, sessionId: string, entry: CachedSession): void;
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
  return {
    get: (userId, sessionId) => cache.get(key(userId, sessionId)),
    set: (userId, sessionId, entry) => {
      cache.set(key(userId, sessionId), entry);
    },
    forget(userId) {
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
