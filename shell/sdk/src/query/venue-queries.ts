import type { ListVenuesResult } from '@venuebook/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, type ApiClient, type VenueListParams } from '../api/api-client.ts';

/** A page of a list whose rows have ids (venues, events, deleted venues): what `nextVenueListPage` reads. */
export interface PagedItems {
  items: readonly { id: string }[];
  total: number;
}

/** A venue list without its page: search, leagues, sort and page size. */
export type VenueListFilter = Omit<VenueListParams, 'page'>;

/**
 * The page after `lastPage` (pages count from 1), or undefined when the list is complete: the last page
 * came back empty, or the distinct venues loaded reach the total (offset paging may repeat a row).
 */
export function nextVenueListPage<P extends PagedItems = ListVenuesResult>(lastPage: P, allPages: readonly P[], lastPageParam: number): number | undefined {
  if (lastPage.items.length === 0) return undefined;
  const loaded = new Set(allPages.flatMap((page) => page.items.map((venue) => venue.id))).size;
  return loaded < lastPage.total ? lastPageParam + 1 : undefined;
}

/**
 * Query keys and options of `/venues` reads, bound to an api client (the app's `api` in `venueQueries`).
 * Keys nest, so `invalidateQueries({ queryKey: venueQueries.all })` refreshes every venue read and
 * `venueQueries.lists()` every list.
 */
export function createVenueQueries(client: ApiClient) {
  const all = ['venues'] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    /** The list for `filter`, page by page (`useInfiniteQuery`; `fetchNextPage` loads the next page). */
    list: (filter: VenueListFilter) =>
      infiniteQueryOptions({
        queryKey: [...all, 'list', filter] as const,
        queryFn: ({ pageParam, signal }) => client.venues.list({ ...filter, page: pageParam }, { signal }),
        initialPageParam: 1,
        getNextPageParam: nextVenueListPage,
      }),
    details: () => [...all, 'detail'] as const,
    detail: (id: string) =>
      queryOptions({
        queryKey: [...all, 'detail', id] as const,
        queryFn: ({ signal }) => client.venues.get(id, { signal }),
      }),
  };
}

export const venueQueries = createVenueQueries(api);
