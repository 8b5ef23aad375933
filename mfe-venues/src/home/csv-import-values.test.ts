import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ImportResult, ImportRowResult } from '@venuebook/sdk';
import { commitChunks, rowDetails, rowStatus, rowsToCreate, rowTitle } from './csv-import-values.ts';

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

const preview = (rows: ImportRowResult[]): ImportResult => ({ mode: 'preview', rows, summary: { create: 0, confirm: 0, skip: 0, created: 0, skipped: 0 } });

describe('CSV import dialog rules', () => {
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
    const rows = [row(1), row(2, { action: 'confirm', reason: 'similar' }), row(3, { action: 'skip', reason: 'exact_duplicate' }), row(4, { action: 'confirm', reason: 'similar' })];
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
    expect(details).toEqual(['Venue Name: Venue name is required', 'Leagues: Invalid option', 'Similar to Staples Center (existing, 86%)', 'Same as Staples Centre (row 2, 100%)']);
    expect(rowTitle('venues', row(7))).toBe('Venue 7, "quoted"');
    expect(rowTitle('contacts', row(1, { values: { Venue: 'Arena', Name: 'Ann Lee' }, venueName: 'The Arena' }))).toBe('Ann Lee — The Arena');
  });
});
