import { keepPreviousData, useInfiniteQuery, venueQueries, type VenueSummary } from '@venuebook/sdk';
import { usePagedList } from '../shared/use-paged-list.ts';
import { toListFilter, type HomeQuery } from './home-query.ts';

/** The Home list: page 1 follows the query (the previous results stay visible, marked stale, while a new query loads). */
export function useVenueList(query: HomeQuery) {
  return usePagedList<VenueSummary>(useInfiniteQuery({ ...venueQueries.list(toListFilter(query)), placeholderData: keepPreviousData }));
}
