import { api, useApiQuery, type Venue } from '@venuebook/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serializeHomeQuery, toListQuery, type HomeQuery } from './home-query.ts';
import { appendUnique } from './venue-list.util.ts';

interface MorePages {
  /** Query key the extra pages belong to. */
  key: string;
  /** Pages loaded after page 1. */
  pages: number;
  items: Venue[];
  total: number | undefined;
  loading: boolean;
  error: unknown;
  /** The last page came back empty: nothing more to load whatever the total says. */
  done: boolean;
}

const noMore = (key: string): MorePages => ({ key, pages: 0, items: [], total: undefined, loading: false, error: undefined, done: false });

/**
 * The Home list: page 1 follows the query (the previous results stay visible, marked stale,
 * while a new query loads); `loadMore` appends the next page of the same query.
 */
export function useVenueList(query: HomeQuery) {
  const key = serializeHomeQuery(query).toString();
  const first = useApiQuery(['venues', key], (signal) => api.venues.list(toListQuery(query, 1), { signal }), {
    keepPreviousData: true,
  });

  const [more, setMore] = useState<MorePages>(() => noMore(key));
  const current = more.key === key ? more : noMore(key);
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const items = first.data ? appendUnique(first.data.items, current.items) : [];
  const total = current.total ?? first.data?.total ?? 0;

  const loadMore = useCallback(() => {
    if (current.loading) return;
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setMore({ ...current, loading: true, error: undefined });
    api.venues.list(toListQuery(query, current.pages + 2), { signal: controller.signal }).then(
      (result) => {
        setMore((m) =>
          m.key === key
            ? {
                key,
                pages: m.pages + 1,
                items: appendUnique(m.items, result.items),
                total: result.total,
                loading: false,
                error: undefined,
                done: result.items.length === 0,
              }
            : m,
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setMore((m) => (m.key === key ? { ...m, loading: false, error } : m));
      },
    );
  }, [current, key, query]);

  return {
    items,
    total,
    /** True until page 1 of the current query has arrived. */
    loading: first.loading,
    /** Showing the previous query's results while the current one loads. */
    stale: first.loading && first.data !== undefined,
    error: first.error,
    retry: first.refetch,
    hasMore: !first.loading && first.data !== undefined && !current.done && items.length < total,
    loadMore,
    loadingMore: current.loading,
    loadMoreError: current.error,
  };
}
