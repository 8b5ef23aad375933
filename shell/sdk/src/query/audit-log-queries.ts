import { AUDIT_PAGE_SIZE_MAX, type AuditLogPage } from '@venuebook/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, type ApiClient } from '../api/api-client.ts';

/**
 * The page after `lastPageParam` while fewer than `limit` of the newest entries are loaded, or undefined:
 * the log is exhausted (a short or empty page, or every entry of `total` loaded) or `limit` is reached.
 * Never more than ceil(limit / page size) pages, even when new entries shift the pages under the reader.
 */
export function nextAuditLogPage(limit: number, pageSize: number, lastPage: AuditLogPage, lastPageParam: number): number | undefined {
  if (lastPage.entries.length < pageSize) return undefined;
  if (lastPageParam * pageSize >= Math.min(limit, lastPage.total)) return undefined;
  return lastPageParam + 1;
}

/** Query keys and options of `/audit-logs` reads, bound to an api client (the app's `api` in `auditLogQueries`). */
export function createAuditLogQueries(client: ApiClient) {
  const all = ['audit-logs'] as const;
  return {
    all,
    /**
     * The newest `limit` entries (spec §9: 1000 on the Audit Logs page), in pages of the API's largest size
     * (`useInfiniteQuery`; `fetchNextPage` until `hasNextPage` is false).
     */
    newest: (limit: number) =>
      infiniteQueryOptions({
        queryKey: [...all, 'newest', limit] as const,
        queryFn: ({ pageParam, signal }) => client.auditLogs.list({ page: pageParam, pageSize: Math.min(AUDIT_PAGE_SIZE_MAX, limit) }, { signal }),
        initialPageParam: 1,
        getNextPageParam: (lastPage: AuditLogPage, _all: AuditLogPage[], lastPageParam: number) =>
          nextAuditLogPage(limit, Math.min(AUDIT_PAGE_SIZE_MAX, limit), lastPage, lastPageParam),
      }),
  };
}

export const auditLogQueries = createAuditLogQueries(api);
