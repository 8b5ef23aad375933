import type { AuditLogEntry, AuditLogPage } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import {
  afterAuditLogRead,
  auditLogRows,
  auditLogStreams,
  createAuditLogQueries,
  nextAuditLogPage,
  nextAuditLogReads,
  type AuditLogChunk,
  type AuditLogStream,
} from './audit-log-queries.ts';

const page = (count: number, total: number): AuditLogPage => ({
  entries: Array.from({ length: count }, (_, i) => ({ id: `e${i}` }) as AuditLogEntry),
  total,
  page: 1,
  pageSize: 100,
});

describe('nextAuditLogPage', () => {
  it('reads pages until the limit (spec §9: 1000 on the audit page), never beyond', () => {
    expect(nextAuditLogPage(1000, 100, page(100, 5000), 1)).toBe(2);
    expect(nextAuditLogPage(1000, 100, page(100, 5000), 9)).toBe(10);
    expect(nextAuditLogPage(1000, 100, page(100, 5000), 10)).toBeUndefined();
  });

  it('stops when the log is exhausted: a short page, an empty page, or the total reached', () => {
    expect(nextAuditLogPage(1000, 100, page(40, 240), 3)).toBeUndefined();
    expect(nextAuditLogPage(1000, 100, page(0, 300), 4)).toBeUndefined();
    expect(nextAuditLogPage(1000, 100, page(100, 200), 2)).toBeUndefined();
    expect(nextAuditLogPage(1000, 100, page(100, 201), 2)).toBe(3);
  });
});

describe('auditLogQueries.newest', () => {
  it('asks the API for pages of its largest size and checks the answer', async () => {
    const asked: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://gateway.invalid/api/v1',
      fetch: async (input) => {
        asked.push(String(input));
        return Response.json({ entries: [], total: 0, page: 2, pageSize: 100 });
      },
    });
    const options = createAuditLogQueries(client).newest(1000);
    expect(options.queryKey).toEqual(['audit-logs', 'newest', 1000]);
    const queryFn = options.queryFn as (context: { pageParam: number; signal: AbortSignal }) => Promise<AuditLogPage>;
    await expect(queryFn({ pageParam: 2, signal: new AbortController().signal })).resolves.toEqual({ entries: [], total: 0, page: 2, pageSize: 100 });
    expect(asked).toEqual(['http://gateway.invalid/api/v1/audit-logs?page=2&pageSize=100']);
  });
});

/** An entry of `table` at minute `minute` (ids sort as the times do). */
const entry = (table: string, minute: number): AuditLogEntry =>
  ({
    id: `${table}-${String(minute).padStart(4, '0')}`,
    tableName: table,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  }) as AuditLogEntry;

/** A page of the API: `minutes` newest first. */
const apiPage = (table: string, minutes: number[], total: number, pageNumber = 1): AuditLogPage => ({
  entries: minutes.map((minute) => entry(table, minute)),
  total,
  page: pageNumber,
  pageSize: 3,
});

describe('auditLogQueries.list over several tables', () => {
  it('reads one stream per table (sorted, each once), or one for every table', () => {
    expect(auditLogStreams({ tables: ['venues', 'contacts', 'venues'] }).map((stream) => stream.table)).toEqual(['contacts', 'venues']);
    expect(auditLogStreams({}).map((stream) => stream.table)).toEqual([null]);
    expect(auditLogStreams({ tables: [] }).map((stream) => stream.table)).toEqual([null]);
  });

  it('reads every stream first, then the unfinished one whose last entry read is the newest', () => {
    const [a, b] = auditLogStreams({ tables: ['a', 'b'] }) as [AuditLogStream, AuditLogStream];
    expect(nextAuditLogReads([a, b])).toEqual([0, 1]);
    const a1 = afterAuditLogRead(a, apiPage('a', [50, 40, 30], 9), 3);
    const b1 = afterAuditLogRead(b, apiPage('b', [45, 35, 33], 4), 3);
    expect(a1).toEqual({ table: 'a', page: 2, done: false, last: { at: Date.UTC(2026, 0, 1, 0, 30), id: 'a-0030' }, total: 9 });
    expect(nextAuditLogReads([a1, b1])).toEqual([1]);
    const b2 = afterAuditLogRead(b1, apiPage('b', [2], 4, 2), 3);
    expect(b2.done).toBe(true);
    expect(nextAuditLogReads([a1, b2])).toEqual([0]);
    expect(nextAuditLogReads([{ ...a1, done: true }, b2])).toEqual([]);
  });

  it('is done at a short page or when the total is reached', () => {
    const [stream] = auditLogStreams({}) as [AuditLogStream];
    expect(afterAuditLogRead(stream, apiPage('x', [3, 2], 2), 3).done).toBe(true);
    expect(afterAuditLogRead(stream, apiPage('x', [3, 2, 1], 3), 3).done).toBe(true);
    expect(afterAuditLogRead(stream, apiPage('x', [3, 2, 1], 4), 3).done).toBe(false);
  });

  it('merges the streams newest first, down to the newest last-read entry of the unfinished streams', () => {
    const [a, b] = auditLogStreams({ tables: ['a', 'b'] }) as [AuditLogStream, AuditLogStream];
    const first: AuditLogChunk = {
      reads: [
        { stream: 0, page: apiPage('a', [50, 40, 30], 9) },
        { stream: 1, page: apiPage('b', [45, 35, 33], 4) },
      ],
      streams: [afterAuditLogRead(a, apiPage('a', [50, 40, 30], 9), 3), afterAuditLogRead(b, apiPage('b', [45, 35, 33], 4), 3)],
    };
    // b may still hold an entry between 33 and 30: a's 30 waits.
    expect(auditLogRows([first]).entries.map((shown) => shown.id)).toEqual(['a-0050', 'b-0045', 'a-0040', 'b-0035', 'b-0033']);
    expect(auditLogRows([first]).total).toBe(13);
    const second: AuditLogChunk = {
      reads: [{ stream: 1, page: apiPage('b', [31], 4, 2) }],
      streams: [first.streams[0]!, afterAuditLogRead(first.streams[1]!, apiPage('b', [31], 4, 2), 3)],
    };
    // b is done: every entry of a read so far can show.
    expect(auditLogRows([first, second]).entries.map((shown) => shown.id)).toEqual(['a-0050', 'b-0045', 'a-0040', 'b-0035', 'b-0033', 'b-0031', 'a-0030']);
  });

  it('shows an entry that a later page repeats once, in the order read for one stream', () => {
    const [stream] = auditLogStreams({}) as [AuditLogStream];
    const one = afterAuditLogRead(stream, apiPage('x', [9, 8, 7], 7), 3);
    const two = afterAuditLogRead(one, apiPage('x', [7, 6, 5], 7, 2), 3);
    const rows = auditLogRows([
      { reads: [{ stream: 0, page: apiPage('x', [9, 8, 7], 7) }], streams: [one] },
      { reads: [{ stream: 0, page: apiPage('x', [7, 6, 5], 7, 2) }], streams: [two] },
    ]);
    expect(rows.entries.map((shown) => shown.id)).toEqual(['x-0009', 'x-0008', 'x-0007', 'x-0006', 'x-0005']);
    expect(rows.total).toBe(7);
    expect(auditLogRows([])).toEqual({ entries: [], total: 0 });
  });

  it('asks the API for each stream with the filters, leaving blank ones out', async () => {
    const asked: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://gateway.invalid/api/v1',
      fetch: async (input) => {
        const url = new URL(String(input));
        asked.push(`${url.pathname}${url.search}`);
        const table = url.searchParams.get('table') ?? 'any';
        return Response.json(table === 'venues' ? apiPage('venues', [5], 1) : apiPage(table, [9, 8, 7], 30));
      },
    });
    const options = createAuditLogQueries(client).list({ tables: ['venues', 'contacts'], action: ' update ', userId: '', from: '2026-01-01T00:00:00.000Z' });
    expect(options.queryKey).toEqual(['audit-logs', 'list', { tables: ['contacts', 'venues'], action: 'update', from: '2026-01-01T00:00:00.000Z' }, 100]);
    const queryFn = options.queryFn as (context: { pageParam: AuditLogStream[]; signal: AbortSignal }) => Promise<AuditLogChunk>;
    const chunk = await queryFn({ pageParam: options.initialPageParam, signal: new AbortController().signal });
    expect(asked).toEqual([
      '/api/v1/audit-logs?page=1&pageSize=100&table=contacts&action=update&from=2026-01-01T00%3A00%3A00.000Z',
      '/api/v1/audit-logs?page=1&pageSize=100&table=venues&action=update&from=2026-01-01T00%3A00%3A00.000Z',
    ]);
    expect(chunk.streams.map((stream) => [stream.table, stream.page, stream.done, stream.total])).toEqual([
      ['contacts', 2, true, 30],
      ['venues', 2, true, 1],
    ]);
    const getNext = options.getNextPageParam as (chunk: AuditLogChunk) => AuditLogStream[] | undefined;
    expect(getNext(chunk)).toBeUndefined();
  });
});
