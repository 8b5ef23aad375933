import { auditLogQuerySchema } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import {
  auditFilterErrors,
  filterTime,
  filterTimeIso,
  isAuditFiltered,
  localInputValue,
  NO_AUDIT_FILTERS,
  normalizedFilterValues,
  parseAuditLogFilters,
  toAuditLogFilter,
  withAuditLogFilters,
  type AuditLogFilterValues,
} from './audit-log-filters.ts';

const filters = (values: Partial<AuditLogFilterValues>): AuditLogFilterValues => ({ ...NO_AUDIT_FILTERS, ...values });

describe('audit log filters in the address', () => {
  it('reads each filter from its search param, trimmed, ignoring others', () => {
    const params = new URLSearchParams('userId=u-1&action=%20update%20&table=venues&recordId=r-9&from=2026-03-05T09:00:00.000Z&to=&tab=audit&page=4');
    expect(parseAuditLogFilters(params)).toEqual({
      userId: 'u-1',
      action: 'update',
      table: 'venues',
      recordId: 'r-9',
      from: '2026-03-05T09:00:00.000Z',
      to: '',
    });
    expect(parseAuditLogFilters(new URLSearchParams())).toEqual(NO_AUDIT_FILTERS);
  });

  it('writes the filters in, removes blank ones and keeps the page’s own params', () => {
    const next = withAuditLogFilters(new URLSearchParams('tab=audit&table=users&action=create'), filters({ table: 'venues', recordId: ' r-9 ', action: '  ' }));
    expect(next.toString()).toBe('tab=audit&table=venues&recordId=r-9');
  });

  it('reads back what it writes', () => {
    const values = filters({
      userId: 'u 1&2',
      action: 'role_change',
      table: 'user_roles',
      recordId: 'a/b?c',
      from: '2026-03-05T09:00:00.000Z',
      to: '2026-03-06T00:00:00.000Z',
    });
    expect(parseAuditLogFilters(new URLSearchParams(withAuditLogFilters(new URLSearchParams(), values).toString()))).toEqual(values);
  });

  it('tells whether anything is filtered', () => {
    expect(isAuditFiltered(NO_AUDIT_FILTERS)).toBe(false);
    expect(isAuditFiltered(filters({ to: '2026-03-05' }))).toBe(true);
  });
});

describe('filter times', () => {
  it('reads RFC 3339 times and local days and times as a date input gives them', () => {
    expect(filterTime('2026-03-05T09:00:00.000Z')).toBe(Date.UTC(2026, 2, 5, 9));
    expect(filterTime('2026-03-05T10:30:00+01:00')).toBe(Date.UTC(2026, 2, 5, 9, 30));
    expect(filterTime('2026-03-05')).toBe(new Date(2026, 2, 5).getTime());
    expect(filterTime('2026-03-05T09:30')).toBe(new Date(2026, 2, 5, 9, 30).getTime());
    expect(filterTime('2026-03-05T09:30:15')).toBe(new Date(2026, 2, 5, 9, 30, 15).getTime());
    expect(filterTime('2028-02-29')).toBe(new Date(2028, 1, 29).getTime());
    for (const wrong of ['', 'yesterday', '2026-02-29', '2026-02-30', '2026-03-05T09:60', '2026-13-01T00:00', '5/3/2026', '2026-03-05T25:00Z'])
      expect(filterTime(wrong)).toBeNull();
  });

  it('gives the address and the API RFC 3339 in UTC, and the date input the local minute', () => {
    expect(filterTimeIso('2026-03-05T09:30')).toBe(new Date(2026, 2, 5, 9, 30).toISOString());
    expect(filterTimeIso('nonsense')).toBe('');
    expect(localInputValue(new Date(2026, 2, 5, 9, 30).toISOString())).toBe('2026-03-05T09:30');
    expect(localInputValue('')).toBe('');
  });

  it('normalises the form’s values as the address keeps them', () => {
    expect(normalizedFilterValues(filters({ table: ' venues ', from: '2026-03-05T09:30', to: 'soon' }))).toEqual(
      filters({ table: 'venues', from: new Date(2026, 2, 5, 9, 30).toISOString(), to: 'soon' }),
    );
  });
});

describe('checking the filters', () => {
  it('names what is wrong in words, per field', () => {
    expect(auditFilterErrors(filters({ from: '2026-03-06', to: '2026-03-05' }))).toEqual({ to: "'To' must be after 'From'." });
    expect(auditFilterErrors(filters({ from: '2026-03-05', to: '2026-03-05' }))).toEqual({ to: "'To' must be after 'From'." });
    expect(auditFilterErrors(filters({ from: 'last week' }))).toEqual({ from: "'From' is not a date and time." });
    expect(auditFilterErrors(filters({ action: 'Update' })).action).toMatch(/lower-case/);
    expect(auditFilterErrors(filters({ table: 'venue documents' })).table).toMatch(/lower-case/);
    expect(auditFilterErrors(filters({ userId: 'u'.repeat(101), recordId: 'r'.repeat(201) }))).toEqual({
      userId: 'A user id has at most 100 characters.',
      recordId: 'A record id has at most 200 characters.',
    });
    expect(auditFilterErrors(filters({ table: 'venues' }), { tables: ['venue_documents', 'gdrive_sync_queue'] })).toEqual({
      table: 'This list holds only venue_documents, gdrive_sync_queue.',
    });
    expect(auditFilterErrors(filters({ table: 'venue_documents', action: 'create', from: '2026-03-05', to: '2026-03-06' }))).toEqual({});
  });

  it('turns valid filters into the list’s filter, fixed filters over them; wrong ones into nothing', () => {
    expect(toAuditLogFilter(NO_AUDIT_FILTERS)).toEqual({});
    expect(toAuditLogFilter(filters({ userId: ' u-1 ', table: 'venues', from: '2026-03-05T09:00:00.000Z' }))).toEqual({
      userId: 'u-1',
      tables: ['venues'],
      from: '2026-03-05T09:00:00.000Z',
    });
    const sync = { tables: ['venue_documents', 'gdrive_sync_queue'] };
    expect(toAuditLogFilter(NO_AUDIT_FILTERS, sync)).toEqual({ tables: ['venue_documents', 'gdrive_sync_queue'] });
    expect(toAuditLogFilter(filters({ table: 'gdrive_sync_queue' }), sync)).toEqual({ tables: ['gdrive_sync_queue'] });
    expect(toAuditLogFilter(filters({ action: 'delete' }), { action: 'create', recordId: 'r-1' })).toEqual({ action: 'create', recordId: 'r-1' });
    expect(toAuditLogFilter(filters({ from: '2026-03-06', to: '2026-03-05' }))).toBeNull();
    expect(toAuditLogFilter(filters({ table: 'venues' }), sync)).toBeNull();
  });

  it('lets through exactly what the API accepts', () => {
    const samples: Partial<AuditLogFilterValues>[] = [
      {},
      { action: 'update' },
      { action: 'Update' },
      { action: `a${'b'.repeat(39)}` },
      { action: `a${'b'.repeat(40)}` },
      { table: 'venue_documents' },
      { table: '9venues' },
      { table: `t${'x'.repeat(62)}` },
      { table: `t${'x'.repeat(63)}` },
      { userId: 'u'.repeat(100) },
      { userId: 'u'.repeat(101) },
      { recordId: 'r'.repeat(200) },
      { recordId: 'r'.repeat(201) },
      { from: '2026-03-05T09:00:00.000Z', to: '2026-03-05T09:00:00.001Z' },
      { from: '2026-03-05T09:00:00.000Z', to: '2026-03-05T09:00:00.000Z' },
      { from: '2026-03-05', to: '2026-03-04T23:00' },
      { to: '2026-03-05T09:30' },
    ];
    // The API's query for the same input: times as the page sends them (or as typed, when they are no time).
    const apiQuery = (sample: Partial<AuditLogFilterValues>) =>
      Object.fromEntries(
        Object.entries(sample)
          .map(([key, value]) => [key, key === 'from' || key === 'to' ? filterTimeIso(value) || value : value.trim()])
          .filter(([, value]) => value !== ''),
      );
    for (const sample of samples) {
      expect({ sample, accepted: toAuditLogFilter(filters(sample)) !== null }).toEqual({
        sample,
        accepted: auditLogQuerySchema.safeParse(apiQuery(sample)).success,
      });
    }
  });
});
