// CSV reading and writing for the import and export routes (issue 11), on the csv project's csv-parse and
// csv-stringify (RFC 4180 quoting, embedded commas, quotes and newlines, BOM and CRLF; streamed writing).
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import type { Stringifier } from 'csv-stringify';

/**
 * Spreadsheet formula injection (OWASP 'CSV Injection'): a cell starting with = + - @ (or a tab or carriage return
 * a spreadsheet may skip) is run as a formula, so it is written after an apostrophe, which spreadsheets show as
 * text. Import takes that apostrophe off again, so an exported file imports as it was.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The import's reading of a cell: the apostrophe export put before a formula character taken off. */
export function importedCsvCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export interface ParsedCsv {
  headers: string[];
  /** Data rows (the header row aside), each cell as written (apostrophe of an exported formula taken off). */
  records: string[][];
}

/** A CSV that cannot be read (e.g. an unclosed quote), with csv-parse's message (it names the line). */
export class CsvFormatError extends Error {}

/** Reads a whole CSV text: a BOM is dropped, CRLF or LF rows, blank lines skipped, short rows padded with ''. */
export function parseCsv(text: string): ParsedCsv {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true });
  } catch (error) {
    throw new CsvFormatError(error instanceof Error ? error.message : String(error));
  }
  const [headers = [], ...records] = rows;
  return { headers: headers.map((header) => header.trim()), records: records.map((record) => record.map(importedCsvCell)) };
}

/** A streamed CSV writer with the header row; every cell goes through safeCsvCell. Pipe it to the reply. */
export function csvWriter(headers: readonly string[]): Stringifier {
  const writer = stringify({ bom: true, record_delimiter: 'windows', cast: { string: safeCsvCell } });
  writer.write(headers.map(safeCsvCell));
  return writer;
}
