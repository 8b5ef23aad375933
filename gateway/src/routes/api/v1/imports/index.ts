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
  CSV_IMPORT_MAX_ROWS,
  csvFieldsByHeader,
  csvHeaderKey,
  csvImportQuerySchema,
  importResultSchema,
  isRole,
  toFieldErrors,
  venueInputFromCsv,
  venueInputSchema,
} from '@venuebook/proto/domain';
import type { Action, CsvImportKind, CsvImportQuery, FieldError, ImportResult, ImportRowResult } from '@venuebook/proto/domain';
import { importRowOutcomeFromProto } from '@venuebook/proto/codecs/imports';
import type { ImportRowOutcome } from '@venuebook/proto/codecs/imports';
import { venueInputToProto } from '@venuebook/proto/codecs/venues';
import type { ImportVenueRowSchema } from '@venuebook/proto/venues/v1';
import type { ImportContactRowSchema } from '@venuebook/proto/venues/v1/imports';
import { grpcCallOptions } from '../../../../lib/grpc-call.ts';
import { CsvFormatError, parseCsv } from '../../../../lib/csv.ts';
import { HttpError } from '../../../../lib/error-mapping.ts';

/** Rows per call to the venues service (a call stays far below the gRPC message limit). */
const ROWS_PER_CALL = 500;

/**
 * The deadline of an import call: a commit writes each row through the use cases (~30 ms a venue on FerretDB), so
 * 500 rows outlast the default GRPC_DEADLINE_MS. A call cut short is safe anyway: rows written keep their keys.
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
    `mode=preview (default, at most ${CSV_IMPORT_MAX_ROWS} rows a request: send a larger file in chunks, each with its header and firstRow) writes nothing and answers what commit would do with each row: the values read, the errors (spec §5 messages), the duplicates. mode=commit (at most ${CSV_IMPORT_MAX_COMMIT_ROWS} rows a request: send a larger file in chunks, each with its header and firstRow) creates the rows the preview would create through the same rules as the API, each once: a re-run of the same rows creates nothing (an import key per row). Needs the right to create ${kind} (403 otherwise).`
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

/** The body read as CSV: each row with its number in the whole file, its values and its cells by input field. */
function readRows(kind: CsvImportKind, text: string, query: CsvImportQuery): ReadRow[] {
  const limit = query.mode === 'commit' ? CSV_IMPORT_MAX_COMMIT_ROWS : CSV_IMPORT_MAX_ROWS;
  let parsed;
  try {
    parsed = parseCsv(text, { maxRows: limit, maxColumns: CSV_IMPORT_MAX_COLUMNS, maxRecordSize: CSV_IMPORT_MAX_RECORD_CHARS });
  } catch (error) {
    if (error instanceof CsvFormatError) throw new ImportBodyError([{ field: 'body', message: error.message }]);
    throw error;
  }
  const { headers, records } = parsed;
  const fields = csvFieldsByHeader(kind);
  const fieldOf = headers.map((header) => fields.get(csvHeaderKey(header)));
  const missing: string[] = [];
  if (!fieldOf.includes('name')) missing.push(kind === 'venues' ? 'Venue Name' : 'Name');
  if (kind === 'contacts' && !fieldOf.includes('venue') && !fieldOf.includes('venueId')) missing.push('Venue');
  if (missing.length > 0) throw new ImportBodyError([{ field: 'body', message: `The CSV has no ${missing.join(' or ')} column` }]);
  if (records.length > limit) throw new ImportBodyError([{ field: 'body', message: `At most ${limit} rows per ${query.mode} request; this file has more` }]);
  // Only the columns the import reads are kept (the first of a field's columns); the others are ignored.
  const used = headers.flatMap((header, column) => {
    const field = fieldOf[column];
    return field && fieldOf.indexOf(field) === column ? [{ header, column, field }] : [];
  });
  return records.map((record, index) => {
    const values: Record<string, string> = {};
    const cells: Record<string, string> = {};
    for (const { header, column, field } of used) {
      const cell = record[column] ?? '';
      values[header] = cell;
      cells[field] = cell;
    }
    return { row: query.firstRow + index, values, cells };
  });
}

function errorRow(row: number, errors: FieldError[]): ImportRowOutcome {
  return { row, action: 'skip', reason: 'error', errors, matches: [], recordId: '', venueId: '', venueName: '' };
}

function answer(mode: CsvImportQuery['mode'], rows: ImportRowResult[]): ImportResult {
  const summary = { create: 0, confirm: 0, skip: 0, created: 0, skipped: 0 };
  for (const row of rows) summary[row.action] += 1;
  return { mode, rows, summary };
}

/** /api/v1/imports: CSV import of venues and contacts, preview then commit (issue 11). */
const importsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addContentTypeParser(['text/csv', 'text/plain', 'application/csv'], { parseAs: 'string', bodyLimit: CSV_IMPORT_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  /** Venue rows: checked with venueInputSchema here (as POST /venues), the valid ones decided by the service. */
  async function importVenues(rows: ReadRow[], query: CsvImportQuery, callOptions: ImportCallOptions): Promise<Map<number, ImportRowOutcome>> {
    const outcomes = new Map<number, ImportRowOutcome>();
    const valid: MessageInitShape<typeof ImportVenueRowSchema>[] = [];
    for (const { row, cells } of rows) {
      const parsed = venueInputSchema.safeParse(venueInputFromCsv(cells));
      if (parsed.success) valid.push({ row, venue: venueInputToProto(parsed.data) });
      else outcomes.set(row, errorRow(row, toFieldErrors(parsed.error)));
    }
    for (let at = 0; at < valid.length; at += ROWS_PER_CALL) {
      // Earlier rows of the file, for the in-file duplicates: their names and leagues only.
      const earlierRows = valid.slice(0, at).map(({ row, venue }) => ({ row, venue: { name: venue?.name ?? '', leagues: venue?.leagues ?? [] } }));
      const response = await fastify.venues.importVenues(
        { rows: valid.slice(at, at + ROWS_PER_CALL), commit: query.mode === 'commit', confirmedRows: query.confirm, earlierRows },
        callOptions,
      );
      for (const result of response.results) outcomes.set(result.row, importRowOutcomeFromProto(result));
    }
    return outcomes;
  }

  /** Contact rows: the service checks them (contactInputSchema), finds their venue and same-name contacts. */
  async function importContacts(rows: ReadRow[], query: CsvImportQuery, callOptions: ImportCallOptions): Promise<Map<number, ImportRowOutcome>> {
    const outcomes = new Map<number, ImportRowOutcome>();
    const sent: MessageInitShape<typeof ImportContactRowSchema>[] = [];
    /** Each sent row as an earlier row of the next calls: only what the in-file check reads (its venue and name), valid rows only. */
    const keys: MessageInitShape<typeof ImportContactRowSchema>[] = [];
    for (const { row, cells } of rows) {
      const { venue, input } = contactInputFromCsv(cells);
      if (venue.length > CONTACT_VENUE_MAX_LENGTH) {
        outcomes.set(row, errorRow(row, [{ field: 'venue', message: `Venue must be at most ${CONTACT_VENUE_MAX_LENGTH} characters` }]));
        continue;
      }
      const text = (field: string): string => (typeof input[field] === 'string' ? (input[field] as string) : '');
      sent.push({ row, venue, contact: { name: text('name'), title: text('title'), phone: text('phone'), email: text('email'), tag: text('tag') } });
      keys.push(contactInputSchema.safeParse(input).success ? { row, venue, contact: { name: text('name') } } : { row, venue: '', contact: { name: '' } });
    }
    for (let at = 0; at < sent.length; at += ROWS_PER_CALL) {
      const response = await fastify.venues.importContacts(
        { rows: sent.slice(at, at + ROWS_PER_CALL), commit: query.mode === 'commit', confirmedRows: query.confirm, earlierRows: keys.slice(0, at) },
        callOptions,
      );
      for (const result of response.results) outcomes.set(result.row, importRowOutcomeFromProto(result));
    }
    return outcomes;
  }

  for (const kind of ['venues', 'contacts'] as const) {
    fastify.post(
      `/${kind}`,
      {
        bodyLimit: CSV_IMPORT_MAX_BYTES,
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
        if (!can(isRole(request.auth?.role) ? request.auth?.role : undefined, IMPORT_ACTION[kind])) throw new HttpError(403, 'You do not have permission to do this');
        const query = request.query;
        let rows: ReadRow[];
        try {
          rows = readRows(kind, request.body, query);
        } catch (error) {
          if (!(error instanceof ImportBodyError)) throw error;
          return reply.code(400).send({ error: { code: API_ERROR_CODES.invalidArgument, message: 'Invalid CSV', details: error.fieldErrors } });
        }
        const callOptions: ImportCallOptions = { ...grpcCallOptions(request, reply), deadlineMs: IMPORT_DEADLINE_MS };
        const outcomes = kind === 'venues' ? await importVenues(rows, query, callOptions) : await importContacts(rows, query, callOptions);
        const commit = query.mode === 'commit';
        return answer(
          query.mode,
          rows.map(({ row, values }) => {
            const outcome = outcomes.get(row) ?? errorRow(row, [{ field: '', message: 'Not processed' }]);
            return { ...outcome, action: commit && (outcome.action === 'skip' || outcome.action === 'confirm') ? 'skipped' : outcome.action, values };
          }),
        );
      },
    );
  }
};

export default importsRoutes;
