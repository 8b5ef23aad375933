import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, type ApiClient, type EventListParams, type PageParams } from '../api/api-client.ts';
import { nextVenueListPage } from './venue-queries.ts';

/** The all-events list without its page: search, sort, leagues, date range and page size. */
export type EventListFilter = Omit<EventListParams, 'page'>;

/**
 * Query keys and options of event reads (spec §2 'Events'), bound to an api client (the app's `api` in
 * `eventQueries`). `invalidateQueries({ queryKey: eventQueries.all })` refreshes one venue's list and the
 * all-events list after a write.
 */
export function createEventQueries(client: ApiClient) {
  const all = ['events'] as const;
  return {
    all,
    /** One venue's events, page by page (`useInfiniteQuery`). */
    forVenue: (venueId: string, pageSize?: number) =>
      infiniteQueryOptions({
        queryKey: [...all, 'venue', venueId, pageSize ?? null] as const,
        queryFn: ({ pageParam, signal }) =>
          client.events.listForVenue(venueId, { page: pageParam, ...(pageSize === undefined ? {} : { pageSize }) }, { signal }),
        initialPageParam: 1,
        getNextPageParam: nextVenueListPage,
      }),
    /** The all-events list for `filter`, page by page. */
    list: (filter: EventListFilter) =>
      infiniteQueryOptions({
        queryKey: [...all, 'list', filter] as const,
        queryFn: ({ pageParam, signal }) => client.events.list({ ...filter, page: pageParam }, { signal }),
        initialPageParam: 1,
        getNextPageParam: nextVenueListPage,
      }),
  };
}

export const eventQueries = createEventQueries(api);

/** Query keys and options of `/deleted-venues` (admins), bound to an api client. */
export function createDeletedVenueQueries(client: ApiClient) {
  const all = ['deleted-venues'] as const;
  return {
    all,
    /** Newest deleted first, page by page. */
    list: (filter: Omit<PageParams, 'page'> & { q?: string } = {}) =>
      infiniteQueryOptions({
        queryKey: [...all, 'list', filter] as const,
        queryFn: ({ pageParam, signal }) => client.deletedVenues.list({ ...filter, page: pageParam }, { signal }),
        initialPageParam: 1,
        getNextPageParam: nextVenueListPage,
      }),
  };
}

export const deletedVenueQueries = createDeletedVenueQueries(api);
