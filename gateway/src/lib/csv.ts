// CSV reading and writing for the import and export routes, on the csv project's csv-parse and
// csv-stringify (RFC 4180 quoting, embedded commas, quotes and newlines, BOM and CRLF; streamed writing).
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import type { Stringifier } from 'csv-stringify';

/**
 * Spreadsheet formula injection (OWASP 'CSV Injection'): a cell starting with = + - @ or their full-width forms
 * ＝ ＋ － ＠ (also after leading whitespace, which a spreadsheet may skip), or with a tab or carriage return, may be
 * run as a formula, so it is written after an apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** A formula start, after any leading apostrophes (a value that is, or looks like, an escaped formula). */
const escapable = (value: string): boolean => FORMULA_START.test(value.replace(/^'+/, ''));

/**
 * The cell as exported: a formula start, also after apostrophes ("'=x" as typed), gets one apostrophe more. The rule
 * import undoes (importedCsvCell): exactly one apostrophe is taken off, and only when apostrophes and a formula
 * start follow it; any other apostrophe ("'quoted", "O'Brien") is kept. So an exported file imports as it was.
 */
export function safeCsvCell(value: string): string {
  return escapable(value) ? `'${value}` : value;
}

/** The import's reading of a cell: the apostrophe export put before a formula start taken off (see safeCsvCell). */
export function importedCsvCell(value: string): string {
  return value.startsWith("'") && escapable(value) ? value.slice(1) : value;
}

export interface ParsedCsv {
  headers: string[];
  /** Data rows (the header row aside), each cell as written (apostrophe of an exported formula taken off). */
  records: string[][];
}

/** A CSV that cannot be read (e.g. an unclosed quote), with csv-parse's message (it names the line). */
export class CsvFormatError extends Error {}

/** Bounds of an import body, checked while csv-parse reads it (a wide or long file stops early, never read whole). */
export interface CsvLimits {
  /** Data rows at most (the header aside): reading stops after one more, so that the caller can say the file is too long. */
  maxRows: number;
  /** Columns a record may have at most (a 400 'Too many columns' beyond). */
  maxColumns: number;
  /** Characters of one record at most (csv-parse's max_record_size). */
  maxRecordSize: number;
}

/**
 * Reads a CSV text: a BOM is dropped, CRLF or LF rows, blank lines skipped, short rows padded with ''. Stops after
 * `limits.maxRows + 1` data rows (so `records.length > maxRows` says the file is longer); a record with more than
 * `limits.maxColumns` cells or `limits.maxRecordSize` characters is a CsvFormatError.
 */
export function parseCsv(text: string, limits?: CsvLimits): ParsedCsv {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      ...(limits
        ? {
            to: limits.maxRows + 2,
            max_record_size: limits.maxRecordSize,
            on_record: (record: string[], context: { lines: number }) => {
              if (record.length > limits.maxColumns) throw new CsvFormatError(`Too many columns on line ${context.lines}: at most ${limits.maxColumns}`);
              return record;
            },
          }
        : {}),
    });
  } catch (error) {
    if (error instanceof CsvFormatError) throw error;
    throw new CsvFormatError(error instanceof Error ? error.message : String(error));
  }
  const [headers = [], ...records] = rows;
  return { headers: headers.map((header) => header.trim()), records: records.map((record) => record.map(importedCsvCell)) };
}

export interface CsvReading<T> {
  headers: string[];
  /** What `select` kept of the data rows, in their order. */
  kept: T[];
  /** Data rows read (at most `limits.maxRows + 1`: more says the file is longer than the limit). */
  rows: number;
}

/** Stops csv-parse once a text has more rows than a reading takes (everything needed is kept by then). */
class EnoughRows extends Error {}

/**
 * Reads a CSV text as parseCsv does, but keeps of each data row only what `select` makes of it (`undefined`: nothing),
 * so that a large file read for a few of its rows holds those rows, not every record: `select` gets the headers
 * once and answers the function each row goes through, with its index (0 = the first data row) and its cells as
 * import reads them (`cell(column)`, the export's apostrophe taken off). Stops after `limits.maxRows + 1` data rows.
 */
export function readCsv<T>(
  text: string,
  limits: CsvLimits,
  select: (headers: readonly string[]) => (cell: (column: number) => string, index: number) => T | undefined,
): CsvReading<T> {
  let headers: string[] | undefined;
  let pick: ((cell: (column: number) => string, index: number) => T | undefined) | undefined;
  const kept: T[] = [];
  let rows = 0;
  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: limits.maxRecordSize,
      on_record: (record: string[], context: { lines: number }) => {
        if (record.length > limits.maxColumns) throw new CsvFormatError(`Too many columns on line ${context.lines}: at most ${limits.maxColumns}`);
        if (!headers) {
          headers = record.map((header) => header.trim());
          pick = select(headers);
          return null;
        }
        if (rows === limits.maxRows + 1) throw new EnoughRows();
        const value = pick!((column) => importedCsvCell(record[column] ?? ''), rows);
        rows += 1;
        if (value !== undefined) kept.push(value);
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof EnoughRows)) {
      if (error instanceof CsvFormatError) throw error;
      throw new CsvFormatError(error instanceof Error ? error.message : String(error));
    }
  }
  return { headers: headers ?? [], kept, rows };
}

/** A streamed CSV writer with the header row; every cell goes through safeCsvCell. Pipe it to the reply. */
export function csvWriter(headers: readonly string[]): Stringifier {
  const writer = stringify({ bom: true, record_delimiter: 'windows', cast: { string: safeCsvCell } });
  writer.write(headers.map(safeCsvCell));
  return writer;
}
