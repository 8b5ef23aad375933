import type { AuthConfig } from '@venuebook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiClient } from '../api/api-client.ts';
import { backoff, isRetryableAuthError, nextRetryDelay, REFRESH_TIMING, type RefreshTiming } from '../session/refresh-timing.ts';
import { PUBLIC_QUERY_META } from './query-client.ts';

/**
 * The wait before retry `failureCount + 1` of a failed sign-in settings load, or null to give up: the
 * session refresh's back-off and budget (spec §9), counting the back-offs so far as the elapsed time.
 */
export function configRetryDelay(failureCount: number, timing: RefreshTiming = REFRESH_TIMING): number | null {
  let elapsed = 0;
  for (let attempt = 1; attempt <= failureCount; attempt++) elapsed += backoff(attempt, timing);
  return nextRetryDelay(failureCount + 1, elapsed, timing);
}

/** Query options of `/auth` reads, bound to an api client (the app's `api` in `authQueries`). */
export function createAuthQueries(client: ApiClient, timing: RefreshTiming = REFRESH_TIMING) {
  return {
    /**
     * The sign-in settings (company domain, Google sign-in): public, fixed per deployment, so they are
     * read once and kept across sign-outs; unreachable server and gateway errors are retried with back-off.
     */
    config: () =>
      queryOptions({
        queryKey: ['auth', 'config'] as const,
        queryFn: ({ signal }) => client.auth.config({ signal }),
        staleTime: Infinity,
        meta: PUBLIC_QUERY_META,
        retry: (failureCount, error) => isRetryableAuthError(error) && configRetryDelay(failureCount, timing) !== null,
        retryDelay: (failureCount) => configRetryDelay(failureCount, timing) ?? 0,
      }),
  };
}

export const authQueries = createAuthQueries(api);

export interface AuthConfigState {
  /** The sign-in settings; null until loaded or when loading failed for good. */
  config: AuthConfig | null;
  /** Whether loading has finished, successfully or not (the domain check waits for it). */
  settled: boolean;
}

/** The sign-in settings; the first caller starts loading them. */
export function useAuthConfig(): AuthConfigState {
  const { data, isPending } = useQuery(authQueries.config());
  return { config: data ?? null, settled: !isPending };
}
