import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ImportResult, ImportRowResult } from '@venuebook/sdk';
import { commitChunks, IMPORT_SHOWN_ROWS, previewInWindows, rowDetails, rowStatus, rowsToCreate, rowTitle, shownRows } from './csv-import-rules.ts';

const row = (n: number, fields: Partial<ImportRowResult> = {}): ImportRowResult => ({
  row: n,
  values: { 'Venue Name': `Venue ${n}, "quoted"`, Notes: `line 1\nline ${n}` },
  action: 'create',
  reason: '',
  errors: [],
  matches: [],
  recordId: '',
  venueId: '',
  venueName: '',
  ...fields,
});

const preview = (rows: ImportRowResult[]): ImportResult => ({
  mode: 'preview',
  rows,
  totalRows: rows.length,
  summary: { create: 0, confirm: 0, skip: 0, created: 0, skipped: 0 },
});

describe('CSV import dialog rules', () => {
  it('previews a whole file in row windows: every row once, the summaries added, progress after each window', async () => {
    const total = 2_500;
    const windows: { offset: number; limit: number }[] = [];
    const progress: [number, number][] = [];
    const result = await previewInWindows(
      async (window) => {
        windows.push(window);
        const rows = Array.from({ length: Math.max(0, Math.min(window.limit, total - window.offset)) }, (_, i) =>
          row(window.offset + i + 1, (window.offset + i) % 10 === 0 ? { action: 'skip', reason: 'error' } : {}),
        );
        return {
          mode: 'preview',
          rows,
          totalRows: total,
          summary: {
            create: rows.filter((r) => r.action === 'create').length,
            confirm: 0,
            skip: rows.filter((r) => r.action === 'skip').length,
            created: 0,
            skipped: 0,
          },
        };
      },
      (done, of) => progress.push([done, of]),
      1_000,
    );
    expect(windows).toEqual([
      { offset: 0, limit: 1_000 },
      { offset: 1_000, limit: 1_000 },
      { offset: 2_000, limit: 1_000 },
    ]);
    expect(progress).toEqual([
      [1_000, 2_500],
      [2_000, 2_500],
      [2_500, 2_500],
    ]);
    expect(result.rows.map((r) => r.row)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(result).toMatchObject({ mode: 'preview', totalRows: total, summary: { create: 2_250, skip: 250 } });
    // An empty file: one request, no rows.
    const empty = await previewInWindows(
      async () => preview([]),
      () => undefined,
    );
    expect(empty).toMatchObject({ rows: [], totalRows: 0 });
  });

  it('lists a short preview in file order, a long one with the rows to check first', () => {
    const short = preview([row(1), row(2, { action: 'skip', reason: 'error' }), row(3)]);
    expect(shownRows(short, IMPORT_SHOWN_ROWS).map((r) => r.row)).toEqual([1, 2, 3]);
    const rows = Array.from({ length: 1_000 }, (_, i) =>
      row(i + 1, i === 900 ? { action: 'confirm', reason: 'similar' } : i === 500 ? { action: 'skip', reason: 'error' } : {}),
    );
    const shown = shownRows(preview(rows), IMPORT_SHOWN_ROWS);
    expect(shown).toHaveLength(IMPORT_SHOWN_ROWS);
    expect(shown.slice(0, 3).map((r) => r.row)).toEqual([901, 501, 1]);
    expect(shownRows(preview(rows), 5_000)).toHaveLength(1_000);
  });

  it('cuts the file into commit chunks with the header, the row numbers of the file and the confirmed rows', () => {
    const rows = Array.from({ length: 5 }, (_, i) => row(i + 1, i === 3 ? { action: 'confirm', reason: 'similar' } : {}));
    const chunks = commitChunks(preview(rows), new Set([4]), 2);
    expect(chunks.map((chunk) => [chunk.firstRow, chunk.rows, chunk.confirm])).toEqual([
      [1, 2, []],
      [3, 2, [4]],
      [5, 1, []],
    ]);
    // Quotes, commas and newlines survive (read back with csv-parse, as the gateway reads it).
    expect(parse(chunks[1]!.csv)).toEqual([
      ['Venue Name', 'Notes'],
      ['Venue 3, "quoted"', 'line 1\nline 3'],
      ['Venue 4, "quoted"', 'line 1\nline 4'],
    ]);
  });

  it('counts the rows a commit would create: clean rows and confirmed similar names', () => {
    const rows = [
      row(1),
      row(2, { action: 'confirm', reason: 'similar' }),
      row(3, { action: 'skip', reason: 'exact_duplicate' }),
      row(4, { action: 'confirm', reason: 'similar' }),
    ];
    expect(rowsToCreate(preview(rows), new Set())).toBe(1);
    expect(rowsToCreate(preview(rows), new Set([2, 4]))).toBe(3);
  });

  it('shows each row status, its errors in words and its matches with their percentage', () => {
    expect(rowStatus(row(1))).toBe('create');
    expect(rowStatus(row(1, { action: 'confirm' }))).toBe('similar');
    expect(rowStatus(row(1, { action: 'skip', reason: 'already_imported' }))).toBe('imported');
    expect(rowStatus(row(1, { action: 'skipped', reason: 'exact_duplicate' }))).toBe('duplicate');
    expect(rowStatus(row(1, { action: 'skip', reason: 'error' }))).toBe('error');
    const details = rowDetails(
      'venues',
      row(1, {
        errors: [
          { field: 'name', message: 'Venue name is required' },
          { field: 'leagues.1', message: 'Invalid option' },
        ],
        matches: [
          { id: 'x', name: 'Staples Center', reason: 'Very similar name', similarity: 0.857, row: 0 },
          { id: '', name: 'Staples Centre', reason: 'Row 2: Exact name match', similarity: 1, row: 2 },
        ],
      }),
    );
    expect(details).toEqual([
      'Venue Name: Venue name is required',
      'Leagues: Invalid option',
      'Similar to Staples Center (existing, 86%)',
      'Same as Staples Centre (row 2, 100%)',
    ]);
    expect(rowTitle('venues', row(7))).toBe('Venue 7, "quoted"');
    expect(rowTitle('contacts', row(1, { values: { Venue: 'Arena', Name: 'Ann Lee' }, venueName: 'The Arena' }))).toBe('Ann Lee — The Arena');
  });
});
