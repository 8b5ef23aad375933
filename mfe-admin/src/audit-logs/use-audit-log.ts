import { auditLogQueries, auditLogRows, keepPreviousData, useInfiniteQuery, type AuditLogFilter } from '@venuebook/sdk';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseAuditLogFilters, withAuditLogFilters, type AuditLogFilterValues } from './audit-log-filters.ts';

/**
 * The audit log narrowed by `filter`, newest first, read a page at a time as `loadMore` is called (the table calls it
 * as it is scrolled near its end); null: the filters are wrong and nothing is asked. `limit`: at most this many of the
 * newest entries. While another filter's first page loads, the previous list stays (`stale`).
 */
export function useAuditLogList(filter: AuditLogFilter | null, { limit }: { limit?: number } = {}) {
  const query = useInfiniteQuery({ ...auditLogQueries.list(filter ?? {}), enabled: filter !== null, placeholderData: keepPreviousData });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const rows = useMemo(() => auditLogRows(data?.pages ?? []), [data]);
  const entries = useMemo(() => (limit === undefined ? rows.entries : rows.entries.slice(0, limit)), [rows, limit]);
  const hasMore = hasNextPage && (limit === undefined || rows.entries.length < limit);
  const loadMore = useCallback(() => {
    if (hasMore && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasMore, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return {
    entries,
    /** How many entries match the filters in all (the whole log when none). */
    total: rows.total,
    /** Nothing to show yet: the first page has not arrived. */
    loading: filter !== null && query.isPending,
    /** The list shown is of the filters before: the new ones' first page is on its way. */
    stale: query.isPlaceholderData,
    /** Why the first page (or a refetch) failed; a later page's failure is `moreError`. */
    error: query.isError && !isFetchNextPageError ? query.error : null,
    hasMore,
    loadMore,
    loadingMore: isFetchingNextPage,
    moreError: isFetchNextPageError ? query.error : null,
    retryMore: () => void fetchNextPage(),
  };
}

export type AuditLogList = ReturnType<typeof useAuditLogList>;

/**
 * The audit list's filters kept in the address's search params (shareable; back and forward go through them), the
 * page's other params left as they are: `filters` and `onFiltersChange` for `AuditLogTable`.
 */
export function useAuditLogUrlFilters(): { filters: AuditLogFilterValues; onFiltersChange: (values: AuditLogFilterValues) => void } {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseAuditLogFilters(params), [params]);
  const onFiltersChange = useCallback((values: AuditLogFilterValues) => setParams((previous) => withAuditLogFilters(previous, values)), [setParams]);
  return { filters, onFiltersChange };
}
