import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  API_ERROR_CODES,
  apiErrorResponses,
  can,
  contactInputFromCsv,
  contactInputSchema,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_COMMIT_ROWS,
  CSV_IMPORT_MAX_FILE_ROWS,
  CSV_IMPORT_MAX_ROWS,
  csvContactNameKey,
  csvFieldsByHeader,
  csvHeaderKey,
  csvImportQuerySchema,
  importResultSchema,
  isRole,
  toFieldErrors,
  venueInputFromCsv,
  venueInputSchema,
} from '@venuebook/domain';
import type { Action, CsvImportKind, CsvImportQuery, FieldError, ImportResult, ImportRowResult } from '@venuebook/domain';
import { importRowOutcomeFromProto } from '@venuebook/contracts/codecs/imports';
import type { ImportRowOutcome } from '@venuebook/contracts/codecs/imports';
import { venueInputToProto } from '@venuebook/contracts/codecs/venues';
import type { ImportVenueRowSchema } from '@venuebook/contracts/venues/v1';
import type { ImportContactRowSchema } from '@venuebook/contracts/venues/v1/imports';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
import { CsvFormatError, readCsv } from '../../../../../lib/csv.ts';
import type { CsvReading } from '../../../../../lib/csv.ts';
import { HttpError } from '../../../../../lib/error-mapping.ts';

/**
 * Rows per call to the venues service: at most the service's 2,000 and CALL_MAX_BYTES of cell text (with the earlier
 * rows, EARLIER_ROWS_MAX_BYTES, a call stays below the 4 MiB gRPC message limit). A whole preview window usually
 * goes in one call: each call rebuilds the file's earlier names in the service.
 */
const ROWS_PER_CALL = 2_000;
const CALL_MAX_BYTES = 1024 * 1024;

/** Consecutive [start, end) ranges of `sizes` of at most ROWS_PER_CALL items and CALL_MAX_BYTES (a larger item alone). */
function callRanges(sizes: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  let bytes = 0;
  sizes.forEach((size, index) => {
    if (index > start && (index - start >= ROWS_PER_CALL || bytes + size > CALL_MAX_BYTES)) {
      ranges.push([start, index]);
      start = index;
      bytes = 0;
    }
    bytes += size;
  });
  if (start < sizes.length) ranges.push([start, sizes.length]);
  return ranges;
}

/** A row's size in a call, estimated from its cells (UTF-8 at most 3 bytes a character, plus the field overhead). */
function rowBytes(cells: Readonly<Record<string, string>>): number {
  let bytes = 32;
  for (const cell of Object.values(cells)) bytes += cell.length * 3 + 8;
  return bytes;
}

/**
 * The deadline of an import call: a commit writes each row through the use cases (each write by `_id` a scan on
 * FerretDB v1: docs/decisions/0006-csv-import-in-bounded-windows.md), so a commit of CSV_IMPORT_MAX_COMMIT_ROWS (500)
 * rows can outlast the default GRPC_DEADLINE_MS. A call cut short is safe anyway: rows written keep their keys.
 */
const IMPORT_DEADLINE_MS = 120_000;

/** The call options of an import request's calls, made once per request (each grpcCallOptions adds a 'close' listener on the reply). */
type ImportCallOptions = ReturnType<typeof grpcCallOptions> & { deadlineMs: number };

/**
 * Bounds of the body, checked while it is read: a row more than a preview takes, more columns than any export has
 * (the export has 18) or a record beyond the longest valid venue (its text fields at their maximum lengths) stops
 * the reading with a 400.
 */
const CSV_IMPORT_MAX_COLUMNS = 100;
const CSV_IMPORT_MAX_RECORD_CHARS = 110_000;
/**
 * The names and leagues of a window's earlier rows at most (estimated as UTF-8): they go with each call of the window,
 * within the 4 MiB gRPC message (10,000 venue names of 60 characters take ~0.8 MB).
 */
const EARLIER_ROWS_MAX_BYTES = 2 * 1024 * 1024;
/** The longest Venue cell of a contact row (a venue name or id). */
const CONTACT_VENUE_MAX_LENGTH = 200;

/** The right an import needs, checked before the body is read (the service checks it again). */
const IMPORT_ACTION = { venues: 'venue.create', contacts: 'contact.create' } as const satisfies Record<CsvImportKind, Action>;

function importDescription(kind: CsvImportKind): string {
  return (
    `The CSV as the body (text/csv, at most ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB, 413 beyond), a header row first, at most ${CSV_IMPORT_MAX_COLUMNS} columns and ${CSV_IMPORT_MAX_RECORD_CHARS} characters a row (400 beyond); headers are matched ignoring case, spaces and '_' (the export's headers; unknown columns are ignored and left out of the answer). The right to import is checked before the body is read (403). ` +
    (kind === 'venues'
      ? "Venue Name is required; Leagues and Venue Types are lists separated by ';' (leagues by value or label, e.g. 'OTS'); Links one per line as 'Text | URL'. Duplicates: the duplicate check against existing venues and against earlier rows of the file (an exact match is skipped, a similar name is 'confirm': created only when its row is in `confirm`). "
      : 'Venue (its exact name, accents, case and punctuation aside) or Venue Id is required, Name is required. A contact with the same name at that venue (or on an earlier row) is skipped. ') +
    `A larger file (up to ${CSV_IMPORT_MAX_FILE_ROWS} rows) is sent whole with a row window (offset, limit): the rows before the window count for the in-file duplicates, and totalRows answers how many rows the file has. ` +
    `mode=preview (default, at most ${CSV_IMPORT_MAX_ROWS} rows a request: send a larger file whole with offset and limit, or in chunks, each with its header and firstRow) writes nothing and answers what commit would do with each row: the values read, the errors (spec §5 messages), the duplicates. mode=commit (at most ${CSV_IMPORT_MAX_COMMIT_ROWS} rows a request: send a larger file in chunks, each with its header and firstRow) creates the rows the preview would create through the same rules as the API, each once: a re-run of the same rows creates nothing (an import key per row). Needs the right to create ${kind} (403 otherwise).`
  );
}

/** A CSV body the import cannot use (400 with the field messages). */
class ImportBodyError extends Error {
  readonly fieldErrors: FieldError[];
  constructor(fieldErrors: FieldError[]) {
    super('Invalid CSV');
    this.fieldErrors = fieldErrors;
  }
}

interface ReadRow {
  row: number;
  /** header → cell, as read. */
  values: Record<string, string>;
  /** input field → cell. */
  cells: Record<string, string>;
}

/** What a request reads of its body: the rows it answers, what the in-file check needs of earlier rows, how many rows there are. */
interface ReadBody<E> {
  rows: ReadRow[];
  /** The rows before the window, as `earlier` kept them (valid rows only: an invalid row is no in-file duplicate). */
  earlier: E[];
  /** Data rows in the body. */
  totalRows: number;
}

/**
 * The body read as CSV: the rows of the request's window (offset, limit; every row without a limit), each with its
 * number in the whole file, its values and its cells by input field; the rows before the window through `earlier`
 * (for the file-level in-file duplicate check: a venue's name and leagues, a contact's venue and name), the rows
 * after it only counted. So a window of a 10 MB file holds its own rows and the earlier rows' names, not the file's records.
 */
function readBody<E>(
  kind: CsvImportKind,
  text: string,
  query: CsvImportQuery,
  earlier: (row: number, cells: Record<string, string>) => E | undefined,
): ReadBody<E> {
  const requestRows = query.mode === 'commit' ? CSV_IMPORT_MAX_COMMIT_ROWS : CSV_IMPORT_MAX_ROWS;
  const windowed = query.limit !== undefined;
  const maxRows = windowed ? CSV_IMPORT_MAX_FILE_ROWS : requestRows;
  const end = windowed ? query.offset + query.limit! : Number.MAX_SAFE_INTEGER;
  const fields = csvFieldsByHeader(kind);
  let used: { header: string; column: number; field: string }[] = [];
  let reading: CsvReading<{ window: ReadRow } | { earlier: E }>;
  try {
    reading = readCsv(text, { maxRows, maxColumns: CSV_IMPORT_MAX_COLUMNS, maxRecordSize: CSV_IMPORT_MAX_RECORD_CHARS }, (headers) => {
      const fieldOf = headers.map((header) => fields.get(csvHeaderKey(header)));
      // Only the columns the import reads are kept (the first of a field's columns); the others are ignored.
      used = headers.flatMap((header, column) => {
        const field = fieldOf[column];
        return field && fieldOf.indexOf(field) === column ? [{ header, column, field }] : [];
      });
      return (cell, index) => {
        if (index >= end) return undefined;
        const row = query.firstRow + index;
        const cells: Record<string, string> = {};
        for (const { column, field } of used) cells[field] = cell(column);
        if (index < query.offset) {
          const kept = earlier(row, cells);
          return kept === undefined ? undefined : { earlier: kept };
        }
        const values: Record<string, string> = {};
        for (const { header, field } of used) values[header] = cells[field]!;
        return { window: { row, values, cells } };
      };
    });
  } catch (error) {
    if (error instanceof CsvFormatError) throw new ImportBodyError([{ field: 'body', message: error.message }]);
    throw error;
  }
  const missing: string[] = [];
  const fieldsRead = new Set(used.map(({ field }) => field));
  if (!fieldsRead.has('name')) missing.push(kind === 'venues' ? 'Venue Name' : 'Name');
  if (kind === 'contacts' && !fieldsRead.has('venue') && !fieldsRead.has('venueId')) missing.push('Venue');
  if (missing.length > 0) throw new ImportBodyError([{ field: 'body', message: `The CSV has no ${missing.join(' or ')} column` }]);
  if (reading.rows > maxRows) {
    throw new ImportBodyError([
      {
        field: 'body',
        message: windowed ? `At most ${maxRows} rows per file; this file has more` : `At most ${maxRows} rows per ${query.mode} request; this file has more`,
      },
    ]);
  }
  const rows = reading.kept.flatMap((item) => ('window' in item ? [item.window] : []));
  if (rows.length > requestRows) throw new ImportBodyError([{ field: 'limit', message: `At most ${requestRows} rows per ${query.mode} request` }]);
  return { rows, earlier: reading.kept.flatMap((item) => ('earlier' in item ? [item.earlier] : [])), totalRows: reading.rows };
}

function errorRow(row: number, errors: FieldError[]): ImportRowOutcome {
  return { row, action: 'skip', reason: 'error', errors, matches: [], recordId: '', venueId: '', venueName: '' };
}

function answer(mode: CsvImportQuery['mode'], rows: ImportRowResult[], totalRows: number): ImportResult {
  const summary = { create: 0, confirm: 0, skip: 0, created: 0, skipped: 0 };
  for (const row of rows) summary[row.action] += 1;
  return { mode, rows, totalRows, summary };
}

type VenueRow = MessageInitShape<typeof ImportVenueRowSchema>;
type ContactRow = MessageInitShape<typeof ImportContactRowSchema>;

/** A request's rows and what the service decided for each (by row number). */
interface Imported {
  rows: ReadRow[];
  outcomes: Map<number, ImportRowOutcome>;
  totalRows: number;
}

/** /api/v1/imports: CSV import of venues and contacts, preview then commit. */
const importsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/csv'],
    { parseAs: 'string', bodyLimit: CSV_IMPORT_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  /** Venue rows: checked with venueInputSchema here (as POST /venues), the valid ones decided by the service. */
  async function importVenues(text: string, query: CsvImportQuery, callOptions: ImportCallOptions): Promise<Imported> {
    // Earlier rows of the file (before the window), for the in-file duplicates: valid rows' names and leagues only.
    const body = readBody('venues', text, query, (row, cells): VenueRow | undefined => {
      const parsed = venueInputSchema.safeParse(venueInputFromCsv(cells));
      return parsed.success ? { row, venue: { name: parsed.data.name, leagues: venueInputToProto(parsed.data).leagues ?? [] } } : undefined;
    });
    let earlierBytes = 0;
    for (const { venue } of body.earlier) earlierBytes += (venue?.name?.length ?? 0) * 3 + (venue?.leagues?.length ?? 0) * 16 + 16;
    if (earlierBytes > EARLIER_ROWS_MAX_BYTES) {
      throw new ImportBodyError([
        {
          field: 'body',
          message: `The venue names before row ${query.firstRow + query.offset} take more than ${EARLIER_ROWS_MAX_BYTES / 1024 / 1024} MB: import the file in parts`,
        },
      ]);
    }
    const outcomes = new Map<number, ImportRowOutcome>();
    const valid: VenueRow[] = [];
    const sizes: number[] = [];
    for (const { row, cells } of body.rows) {
      const parsed = venueInputSchema.safeParse(venueInputFromCsv(cells));
      if (parsed.success) {
        valid.push({ row, venue: venueInputToProto(parsed.data) });
        sizes.push(rowBytes(cells));
      } else outcomes.set(row, errorRow(row, toFieldErrors(parsed.error)));
    }
    for (const [at, end] of callRanges(sizes)) {
      // Earlier rows of the file, for the in-file duplicates: their names and leagues only.
      const earlierRows = [
        ...body.earlier,
        ...valid.slice(0, at).map(({ row, venue }) => ({ row, venue: { name: venue?.name ?? '', leagues: venue?.leagues ?? [] } })),
      ];
      const response = await fastify.venues.importVenues(
        { rows: valid.slice(at, end), commit: query.mode === 'commit', confirmedRows: query.confirm, earlierRows },
        callOptions,
      );
      for (const result of response.results) outcomes.set(result.row, importRowOutcomeFromProto(result));
    }
    return { rows: body.rows, outcomes, totalRows: body.totalRows };
  }

  /** Contact rows: the service checks them (contactInputSchema), finds their venue and same-name contacts. */
  async function importContacts(text: string, query: CsvImportQuery, callOptions: ImportCallOptions): Promise<Imported> {
    // Earlier rows of the file (before the window): valid rows' venue and name, the only things the in-file check reads.
    const body = readBody('contacts', text, query, (row, cells): ContactRow | undefined => {
      const { venue, input } = contactInputFromCsv(cells);
      if (venue.length > CONTACT_VENUE_MAX_LENGTH || !contactInputSchema.safeParse(input).success) return undefined;
      return { row, venue, contact: { name: typeof input.name === 'string' ? input.name : '' } };
    });
    const outcomes = new Map<number, ImportRowOutcome>();
    const sent: ContactRow[] = [];
    const sizes: number[] = [];
    /** Each sent row as an earlier row of the next calls: only what the in-file check reads (its venue and name), valid rows only. */
    const keys: ContactRow[] = [];
    for (const { row, cells } of body.rows) {
      const { venue, input } = contactInputFromCsv(cells);
      if (venue.length > CONTACT_VENUE_MAX_LENGTH) {
        outcomes.set(row, errorRow(row, [{ field: 'venue', message: `Venue must be at most ${CONTACT_VENUE_MAX_LENGTH} characters` }]));
        continue;
      }
      const text = (field: string): string => (typeof input[field] === 'string' ? (input[field] as string) : '');
      sent.push({ row, venue, contact: { name: text('name'), title: text('title'), phone: text('phone'), email: text('email'), tag: text('tag') } });
      sizes.push(rowBytes(cells));
      keys.push(contactInputSchema.safeParse(input).success ? { row, venue, contact: { name: text('name') } } : { row, venue: '', contact: { name: '' } });
    }
    // A contact is an in-file duplicate only of a row with the same name key: the file's earlier rows without one stay here.
    const names = new Set(sent.map(({ contact }) => csvContactNameKey(contact?.name)));
    const earlier = body.earlier.filter(({ contact }) => names.has(csvContactNameKey(contact?.name)));
    for (const [at, end] of callRanges(sizes)) {
      const response = await fastify.venues.importContacts(
        { rows: sent.slice(at, end), commit: query.mode === 'commit', confirmedRows: query.confirm, earlierRows: [...earlier, ...keys.slice(0, at)] },
        callOptions,
      );
      for (const result of response.results) outcomes.set(result.row, importRowOutcomeFromProto(result));
    }
    return { rows: body.rows, outcomes, totalRows: body.totalRows };
  }

  for (const kind of ['venues', 'contacts'] as const) {
    fastify.post(
      `/${kind}`,
      {
        bodyLimit: CSV_IMPORT_MAX_BYTES,
        // The right to import, before the body is read (up to 10 MB) and the query validated.
        onRequest: async (request) => {
          if (!can(isRole(request.auth?.role) ? request.auth?.role : undefined, IMPORT_ACTION[kind]))
            throw new HttpError(403, 'You do not have permission to do this');
        },
        schema: {
          tags: [kind],
          summary: kind === 'venues' ? 'Import venues from CSV' : 'Import contacts from CSV',
          description: importDescription(kind),
          querystring: csvImportQuerySchema,
          consumes: ['text/csv'],
          body: z.string().describe('The CSV text (text/csv)'),
          response: { 200: importResultSchema, ...apiErrorResponses(400, 401, 403, 413, 415, 500, 502, 503) },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const callOptions: ImportCallOptions = { ...grpcCallOptions(request, reply), deadlineMs: IMPORT_DEADLINE_MS };
        let imported: Imported;
        try {
          imported = kind === 'venues' ? await importVenues(request.body, query, callOptions) : await importContacts(request.body, query, callOptions);
        } catch (error) {
          if (!(error instanceof ImportBodyError)) throw error;
          return reply.code(400).send({ error: { code: API_ERROR_CODES.invalidArgument, message: 'Invalid CSV', details: error.fieldErrors } });
        }
        const { rows, outcomes, totalRows } = imported;
        const commit = query.mode === 'commit';
        return answer(
          query.mode,
          rows.map(({ row, values }) => {
            const outcome = outcomes.get(row) ?? errorRow(row, [{ field: '', message: 'Not processed' }]);
            return { ...outcome, action: commit && (outcome.action === 'skip' || outcome.action === 'confirm') ? 'skipped' : outcome.action, values };
          }),
          totalRows,
        );
      },
    );
  }
};

export default importsRoutes;
