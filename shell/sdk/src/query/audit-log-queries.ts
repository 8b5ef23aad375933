import { AUDIT_PAGE_SIZE_MAX, type AuditLogEntry, type AuditLogPage } from '@venuebook/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, type ApiClient } from '../api/api-client.ts';

/**
 * What a list of the audit log is filtered by: the API's filters, except that `tables` may name several tables
 * (none or empty: every table). The filters combine.
 */
export interface AuditLogFilter {
  tables?: readonly string[];
  action?: string;
  userId?: string;
  recordId?: string;
  /** Entries at or after this time (RFC 3339). */
  from?: string;
  /** Entries before this time (RFC 3339). */
  to?: string;
}

/**
 * One table's pages in a filtered list (the API filters by one table at a time, so a list of several tables
 * reads one stream per table and merges them; a list of one table or of every table is one stream).
 */
export interface AuditLogStream {
  /** The stream's table; null for every table. */
  table: string | null;
  /** The next page to read (pages count from 1). */
  page: number;
  /** Every entry of the stream is read: a short page came back, or its total is reached. */
  done: boolean;
  /** The last (oldest) entry read so far, as the log orders it: time in ms, then id. */
  last: { at: number; id: string } | null;
  /** The stream's total at its latest read. */
  total: number;
}

/** One step of a filtered list (a page of `useInfiniteQuery`): the pages read, and where every stream stands after it. */
export interface AuditLogChunk {
  reads: { stream: number; page: AuditLogPage }[];
  streams: AuditLogStream[];
}

/** The entries of a filtered list that can be shown, newest first, and how many match in all. */
export interface AuditLogRows {
  entries: AuditLogEntry[];
  total: number;
}

/** The log's order: newest first, ties by id descending (as the identity service sorts). */
function newerFirst(a: { at: number; id: string }, b: { at: number; id: string }): number {
  return b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

const keyOf = (entry: AuditLogEntry): { at: number; id: string } => ({ at: Date.parse(entry.createdAt), id: entry.id });

/** The streams of a filter before anything is read: one per table (sorted, each once), or one for every table. */
export function auditLogStreams(filter: AuditLogFilter): AuditLogStream[] {
  const tables = [...new Set(filter.tables ?? [])].sort();
  return (tables.length > 0 ? tables : [null]).map((table) => ({ table, page: 1, done: false, last: null, total: 0 }));
}

/**
 * Which streams the next step reads: at first every one; then the unfinished stream whose last entry read is the
 * newest, because the merged list can be shown only down to that entry (an unread entry of that stream may be
 * newer than what the other streams have read beyond it). None when every stream is done.
 */
export function nextAuditLogReads(streams: readonly AuditLogStream[]): number[] {
  const open = streams.map((stream, index) => ({ stream, index })).filter(({ stream }) => !stream.done);
  const unread = open.filter(({ stream }) => stream.last === null);
  if (unread.length > 0) return unread.map(({ index }) => index);
  const bounding = open.reduce<(typeof open)[number] | undefined>(
    (best, candidate) => (!best || newerFirst(candidate.stream.last!, best.stream.last!) < 0 ? candidate : best),
    undefined,
  );
  return bounding ? [bounding.index] : [];
}

/** A stream after reading `page` of it (`pageSize` entries asked for). */
export function afterAuditLogRead(stream: AuditLogStream, page: AuditLogPage, pageSize: number): AuditLogStream {
  const lastEntry = page.entries.at(-1);
  return {
    table: stream.table,
    page: stream.page + 1,
    done: page.entries.length < pageSize || stream.page * pageSize >= page.total,
    last: lastEntry ? keyOf(lastEntry) : stream.last,
    total: page.total,
  };
}

/**
 * The entries of a filtered list's steps that can be shown, newest first, each once (offset paging repeats an
 * entry when newer ones arrive between two reads), and the total of all its streams. With several streams, the
 * list stops at the newest last-read entry of the unfinished streams: beyond it an unread entry could belong.
 */
export function auditLogRows(chunks: readonly AuditLogChunk[]): AuditLogRows {
  const streams = chunks.at(-1)?.streams ?? [];
  const seen = new Set<string>();
  const entries: AuditLogEntry[] = [];
  for (const chunk of chunks)
    for (const read of chunk.reads)
      for (const entry of read.page.entries) {
        if (seen.has(entry.id)) continue;
        seen.add(entry.id);
        entries.push(entry);
      }
  const total = streams.reduce((sum, stream) => sum + stream.total, 0);
  if (streams.length <= 1) return { entries, total };
  const keyed = entries.map((entry) => ({ entry, key: keyOf(entry) })).sort((a, b) => newerFirst(a.key, b.key));
  const bounds = streams.filter((stream) => !stream.done && stream.last !== null).map((stream) => stream.last!);
  const bound = bounds.sort(newerFirst)[0];
  const shown = bound ? keyed.filter(({ key }) => newerFirst(key, bound) <= 0) : keyed;
  return { entries: shown.map(({ entry }) => entry), total };
}

/** The filter as a query key and as the API's parameters: blank values dropped, tables sorted and each once. */
function normalizedFilter(filter: AuditLogFilter): AuditLogFilter {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const tables = [...new Set(filter.tables ?? [])].sort();
  const normal: AuditLogFilter = {};
  if (tables.length > 0) normal.tables = tables;
  for (const key of ['action', 'userId', 'recordId', 'from', 'to'] as const) {
    const value = text(filter[key]);
    if (value !== undefined) normal[key] = value;
  }
  return normal;
}

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
    /**
     * The log narrowed by `filter`, newest first, one step at a time (`useInfiniteQuery`: `fetchNextPage` reads
     * further while `hasNextPage`; `auditLogRows(data.pages)` gives the entries to show and the total). Each
     * step reads pages of the API's largest size: of every table at first, then of the table that bounds the
     * merged list (see `nextAuditLogReads`).
     */
    list: (filter: AuditLogFilter, pageSize: number = AUDIT_PAGE_SIZE_MAX) => {
      const normal = normalizedFilter(filter);
      return infiniteQueryOptions({
        queryKey: [...all, 'list', normal, pageSize] as const,
        queryFn: async ({ pageParam, signal }): Promise<AuditLogChunk> => {
          const reading = nextAuditLogReads(pageParam);
          const pages = await Promise.all(
            reading.map((index) => {
              const stream = pageParam[index]!;
              const { tables: _tables, ...rest } = normal;
              return client.auditLogs.list({ ...rest, ...(stream.table === null ? {} : { table: stream.table }), page: stream.page, pageSize }, { signal });
            }),
          );
          const streams = [...pageParam];
          reading.forEach((index, n) => {
            streams[index] = afterAuditLogRead(pageParam[index]!, pages[n]!, pageSize);
          });
          return { reads: reading.map((stream, n) => ({ stream, page: pages[n]! })), streams };
        },
        initialPageParam: auditLogStreams(normal),
        getNextPageParam: (lastChunk: AuditLogChunk) => (lastChunk.streams.some((stream) => !stream.done) ? lastChunk.streams : undefined),
      });
    },
  };
}

export const auditLogQueries = createAuditLogQueries(api);
