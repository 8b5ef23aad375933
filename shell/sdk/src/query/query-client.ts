import { QueryClient, type Query } from '@tanstack/react-query';
import { isAbortError, isApiRequestError } from '../api/api-error.ts';

/** Retries after a failed read: a query is tried at most 1 + QUERY_RETRIES times. */
export const QUERY_RETRIES = 2;
/** How long a read stays fresh: a page opened again within this time shows its cache without a request. */
export const QUERY_STALE_TIME_MS = 30_000;

/**
 * Whether a failed read is worth another try: the server could not be reached (status 0) or answered
 * 5xx. 4xx answers (not found, invalid, no session, forbidden) and aborts are final.
 */
export function isRetryableQueryError(error: unknown): boolean {
  if (isAbortError(error) || !isApiRequestError(error)) return false;
  return error.status === 0 || error.status >= 500;
}

/** TanStack's `retry` for reads: up to QUERY_RETRIES retries of network and 5xx failures. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isRetryableQueryError(error);
}

/** Back-off before retry `failureCount + 1`: 1 s, 2 s, 4 s, … at most 8 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 8000);
}

/** `meta` of a query whose data belongs to no user (kept when the user signs out). */
export const PUBLIC_QUERY_META = { public: true } as const;

const isUserScoped = (query: Query): boolean => query.meta?.public !== true;

/** A query client with the app's defaults; the app uses the one `queryClient`, tests make their own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        // Offline or not, a failed read shows its error and a Retry button (spec §8) instead of waiting silently.
        networkMode: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * Forgets everything a signed-in user has read or sent (queries are cancelled and removed, mutations
 * with their variables dropped); public data such as the sign-in settings stays.
 */
export function clearUserQueries(client: QueryClient): void {
  client.removeQueries({ predicate: isUserScoped });
  client.getMutationCache().clear();
}

/** What `clearQueriesOnUserChange` needs of the session store. */
export interface UserSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { user: { id: string } | null };
}

/**
 * Clears the user's cached data whenever the signed-in user goes away (sign-out here or in another tab,
 * a session that could not be refreshed) or is replaced by another, so the next user never sees the
 * previous user's data. Runs in the store's listener, before React renders the new state.
 * Returns the unsubscribe function.
 */
export function clearQueriesOnUserChange(client: QueryClient, source: UserSource): () => void {
  let userId = source.getSnapshot().user?.id ?? null;
  return source.subscribe(() => {
    const next = source.getSnapshot().user?.id ?? null;
    if (next === userId) return;
    const previous = userId;
    userId = next;
    if (previous !== null) clearUserQueries(client);
  });
}

/** The app-wide query client (one instance: the sdk is a federation singleton). */
export const queryClient: QueryClient = createQueryClient();
