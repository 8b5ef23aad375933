import { MAX_EVENTS_PAGE_SIZE } from '@venuebook/domain';
import { cardQueries, DEPARTMENTS, eventQueries, useInfiniteQuery, useQueries, type DataCard, type VenueEvent } from '@venuebook/sdk';
import { venueCardsOf } from './venue-cards.ts';
import { useEffect, useMemo } from 'react';

export interface ListState<T> {
  /** The whole list once every part is in; undefined while loading or after an error. */
  items: T[] | undefined;
  error: unknown;
  refetch: () => void;
}

/** Every data card of a venue (the tag dialog, the upload's optional card tag). */
export function useVenueCards(venueId: string, enabled = true): ListState<DataCard> {
  return useQueries({
    queries: DEPARTMENTS.map((department) => ({ ...cardQueries.venueDepartment(venueId, department), enabled })),
    combine: (results) => ({
      items: venueCardsOf(results.map((result) => result.data)),
      error: results.find((result) => result.isError)?.error ?? null,
      refetch: () => {
        for (const result of results) void result.refetch();
      },
    }),
  });
}

/** Every event of a venue (the Documents page: the linked events' names, the event select), all pages. */
export function useVenueEvents(venueId: string, enabled = true): ListState<VenueEvent> {
  const events = useInfiniteQuery({ ...eventQueries.forVenue(venueId, MAX_EVENTS_PAGE_SIZE), enabled });
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = events;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !error) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, error]);
  const items = useMemo(() => (data && !hasNextPage ? data.pages.flatMap((page) => page.items) : undefined), [data, hasNextPage]);
  return { items, error, refetch: () => void refetch() };
}
