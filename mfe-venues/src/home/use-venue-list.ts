import { keepPreviousData, useInfiniteQuery, venueQueries, type VenueSummary } from '@venuebook/sdk';
import { useMemo } from 'react';
import { toListFilter, type HomeQuery } from './home-query.ts';
import { appendUnique } from './venue-list.util.ts';

/**
 * The Home list: page 1 follows the query (the previous results stay visible, marked stale, while a
 * new query loads); `loadMore` appends the next page of the same query.
 */
export function useVenueList(query: HomeQuery) {
  const list = useInfiniteQuery({ ...venueQueries.list(toListFilter(query)), placeholderData: keepPreviousData });
  const { data, error, isFetchNextPageError, isPlaceholderData } = list;
  const items = useMemo(() => (data?.pages ?? []).reduce<VenueSummary[]>((shown, page) => appendUnique(shown, page.items), []), [data]);

  return {
    items,
    total: data?.pages.at(-1)?.total ?? 0,
    /** Nothing to show yet: page 1 of the first query has not arrived. */
    loading: list.isPending,
    /** Showing the previous query's results while the current one loads. */
    stale: isPlaceholderData,
    /** Why page 1 (or a refetch) failed; a failed 'Load more' is `loadMoreError`. */
    error: list.isError && !isFetchNextPageError ? error : null,
    retry: () => void list.refetch(),
    hasMore: !isPlaceholderData && list.hasNextPage,
    loadMore: () => void list.fetchNextPage(),
    loadingMore: list.isFetchingNextPage,
    loadMoreError: isFetchNextPageError ? error : null,
  };
}
