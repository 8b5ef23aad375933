// CSV export and import of venues and contacts: the columns (one list for both directions), the
// mapping of a CSV record to the input the shared schemas check (venueInputSchema, contactInputSchema) and the
// HTTP answers of the import. The CSV text itself is read and written by the gateway (csv-parse, csv-stringify).
import { z } from 'zod';
import { fieldErrorSchema } from '../shared/api-errors.schema.ts';
import { parseLeague } from './leagues.ts';
import type { ContactListItem } from '../contacts/contact.schema.ts';
import type { Link, Venue } from './venue.schema.ts';

/** One CSV column: its header (matched case- and space-insensitively on import) and whether import reads it. */
export interface CsvColumn<T> {
  header: string;
  value(record: T): string;
  /** The input field the column fills on import (absent: export only, e.g. ids and times). */
  field?: string;
  /** A contact detail (a main contact's or a contact's name, title, phone, email): left out for viewers. */
  detail?: true;
}

/** Several values in one cell (leagues, venue types): separated by ';' (',' is accepted on import too). */
export const CSV_LIST_SEPARATOR = '; ';

/** A venue's links, one per line: 'Display text | https://…'. */
export const CSV_LINK_SEPARATOR = ' | ';

function linksCell(links: readonly Link[]): string {
  return links.map((link) => `${link.displayText}${CSV_LINK_SEPARATOR}${link.url}`).join('\n');
}

/** Every user-visible field of a venue, in the order of the add-venue form (spec §2), then ids and times. */
export const VENUE_CSV_COLUMNS: readonly CsvColumn<Venue>[] = [
  { header: 'Venue Name', field: 'name', value: (v) => v.name },
  { header: 'Country', field: 'country', value: (v) => v.country },
  { header: 'Address', field: 'address', value: (v) => v.address },
  { header: 'Display City As', field: 'displayCityAs', value: (v) => v.displayCityAs },
  { header: 'Deliveries Address', field: 'deliveryAddress', value: (v) => v.deliveryAddress },
  { header: 'Delivery Notes', field: 'deliveryNotes', value: (v) => v.deliveryNotes },
  { header: 'Website', field: 'website', value: (v) => v.website },
  { header: 'Main Contact Name', field: 'contactName', detail: true, value: (v) => v.contactName ?? '' },
  { header: 'Main Contact Title', field: 'contactTitle', detail: true, value: (v) => v.contactTitle ?? '' },
  { header: 'Main Contact Phone', field: 'contactPhone', detail: true, value: (v) => v.contactPhone ?? '' },
  { header: 'Main Contact Email', field: 'contactEmail', detail: true, value: (v) => v.contactEmail ?? '' },
  { header: 'Venue Types', field: 'venueTypes', value: (v) => v.venueTypes.join(CSV_LIST_SEPARATOR) },
  { header: 'Leagues', field: 'leagues', value: (v) => v.leagues.join(CSV_LIST_SEPARATOR) },
  { header: 'General Venue Notes', field: 'generalNotes', value: (v) => v.generalNotes },
  { header: 'Links', field: 'links', value: (v) => linksCell(v.links) },
  { header: 'Created At', value: (v) => v.createdAt },
  { header: 'Updated At', value: (v) => v.updatedAt },
  { header: 'Venue Id', value: (v) => v.id },
];

/** Every user-visible field of a contact with its venue's name (the all-contacts list). */
export const CONTACT_CSV_COLUMNS: readonly CsvColumn<ContactListItem>[] = [
  { header: 'Venue', field: 'venue', value: (c) => c.venueName },
  { header: 'Name', field: 'name', detail: true, value: (c) => c.name ?? '' },
  { header: 'Title', field: 'title', detail: true, value: (c) => c.title ?? '' },
  { header: 'Phone', field: 'phone', detail: true, value: (c) => c.phone ?? '' },
  { header: 'Email', field: 'email', detail: true, value: (c) => c.email ?? '' },
  { header: 'Tag', field: 'tag', value: (c) => c.tag },
  { header: 'Main Contact', value: (c) => (c.isCurrentMainContact ? 'Yes' : 'No') },
  { header: 'Created At', value: (c) => c.createdAt },
  { header: 'Venue Id', field: 'venueId', value: (c) => c.venueId },
  { header: 'Contact Id', value: (c) => c.id },
];

/** The columns a caller gets: without the contact-detail columns when details are hidden (viewers, spec §5). */
export function csvColumnsFor<T>(columns: readonly CsvColumn<T>[], detailsHidden: boolean): readonly CsvColumn<T>[] {
  return detailsHidden ? columns.filter((column) => !column.detail) : columns;
}

/** A header as matched on import: lowercased, spaces, '_' and '-' removed ('venue_name' = 'Venue Name'). */
export function csvHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[\s_\-*]+/g, '');
}

/** Extra header spellings accepted on import, by kind (header key → input field). */
const HEADER_ALIASES: Readonly<Record<CsvImportKind, Readonly<Record<string, string>>>> = {
  venues: { name: 'name', deliveryaddress: 'deliveryAddress', generalnotes: 'generalNotes', types: 'venueTypes', league: 'leagues' },
  contacts: { venuename: 'venue', contactname: 'name', email: 'email' },
};

/** Header key → input field for a kind of record (the import's column map). */
export function csvFieldsByHeader(kind: CsvImportKind): Map<string, string> {
  const columns: readonly { header: string; field?: string }[] = kind === 'venues' ? VENUE_CSV_COLUMNS : CONTACT_CSV_COLUMNS;
  const map = new Map<string, string>(Object.entries(HEADER_ALIASES[kind]));
  for (const column of columns) if (column.field) map.set(csvHeaderKey(column.header), column.field);
  return map;
}

export const CSV_IMPORT_KINDS = ['venues', 'contacts'] as const;
export type CsvImportKind = (typeof CSV_IMPORT_KINDS)[number];

function listCell(cell: string): string[] {
  return cell
    .split(/[;,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A link line 'Text | URL' (or a bare URL, shown as itself). */
function linkOf(line: string): { displayText: string; url: string } {
  const at = line.lastIndexOf('|');
  if (at < 0) return { displayText: line.trim(), url: line.trim() };
  return { displayText: line.slice(0, at).trim(), url: line.slice(at + 1).trim() };
}

/**
 * A CSV record (field → cell) as venue input for venueInputSchema: leagues by value or label ('OTS'), lists
 * split on ';' or ','; an unknown league is kept as written so that the schema names it.
 */
export function venueInputFromCsv(cells: Readonly<Record<string, string>>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, cell] of Object.entries(cells)) {
    if (field === 'leagues') input.leagues = listCell(cell).map((league) => parseLeague(league) ?? league);
    else if (field === 'venueTypes') input.venueTypes = listCell(cell);
    else if (field === 'links')
      input.links = cell
        .split(/\r?\n/)
        .filter((line) => line.trim())
        .map(linkOf);
    else input[field] = cell;
  }
  if (input.name === undefined) input.name = '';
  return input;
}

/** A CSV record as contact input for contactInputSchema (empty optional fields left out, spec §5) and its venue. */
export function contactInputFromCsv(cells: Readonly<Record<string, string>>): { venue: string; input: Record<string, unknown> } {
  const input: Record<string, unknown> = { name: cells.name ?? '' };
  for (const field of ['title', 'phone', 'email', 'tag'] as const) if (cells[field]?.trim()) input[field] = cells[field];
  return { venue: (cells.venueId ?? '').trim() || (cells.venue ?? '').trim(), input };
}

/**
 * A contact's name as the import's duplicate check compares it: case, punctuation and spacing aside, digits kept
 * ('Guard 1' and 'Guard 2' are two people; the add-contact warning's looser rule drops digits). Shared: the gateway
 * sends a preview window only the earlier rows whose name key one of its rows has (no other can be an in-file match).
 */
export function csvContactNameKey(name: string | null | undefined): string {
  return (name ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---- The import's HTTP contract ------------------------------------------------------------

export const CSV_IMPORT_MODES = ['preview', 'commit'] as const;

/** The largest row number of an import (firstRow, confirm): far beyond any file the size limit lets through, within int32. */
export const CSV_IMPORT_MAX_ROW_NUMBER = 10_000_000;

/** Rows per commit request: a larger file is committed in chunks (the UI shows their progress). */
export const CSV_IMPORT_MAX_COMMIT_ROWS = 500;
/** Rows a preview takes at once (the duplicate check of a row is scored against existing venues and earlier rows). */
export const CSV_IMPORT_MAX_ROWS = 2_000;
/**
 * Data rows a whole file may have (a company has up to 10,000 venues and 50,000 contacts: a full export imports
 * again); a preview window reads the file up to here, 400 beyond.
 */
export const CSV_IMPORT_MAX_FILE_ROWS = 60_000;
/** The largest CSV body (413 beyond it). */
export const CSV_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const csvImportQuerySchema = z
  .object({
    mode: z.enum(CSV_IMPORT_MODES).default('preview').describe("'preview' (default): nothing is written; 'commit': creates the rows the preview would create"),
    confirm: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'Row numbers separated by commas')
      .optional()
      .transform((rows) => (rows ? rows.split(',').map(Number) : []))
      .refine((rows) => rows.every((row) => row <= CSV_IMPORT_MAX_ROW_NUMBER), `Row numbers are at most ${CSV_IMPORT_MAX_ROW_NUMBER}`)
      .describe("Rows the user confirmed despite similar names ('Create Anyway'; never an exact match), e.g. '3,17'"),
    firstRow: z.coerce
      .number()
      .int()
      .min(1)
      .max(CSV_IMPORT_MAX_ROW_NUMBER)
      .default(1)
      .describe('The number of the first data row of this body in the whole file (a chunk of a larger file)'),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(CSV_IMPORT_MAX_ROW_NUMBER)
      .default(0)
      .describe('Row window: data rows of the body before the window (read for the in-file duplicate check only, not answered)'),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CSV_IMPORT_MAX_ROWS)
      .optional()
      .describe(
        `Row window: the rows answered, from row offset + 1 of the body (a preview at most ${CSV_IMPORT_MAX_ROWS}, a commit ${CSV_IMPORT_MAX_COMMIT_ROWS}); the body may then be the whole file (up to ${CSV_IMPORT_MAX_FILE_ROWS} rows) and the answer's totalRows says how many it has. Without limit every row of the body from offset + 1 is answered, and the body has at most as many rows as a request takes`,
      ),
  })
  .describe('CSV import options');
export type CsvImportQuery = z.output<typeof csvImportQuerySchema>;

export const importMatchSchema = z
  .object({
    id: z.string().describe("The existing venue or contact ('' for an earlier row of the file)"),
    name: z.string(),
    reason: z.string(),
    similarity: z.number().min(0).max(1),
    row: z.number().int().min(0).describe('The earlier row of the same file (0 for an existing record)'),
  })
  .meta({ id: 'ImportMatch', description: 'A venue (or contact) a row resembles' });
export type ImportMatch = z.infer<typeof importMatchSchema>;

export const IMPORT_ACTIONS = ['create', 'confirm', 'skip', 'created', 'skipped'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importRowResultSchema = z
  .object({
    row: z.number().int().min(1).describe('Row number in the file (1 = the first row under the header)'),
    values: z.record(z.string(), z.string()).describe('The row as read (header → cell)'),
    action: z
      .enum(IMPORT_ACTIONS)
      .describe("Preview: 'create', 'confirm' (similar names: created only when confirmed) or 'skip'; commit: 'created' or 'skipped'"),
    reason: z.string().describe("'error', 'already_imported', 'exact_duplicate', 'similar', 'not_confirmed', 'venue_not_found' or ''"),
    errors: z.array(fieldErrorSchema).describe('Field messages of the shared schemas (spec §5)'),
    matches: z.array(importMatchSchema).describe('Duplicates: existing venues (contacts: same-name contacts of the venue) and earlier rows'),
    recordId: z.string().describe("The venue or contact created ('' otherwise)"),
    venueId: z.string().describe("Contacts: the venue found ('' otherwise)"),
    venueName: z.string(),
  })
  .meta({ id: 'ImportRowResult', description: 'What an import does with one row' });
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importResultSchema = z
  .object({
    mode: z.enum(CSV_IMPORT_MODES),
    rows: z.array(importRowResultSchema),
    totalRows: z.number().int().min(0).describe('Data rows in the body (a preview window answers some of them)'),
    summary: z
      .object({ create: z.number().int(), confirm: z.number().int(), skip: z.number().int(), created: z.number().int(), skipped: z.number().int() })
      .describe('Rows by action'),
  })
  .meta({ id: 'ImportResult', description: 'A CSV import preview or commit' });
export type ImportResult = z.infer<typeof importResultSchema>;
