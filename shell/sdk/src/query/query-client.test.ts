// The query client's policies (retry, user-scoped cache) with a real TanStack QueryClient; no requests.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError, networkError } from '../api/api-error.ts';
import { configRetryDelay } from './auth-queries.ts';
import {
  clearQueriesOnUserChange,
  clearUserQueries,
  createQueryClient,
  PUBLIC_QUERY_META,
  queryRetryDelay,
  shouldRetryQuery,
  type UserSource,
} from './query-client.ts';

const answer = (status: number) => new ApiRequestError({ status, code: 'x', message: 'x' });

describe('shouldRetryQuery', () => {
  it('retries an unreachable server and 5xx answers twice, nothing else', () => {
    for (const error of [networkError(new TypeError('fetch failed')), answer(500), answer(502), answer(503), answer(504)]) {
      expect(
        [0, 1, 2].map((failures) => shouldRetryQuery(failures, error)),
        String(error.status),
      ).toEqual([true, true, false]);
    }
    for (const error of [answer(400), answer(401), answer(403), answer(404), answer(409), answer(429), answer(200)]) {
      expect(shouldRetryQuery(0, error), String(error.status)).toBe(false);
    }
    expect(shouldRetryQuery(0, new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('a bug'))).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s, at most 8 s', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('configRetryDelay (the session back-off for the sign-in settings)', () => {
  it('doubles from the first back-off and gives up when the budget would be reached', () => {
    const timing = { tickMs: 30_000, marginMs: 90_000, backoffInitialMs: 50, backoffMaxMs: 1000 };
    // 50 + 100 + 200 + 400 = 750 ms spent; the next 800 ms would pass 1 s.
    expect([0, 1, 2, 3, 4].map((failures) => configRetryDelay(failures, timing))).toEqual([50, 100, 200, 400, null]);
    // The spec's timing: seven retries in about 25 s.
    const delays = Array.from({ length: 9 }, (_, failures) => configRetryDelay(failures));
    expect(delays.filter((delay) => delay !== null)).toHaveLength(7);
  });
});

describe("the signed-in user's cache", () => {
  const client = createQueryClient();
  afterEach(() => client.clear());

  function seed(): void {
    client.setQueryData(['venues', 'detail', 'v1'], { id: 'v1' });
    client.setQueryData(['venues', 'list', {}], { pages: [], pageParams: [] });
    // Public data is marked by its query's meta, as `authQueries.config()` does.
    client
      .getQueryCache()
      .build(client, { queryKey: ['auth', 'config'], meta: PUBLIC_QUERY_META })
      .setData({ companyDomain: '@example.com' });
    client.getMutationCache().build(client, { mutationKey: ['sign-in'] });
  }

  it('clearUserQueries drops user data and mutations, keeps public data', () => {
    seed();
    clearUserQueries(client);
    expect(client.getQueryData(['venues', 'detail', 'v1'])).toBeUndefined();
    expect(client.getQueryData(['venues', 'list', {}])).toBeUndefined();
    expect(client.getQueryData(['auth', 'config'])).toEqual({ companyDomain: '@example.com' });
    expect(client.getMutationCache().getAll()).toEqual([]);
  });

  it('clearQueriesOnUserChange clears when a user signs out or is replaced, not when one signs in', () => {
    let user: { id: string } | null = null;
    const listeners = new Set<() => void>();
    const session: UserSource = {
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      getSnapshot: () => ({ user }),
    };
    const become = (next: { id: string } | null) => {
      user = next;
      for (const listener of listeners) listener();
    };
    const stop = clearQueriesOnUserChange(client, session);

    seed();
    become({ id: 'a' }); // signed in: what loaded meanwhile stays
    expect(client.getQueryData(['venues', 'detail', 'v1'])).toBeDefined();
    become({ id: 'a' }); // a refresh of the same user
    expect(client.getQueryData(['venues', 'detail', 'v1'])).toBeDefined();
    become({ id: 'b' }); // another user (e.g. via another tab)
    expect(client.getQueryData(['venues', 'detail', 'v1'])).toBeUndefined();

    seed();
    become(null); // signed out
    expect(client.getQueryData(['venues', 'list', {}])).toBeUndefined();
    expect(client.getQueryData(['auth', 'config'])).toBeDefined();

    stop();
    seed();
    become({ id: 'c' });
    become(null);
    expect(client.getQueryData(['venues', 'detail', 'v1'])).toBeDefined();
  });
});
