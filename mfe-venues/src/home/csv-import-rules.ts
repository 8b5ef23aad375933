// The CSV import dialog's rules, free of React: what each preview row shows, which rows a commit
// sends, and how a file is cut into commit chunks (csv-stringify, the csv project's writer the gateway uses too).
import { stringify } from 'csv-stringify/browser/esm/sync';
import { CONTACT_CSV_COLUMNS, CSV_IMPORT_MAX_ROWS, VENUE_CSV_COLUMNS } from '@venuebook/domain';
import type { CsvImportKind, ImportResult, ImportRowResult } from '@venuebook/sdk';

/** Rows per commit request (the gateway takes at most 500): the progress bar moves once per chunk. */
export const IMPORT_CHUNK_ROWS = 100;
/** From this many rows the dialog shows a progress bar while it imports. */
export const IMPORT_PROGRESS_FROM_ROWS = 300;
/**
 * Rows a preview request answers: the whole file goes with each request and the server reads the rows before the
 * window for the in-file duplicates (a far-apart near-duplicate is found), so a larger file is previewed in steps
 * of this many rows, a progress bar moving once per step: the gateway's most, as each step sends the whole file.
 */
export const IMPORT_PREVIEW_WINDOW_ROWS = CSV_IMPORT_MAX_ROWS;
/** Preview rows the dialog lists at first (and adds per 'Show more rows'): rows to check first beyond it. */
export const IMPORT_SHOWN_ROWS = 200;
/** The gateway's limit on a CSV body (413 beyond it). */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export const IMPORT_KIND_LABELS: Record<CsvImportKind, string> = { venues: 'Venues', contacts: 'Contacts' };

export type RowStatus = 'create' | 'similar' | 'duplicate' | 'imported' | 'error';

/** A preview row's status badge. */
export function rowStatus(row: ImportRowResult): RowStatus {
  if (row.action === 'create' || row.action === 'created') return 'create';
  if (row.action === 'confirm') return 'similar';
  if (row.reason === 'already_imported') return 'imported';
  if (row.reason === 'exact_duplicate' || row.reason === 'not_confirmed') return 'duplicate';
  return 'error';
}

export const ROW_STATUS_LABELS: Record<RowStatus, string> = {
  create: 'Create',
  similar: 'Similar name',
  duplicate: 'Duplicate',
  imported: 'Already imported',
  error: 'Error',
};

export const ROW_STATUS_COLORS: Record<RowStatus, string> = { create: 'green', similar: 'orange', duplicate: 'gray', imported: 'gray', error: 'red' };

/** The name a row shows: the venue name, or the contact's name at its venue. */
export function rowTitle(kind: CsvImportKind, row: ImportRowResult): string {
  const value = (...keys: string[]) => {
    for (const [header, cell] of Object.entries(row.values)) if (keys.includes(header.toLowerCase().replace(/[\s_-]+/g, ''))) return cell;
    return '';
  };
  if (kind === 'venues') return value('venuename', 'name');
  const venue = row.venueName || value('venue', 'venuename', 'venueid');
  const name = value('name', 'contactname');
  return venue ? `${name} — ${venue}` : name;
}

/** '87%' (the duplicate dialog's rounding). */
export function percent(similarity: number): string {
  return `${Math.round(similarity * 100)}%`;
}

const COLUMN_OF_FIELD: Record<CsvImportKind, ReadonlyMap<string, string>> = {
  venues: new Map(VENUE_CSV_COLUMNS.flatMap((column) => (column.field ? [[column.field, column.header] as const] : []))),
  contacts: new Map(CONTACT_CSV_COLUMNS.flatMap((column) => (column.field ? [[column.field, column.header] as const] : []))),
};

/** The column an error names ('contactEmail' → 'Main Contact Email', 'leagues.1' → 'Leagues'). */
export function columnOf(kind: CsvImportKind, field: string): string {
  return COLUMN_OF_FIELD[kind].get(field.split('.')[0] ?? '') ?? field;
}

/** The lines under a row: its errors ('Column: message'), its matches ('Similar to X (existing, 87%)'), why it is skipped. */
export function rowDetails(kind: CsvImportKind, row: ImportRowResult): string[] {
  const lines = row.errors.map((error) => (error.field ? `${columnOf(kind, error.field)}: ${error.message}` : error.message));
  for (const match of row.matches) {
    const where = match.row > 0 ? `row ${match.row}` : 'existing';
    lines.push(`${match.similarity >= 1 ? 'Same as' : 'Similar to'} ${match.name} (${where}, ${percent(match.similarity)})`);
  }
  if (row.reason === 'already_imported') lines.push('This row was imported before');
  if (row.reason === 'not_confirmed') lines.push('Not confirmed');
  return lines;
}

/** How many rows a commit would create with these confirmations. */
export function rowsToCreate(preview: ImportResult, confirmed: ReadonlySet<number>): number {
  return preview.rows.filter((row) => row.action === 'create' || (row.action === 'confirm' && confirmed.has(row.row))).length;
}

export interface CommitChunk {
  /** The chunk as CSV: the file's header row, then its rows as read. */
  csv: string;
  /** The file row number of its first data row. */
  firstRow: number;
  /** Confirmed rows within the chunk. */
  confirm: number[];
  rows: number;
}

/**
 * The file again, cut into chunks of `size` rows for commit: each with the header, its rows' cells as the preview
 * read them, the number of its first row and its confirmed rows. Rows the preview skips go too (the server skips
 * them again), so row numbers stay those of the file.
 */
export function commitChunks(preview: ImportResult, confirmed: ReadonlySet<number>, size = IMPORT_CHUNK_ROWS): CommitChunk[] {
  const headers = [...new Set(preview.rows.flatMap((row) => Object.keys(row.values)))];
  const chunks: CommitChunk[] = [];
  for (let at = 0; at < preview.rows.length; at += size) {
    const rows = preview.rows.slice(at, at + size);
    const records = rows.map((row) => headers.map((header) => row.values[header] ?? ''));
    chunks.push({
      csv: stringify([headers, ...records]),
      firstRow: rows[0]?.row ?? 1,
      confirm: rows.filter((row) => row.action === 'confirm' && confirmed.has(row.row)).map((row) => row.row),
      rows: rows.length,
    });
  }
  return chunks;
}

/**
 * The whole file previewed in row windows of `window` rows (`run` sends the file with offset and limit): the first
 * answer says how many rows the file has, `progress` hears of each window answered. Answers one preview of every row.
 */
export async function previewInWindows(
  run: (window: { offset: number; limit: number }) => Promise<ImportResult>,
  progress: (done: number, total: number) => void,
  window = IMPORT_PREVIEW_WINDOW_ROWS,
): Promise<ImportResult> {
  const rows: ImportRowResult[] = [];
  const summary = { create: 0, confirm: 0, skip: 0, created: 0, skipped: 0 };
  let totalRows = 0;
  for (let offset = 0; offset === 0 || offset < totalRows; offset += window) {
    const answer = await run({ offset, limit: window });
    totalRows = answer.totalRows;
    rows.push(...answer.rows);
    for (const key of Object.keys(summary) as (keyof typeof summary)[]) summary[key] += answer.summary[key];
    progress(Math.min(offset + window, totalRows), totalRows);
  }
  return { mode: 'preview', rows, totalRows, summary };
}

/**
 * The preview rows the dialog lists: every row of a file of up to IMPORT_SHOWN_ROWS rows in file order; of a longer
 * one the first `count`, rows to check (similar names, errors, duplicates) before rows to create, each group in file order.
 */
export function shownRows(preview: ImportResult, count: number): ImportRowResult[] {
  if (preview.rows.length <= IMPORT_SHOWN_ROWS) return preview.rows;
  const order = (row: ImportRowResult): number => SHOWN_ORDER[rowStatus(row)];
  // A stable sort: file order within each group.
  return [...preview.rows].sort((a, b) => order(a) - order(b)).slice(0, count);
}

/** A long preview's groups: similar names first (they wait for 'Create Anyway'), then errors, duplicates, rows to create. */
const SHOWN_ORDER: Record<RowStatus, number> = { similar: 0, error: 1, duplicate: 2, imported: 3, create: 4 };

/** The result line: 'Created 12, skipped 3'. */
export function resultText(created: number, skipped: number): string {
  return `Created ${created}, skipped ${skipped}`;
}
