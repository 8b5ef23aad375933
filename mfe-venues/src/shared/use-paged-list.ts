import { useMemo } from 'react';
import { appendUnique } from '../home/venue-list.util.ts';

/** What `usePagedList` reads of an infinite query of pages `{ items, total }` (TanStack Query's result). */
export interface InfinitePagesQuery<T> {
  data: { pages: readonly { items: readonly T[]; total: number }[] } | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A paged list (offset pages of `{ items, total }`) as the lists show it: the rows of every page so far, each id once;
 * with `placeholderData: keepPreviousData`, the previous query's rows stay visible, marked stale, while a new one
 * loads; `loadMore` appends the next page of the same query.
 */
export function usePagedList<T extends { id: string }>(list: InfinitePagesQuery<T>) {
  const { data, error, isFetchNextPageError, isPlaceholderData } = list;
  const items = useMemo(() => (data?.pages ?? []).reduce<T[]>((shown, page) => appendUnique(shown, page.items), []), [data]);

  return {
    items,
    total: data?.pages.at(-1)?.total ?? 0,
    /** Nothing to show yet: page 1 of the first query has not arrived. */
    loading: list.isPending,
    /** Showing the previous query's results while the current one loads. */
    stale: isPlaceholderData,
    /** Why page 1 (or a refetch) failed; a failed 'Load more' is `loadMoreError`. */
    error: list.isError && !isFetchNextPageError ? error : null,
    /** Any fetch of the list failed, page 1 or 'Load more' (the count line stays empty). */
    failed: list.isError,
    retry: () => void list.refetch(),
    hasMore: !isPlaceholderData && list.hasNextPage,
    loadMore: () => void list.fetchNextPage(),
    loadingMore: list.isFetchingNextPage,
    loadMoreError: isFetchNextPageError ? error : null,
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T & { id: string }>>;
