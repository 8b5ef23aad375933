// CSV import and export. The gateway parses the CSV and checks each row with the shared schemas; here
// each row is checked again, its duplicates found (existing venues or contacts from the read models, earlier rows
// of the same request) and, on commit, written through the same use cases as the API (permissions, audit,
// events, the main-contact rule) under an import key claimed first (repositories/import-key.repository.ts),
// so that a re-run, a double click or two replicas never create a row twice.
import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { can, contactInputSchema, CSV_IMPORT_MAX_FILE_ROWS, csvContactNameKey, isRole, toFieldErrors } from '@venuebook/domain';
import type { DuplicateCheckRequest, FieldError, ImportMatch } from '@venuebook/domain';
import type { ImportRowOutcome } from '@venuebook/contracts/codecs/imports';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import type { Locks } from '@venuebook/service-kit';
import { contactFieldsOf } from '../domain/contact.ts';
import { DUPLICATE_CHECK_DEFAULT_LEAGUES, MAX_SIMILAR_VENUES, normaliseVenueName } from '../domain/duplicate-names.ts';
import { InFileNames } from '../domain/in-file-names.ts';
import { isVenueId, validateListRequest, validateVenueInput } from '../domain/venue-rules.ts';
import type { RawListRequest } from '../domain/venue-rules.ts';
import type { VenueFields, VenueRecord } from '../domain/venue.ts';
import type { ContactReadModel } from '../read-model/contact-read-model.ts';
import { checkDuplicates, duplicateChecker } from '../read-model/duplicate-check.ts';
import type { VenueCache } from '../read-model/venue-cache.ts';
import type { VenueReadModel } from '../read-model/venue-read-model.ts';
import type { ImportKeyRecord, ImportKeyRepository } from '../repositories/import-key.repository.ts';
import type { VenueRepository } from '../repositories/venue.repository.ts';
import { CUSTOM_TAG_REFUSED } from './contacts.ts';
import type { createContactUseCases } from './contacts.ts';
import type { createVenueUseCases } from './venues.ts';

/** Rows one request may carry (the gateway sends a larger file in chunks). */
export const MAX_IMPORT_ROWS_PER_CALL = 2_000;
/** Earlier rows one request may carry (a row window of a whole file: its rows before the window, names only). */
export const MAX_IMPORT_EARLIER_ROWS = CSV_IMPORT_MAX_FILE_ROWS;
/** Rows a preview or commit plans between two turns of the event loop (other users' calls are served meanwhile). */
const YIELD_EVERY_ROWS = 20;
/** From this many rows a call checks its names against an index of the venues made once (duplicateChecker), not each against every venue. */
const INDEXED_CHECK_FROM_ROWS = 50;
/** Venues one export call answers at most, and the bytes of venue text it stops at (the gRPC message limit is 4 MiB). */
export const EXPORT_MAX_VENUES = 1000;
export const EXPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Point reads of an export slice under way at once (cache misses: `_id` reads). */
const EXPORT_READ_CONCURRENCY = 16;

/** A key claimed this long ago without a record: its process stopped before writing (a write takes well under a minute). */
export const IMPORT_CLAIM_TIMEOUT_MS = 5 * 60_000;
/** How long a key's new record may take to reach another replica's read models (events arrive in well under a second). */
const READ_MODEL_LAG_MS = 10_000;
/** Import-key reads of a preview under way at once. */
const KEY_READ_CONCURRENCY = 16;
/** Venue rows written at once on commit (each its own venue: no lock between them). Contacts go one by one (one venue's lock). */
const VENUE_WRITE_CONCURRENCY = 4;

export interface VenueImportRow {
  row: number;
  input: unknown;
}

export interface ContactImportRow {
  row: number;
  /** The venue's id or name. */
  venue: string;
  input: unknown;
}

export interface ImportRequest<R> {
  rows: readonly R[];
  commit: boolean;
  confirmedRows: readonly number[];
  /** Rows of the same file sent before these (a large file in several calls): compared for in-file duplicates only. */
  earlierRows?: readonly R[];
  /** The call's cancellation: a cancelled preview or commit stops between rows. */
  signal?: AbortSignal;
}

export interface ImportDeps {
  venueUseCases: ReturnType<typeof createVenueUseCases>;
  contactUseCases: ReturnType<typeof createContactUseCases>;
  venues: VenueReadModel;
  contacts: ContactReadModel;
  venueRepository: VenueRepository;
  venueCache?: VenueCache;
  importKeys: ImportKeyRepository;
  /** The service's locks: a stale import key is taken over under `import-key:<key>`. */
  locks: Locks;
}

/** The key of an import row: its kind and its values as the schema normalised them (keys in a fixed order). */
export function importKey(kind: string, values: Record<string, unknown>): string {
  const ordered = Object.fromEntries(
    Object.keys(values)
      .sort()
      .map((key) => [key, values[key]]),
  );
  return createHash('sha256')
    .update(`${kind}\n${JSON.stringify(ordered)}`)
    .digest('hex');
}

/**
 * A contact's name as the import's duplicate check compares it: case, punctuation and spacing aside, digits kept
 * ('Guard 1' and 'Guard 2' are two people; normalizeContactName, the add-contact warning's looser rule, drops digits).
 * Shared with the gateway (csvContactNameKey), which sends a row window only the earlier rows it can match.
 */
export const importContactName: (name: string | null | undefined) => string = csvContactNameKey;

/** Runs `work` over `items` with at most `limit` under way, answering in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function outcome(row: number, fields: Partial<ImportRowOutcome>): ImportRowOutcome {
  return { row, action: 'skip', reason: '', errors: [], matches: [], recordId: '', venueId: '', venueName: '', ...fields };
}

/** A failed write as row errors: the field messages of an invalid row, else the error's message. */
function errorsOf(error: unknown): FieldError[] {
  if (error instanceof GrpcError) {
    if (error.code === GrpcStatus.INTERNAL || error.code === GrpcStatus.UNAVAILABLE) throw error;
    return error.fieldErrors.length > 0 ? error.fieldErrors : [{ field: '', message: error.message }];
  }
  throw error;
}

/** A row checked and scored: what the preview shows, and what commit writes. */
interface Planned<V> {
  outcome: ImportRowOutcome;
  /** The import key of a valid row (also when it is skipped as a duplicate: 'already_imported' says more). */
  key?: string;
  /** Set when the row may be written (create, or confirm when confirmed). */
  write?: { key: string; value: V };
}

export function createImportUseCases(deps: ImportDeps) {
  const { venueUseCases, contactUseCases, venues, contacts, venueRepository, venueCache, importKeys, locks } = deps;

  function requireRows(rows: readonly unknown[], field = 'rows', max = MAX_IMPORT_ROWS_PER_CALL): void {
    if (rows.length > max)
      throw GrpcError.invalidArgument('Invalid request', [{ field, message: `At most ${max} ${field === 'rows' ? 'rows' : 'earlier rows'} per request` }]);
  }

  /**
   * Whether a key still stands for a row: its record (venue or contact) is active, or its write is under way. A key
   * whose record was deleted or purged, or one claimed by a process that stopped before writing (older than
   * IMPORT_CLAIM_TIMEOUT_MS without a record), no longer counts: the row may be imported again.
   */
  function keyStands(key: ImportKeyRecord): boolean {
    const age = Date.now() - key.updatedAt.getTime();
    if (!key.recordId) return age < IMPORT_CLAIM_TIMEOUT_MS;
    // A record just written by another replica may not be in this one's read models yet.
    if (age < READ_MODEL_LAG_MS) return true;
    if (key.kind === 'venue') return venues.get(key.recordId) !== undefined;
    const contact = contacts.get(key.recordId);
    return contact !== undefined && !contact.deletedAt;
  }

  /** The key's record when it still stands (keyStands), else null. */
  async function standingKey(key: string): Promise<ImportKeyRecord | null> {
    const record = await importKeys.get(key);
    return record && keyStands(record) ? record : null;
  }

  /** Claims a row's key, taking over a key that no longer stands (under the key's lock: one takeover at a time). */
  async function claimKey(key: string, kind: string, userId: string): Promise<boolean> {
    if (await importKeys.claim(key, kind, userId)) return true;
    const held = await locks.withLock(`import-key:${key}`, async () => {
      const record = await importKeys.get(key);
      if (!record) return importKeys.claim(key, kind, userId);
      return keyStands(record) ? false : importKeys.takeOver(key, record, kind, userId);
    });
    return held?.value ?? false;
  }

  /** The keys of `planned` rows that were imported before and still stand (read by `_id`, a few at a time). */
  async function markImported<V>(planned: Planned<V>[]): Promise<void> {
    const open = planned.filter((plan) => plan.key);
    const imported = await mapLimited(open, KEY_READ_CONCURRENCY, async (plan) => (await standingKey(plan.key!)) !== null);
    open.forEach((plan, index) => {
      if (!imported[index]) return;
      plan.outcome = { ...plan.outcome, action: 'skip', reason: 'already_imported' };
      delete plan.write;
    });
  }

  /** Commit: claims each row's key, then writes it; a failed write gives the key back. Answers in row order. */
  async function commitRows<V>(
    caller: Caller,
    kind: string,
    planned: Planned<V>[],
    concurrency: number,
    write: (value: V) => Promise<string>,
  ): Promise<ImportRowOutcome[]> {
    return mapLimited(planned, concurrency, async (plan): Promise<ImportRowOutcome> => {
      if (!plan.write) return { ...plan.outcome, action: 'skipped' };
      const { key, value } = plan.write;
      if (!(await claimKey(key, kind, caller.userId))) return { ...plan.outcome, action: 'skipped', reason: 'already_imported' };
      try {
        const recordId = await write(value);
        await importKeys.done(key, recordId);
        return { ...plan.outcome, action: 'created', recordId };
      } catch (error) {
        await importKeys.release(key);
        return { ...plan.outcome, action: 'skipped', reason: 'error', errors: errorsOf(error) };
      }
    });
  }

  /** Preview 'confirm' rows become writable when confirmed; in a commit the others are 'not_confirmed'. */
  function applyConfirmations<V>(planned: Planned<V>[], confirmed: ReadonlySet<number>, commit: boolean): void {
    for (const plan of planned) {
      if (plan.outcome.action !== 'confirm' || !commit) continue;
      if (!confirmed.has(plan.outcome.row)) {
        plan.outcome = { ...plan.outcome, reason: 'not_confirmed' };
        delete plan.write;
      }
    }
  }

  /** Between rows of a preview or commit: lets other calls run (every YIELD_EVERY_ROWS rows) and stops a cancelled call. */
  async function pace(index: number, signal: AbortSignal | undefined): Promise<void> {
    if (index === 0 || index % YIELD_EVERY_ROWS !== 0) return;
    await setImmediate();
    if (signal?.aborted) throw new GrpcError(GrpcStatus.CANCELLED, 'Import cancelled');
  }

  async function planVenues(rows: readonly VenueImportRow[], before: readonly VenueImportRow[], signal?: AbortSignal): Promise<Planned<VenueFields>[]> {
    // Earlier rows of the file: exact names by a Map, similar ones among trigram candidates (domain/in-file-names.ts).
    const earlier = new InFileNames<{ row: number; name: string; leagues: readonly string[] }>();
    for (const [index, { row, input }] of before.entries()) {
      await pace(index, signal);
      const validated = validateVenueInput(input);
      if (!validated.ok) continue;
      const { name, leagues } = validated.value;
      earlier.add(normaliseVenueName(name), { row, name, leagues: leagues.length > 0 ? leagues : DUPLICATE_CHECK_DEFAULT_LEAGUES });
    }
    const planned: Planned<VenueFields>[] = [];
    const check = rows.length >= INDEXED_CHECK_FROM_ROWS ? duplicateChecker(venues) : (request: DuplicateCheckRequest) => checkDuplicates(venues, request);
    for (const [index, { row, input }] of rows.entries()) {
      await pace(index + 1, signal);
      const validated = validateVenueInput(input);
      if (!validated.ok) {
        planned.push({ outcome: outcome(row, { reason: 'error', errors: validated.fieldErrors }) });
        continue;
      }
      const venue = validated.value;
      const leagues = venue.leagues.length > 0 ? venue.leagues : DUPLICATE_CHECK_DEFAULT_LEAGUES;
      const existing = check({ name: venue.name, leagues: [...venue.leagues] });
      const matches: ImportMatch[] = existing.similarVenues.map((match) => ({ ...match, row: 0 }));
      let exact = existing.exactMatch;
      const normalised = normaliseVenueName(venue.name);
      const sharesLeague = (other: { leagues: readonly string[] }) => other.leagues.some((league) => leagues.includes(league as never));
      for (const { value: other, match } of earlier.matches(normalised, venue.name, sharesLeague, MAX_SIMILAR_VENUES)) {
        exact ||= match.exact;
        matches.push({ id: '', name: other.name, reason: `Row ${other.row}: ${match.reason}`, similarity: match.similarity, row: other.row });
      }
      earlier.add(normalised, { row, name: venue.name, leagues });
      matches.sort((a, b) => b.similarity - a.similarity);
      matches.splice(MAX_SIMILAR_VENUES);
      const key = importKey('venue', venue as unknown as Record<string, unknown>);
      if (exact) planned.push({ outcome: outcome(row, { reason: 'exact_duplicate', matches }), key });
      else
        planned.push({
          outcome: outcome(row, matches.length > 0 ? { action: 'confirm', reason: 'similar', matches } : { action: 'create' }),
          key,
          write: { key, value: venue },
        });
    }
    return planned;
  }

  /** Active venues by exact normalised name (several venues may share one). */
  function venuesByName(): Map<string, { id: string; name: string }[]> {
    const byName = new Map<string, { id: string; name: string }[]>();
    for (const entry of venues.query({ sort: 'name', offset: 0, limit: Number.MAX_SAFE_INTEGER }).items) {
      const key = normaliseVenueName(entry.summary.name).compact;
      byName.set(key, [...(byName.get(key) ?? []), { id: entry.id, name: entry.summary.name }]);
    }
    return byName;
  }

  function planContacts(
    caller: Caller,
    rows: readonly ContactImportRow[],
    before: readonly ContactImportRow[],
  ): Planned<{ venueId: string; input: Record<string, unknown> }>[] {
    let byName: Map<string, { id: string; name: string }[]> | undefined;
    // A tag not offered yet is refused to a caller without 'contact.custom_tag' (as addContact would refuse it).
    let knownTags: Set<string> | undefined;
    const mayAddTags = can(isRole(caller.role) ? caller.role : undefined, 'contact.custom_tag');
    const tagRefused = (tag: string | undefined): boolean => {
      if (!tag || mayAddTags) return false;
      knownTags ??= new Set(contactUseCases.listContactTags().map((known) => known.toLowerCase()));
      return !knownTags.has(tag.toLowerCase());
    };
    const earlier = new Map<string, number>();
    const plan = ({ row, venue: venueRef, input }: ContactImportRow): Planned<{ venueId: string; input: Record<string, unknown> }> => {
      const errors: FieldError[] = [];
      const parsed = contactInputSchema.safeParse(input);
      if (!parsed.success) errors.push(...toFieldErrors(parsed.error));
      else if (tagRefused(parsed.data.tag ?? undefined)) errors.push({ field: 'tag', message: CUSTOM_TAG_REFUSED });
      let venue: { id: string; name: string } | undefined;
      if (!venueRef.trim()) errors.push({ field: 'venue', message: 'Venue is required' });
      else if (isVenueId(venueRef)) {
        const entry = venues.get(venueRef);
        if (entry) venue = { id: entry.id, name: entry.summary.name };
      } else {
        byName ??= venuesByName();
        const found = byName.get(normaliseVenueName(venueRef).compact) ?? [];
        if (found.length > 1) errors.push({ field: 'venue', message: `${found.length} venues are named "${venueRef.trim()}": give the Venue Id` });
        venue = found.length === 1 ? found[0] : undefined;
      }
      if (venueRef.trim() && !venue && !errors.some((error) => error.field === 'venue'))
        errors.push({ field: 'venue', message: `Venue not found: ${venueRef.trim()}` });
      const located = venue ? { venueId: venue.id, venueName: venue.name } : {};
      if (errors.length > 0 || !parsed.success || !venue) {
        return { outcome: outcome(row, { reason: venue || venueRef.trim() === '' ? 'error' : 'venue_not_found', errors, ...located }) };
      }
      const fields = contactFieldsOf(parsed.data);
      const name = importContactName(fields.name);
      const matches: ImportMatch[] = contacts
        .query({ group: venue.id, tags: ['active'], sort: 'venue', offset: 0, limit: Number.MAX_SAFE_INTEGER })
        .items.filter((contact) => importContactName(contact.name) === name)
        .map((contact) => ({ id: contact.id, name: contact.name, reason: 'Same name at this venue', similarity: 1, row: 0 }));
      const sameRow = earlier.get(`${venue.id}\n${name}`);
      if (sameRow !== undefined) matches.push({ id: '', name: fields.name, reason: `Row ${sameRow}: Same name at this venue`, similarity: 1, row: sameRow });
      else earlier.set(`${venue.id}\n${name}`, row);
      const key = importKey('contact', { venueId: venue.id, ...fields });
      if (matches.length > 0) return { outcome: outcome(row, { reason: 'exact_duplicate', matches, ...located }), key };
      const value = { venueId: venue.id, input: parsed.data as Record<string, unknown> };
      return { outcome: outcome(row, { action: 'create', ...located }), key, write: { key, value } };
    };
    // Earlier rows only register their venue and name.
    before.forEach(plan);
    return rows.map(plan);
  }

  return {
    /** Preview or commit of venue rows (the caller holds 'venue.create'). */
    async importVenues(caller: Caller, request: ImportRequest<VenueImportRow>): Promise<ImportRowOutcome[]> {
      requireRows(request.rows);
      requireRows(request.earlierRows ?? [], 'earlierRows', MAX_IMPORT_EARLIER_ROWS);
      const planned = await planVenues(request.rows, request.earlierRows ?? [], request.signal);
      await markImported(planned);
      applyConfirmations(planned, new Set(request.confirmedRows), request.commit);
      if (!request.commit) return planned.map((plan) => plan.outcome);
      return commitRows(caller, 'venue', planned, VENUE_WRITE_CONCURRENCY, async (venue) => (await venueUseCases.createVenue(caller, venue)).id);
    },

    /** Preview or commit of contact rows (the caller holds 'contact.create'). */
    async importContacts(caller: Caller, request: ImportRequest<ContactImportRow>): Promise<ImportRowOutcome[]> {
      requireRows(request.rows);
      requireRows(request.earlierRows ?? [], 'earlierRows', MAX_IMPORT_EARLIER_ROWS);
      const planned = planContacts(caller, request.rows, request.earlierRows ?? []);
      await markImported(planned);
      if (!request.commit) return planned.map((plan) => plan.outcome);
      return commitRows(caller, 'contact', planned, 1, async ({ venueId, input }) => (await contactUseCases.addContact(caller, venueId, input)).id);
    },

    /**
     * A slice of the home list (ListVenues' filter and order) as whole venues: ids from the read model, each venue
     * from the point-read cache (a miss is one `_id` read, EXPORT_READ_CONCURRENCY at once, and stays cached for
     * the next export; not one scan per slice: a scan reads the whole collection on FerretDB v1 and leaves the
     * cache cold, so every export would pay it again). Stops at EXPORT_MAX_VENUES or EXPORT_MAX_BYTES of text, whichever comes first.
     */
    async exportVenues(
      request: Omit<RawListRequest, 'page' | 'pageSize'> & { offset: number; limit: number },
    ): Promise<{ venues: VenueRecord[]; total: number; nextOffset: number }> {
      const query = validateListRequest({ ...request, page: 0, pageSize: 0 });
      if (!query.ok) throw GrpcError.invalidArgument('Invalid request', query.fieldErrors);
      const limit = request.limit > 0 ? Math.min(request.limit, EXPORT_MAX_VENUES) : EXPORT_MAX_VENUES;
      const page = venues.query({ text: query.value.q ?? '', tags: query.value.leagues, sort: query.value.sort, offset: Math.max(0, request.offset), limit });

      const read = (id: string) => (venueCache ? venueCache.get(id) : venueRepository.getById(id));
      const loaded = await mapLimited(page.items, EXPORT_READ_CONCURRENCY, (entry) => read(entry.id));
      const offset = Math.max(0, request.offset);
      const out: VenueRecord[] = [];
      let bytes = 0;
      let consumed = 0;
      for (const venue of loaded) {
        // A venue deleted since the list was read is left out.
        if (venue && !venue.deletedAt) {
          bytes += JSON.stringify(venue).length;
          if (out.length > 0 && bytes > EXPORT_MAX_BYTES) break;
          out.push(venue);
        }
        consumed += 1;
      }
      return { venues: out, total: page.total, nextOffset: offset + consumed };
    },
  };
}

export type ImportUseCases = ReturnType<typeof createImportUseCases>;
