import { AUDIT_LOG_LIMITS, auditLogQueries, useInfiniteQuery, type AuditLogEntry } from '@venuebook/sdk';
import { useEffect, useMemo } from 'react';

/**
 * The newest entries of the audit log (spec §9: 1000 on this page), read page by page: the first page
 * shows at once, the rest follow until the limit or the end of the log.
 */
export function useAuditLog(limit: number = AUDIT_LOG_LIMITS.auditPage) {
  const log = useInfiniteQuery(auditLogQueries.newest(limit));
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = log;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const entries = useMemo(() => {
    const seen = new Set<string>();
    const shown: AuditLogEntry[] = [];
    // Offset paging repeats an entry when newer ones arrive between pages: each shows once.
    for (const entry of (data?.pages ?? []).flatMap((page) => page.entries)) {
      if (seen.has(entry.id) || shown.length >= limit) continue;
      seen.add(entry.id);
      shown.push(entry);
    }
    return shown;
  }, [data, limit]);

  return {
    entries,
    /** Nothing to show yet: the first page has not arrived. */
    loading: log.isPending,
    /** Why the first page (or a refetch) failed; a later page's failure is `moreError`. */
    error: log.isError && !isFetchNextPageError ? log.error : null,
    loadingMore: isFetchingNextPage || (hasNextPage && !isFetchNextPageError),
    moreError: isFetchNextPageError ? log.error : null,
    retryMore: () => void fetchNextPage(),
  };
}
