import type { AuditLogEntry, AuditLogPage } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import { createAuditLogQueries, nextAuditLogPage } from './audit-log-queries.ts';

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
