// Card field values (spec §3 venue_data, §5 'Data card save', §2 'Field Conflict Detected'): save a card's fields
// with a compare-and-set per field, a field's history, restore an earlier value, mark a value verified, and the
// moves H3's card use cases need (migrate a template's values to its venue copy, clear a removed card's values).
// No lock: a save inserts version baseVersion + 1 and the unique `_id` decides between concurrent saves on every
// replica (domain/field-values.ts).
import {
  CARD_NOT_FOUND,
  fieldHistoryQuerySchema,
  restoreFieldValueRequestSchema,
  saveCardValuesRequestSchema,
  toFieldErrors,
  verifyFieldValueRequestSchema,
} from '@venuebook/domain';
import type { CardFieldValue, DataCard, FieldHistory, FieldSaveResult, FieldValueKind, SaveCardValuesResult } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder } from '@venuebook/service-kit';
import { currentValueOf, fieldIdOf, isUnchanged, planCardSave, saveResult, versionEntryOf, versionId } from '../domain/field-values.ts';
import type { FieldVersionRecord } from '../domain/field-values.ts';
import type { FieldValueEvents } from '../events/field-value.events.ts';
import type { FieldValueLists } from '../read-model/field-value-read-model.ts';
import type { FieldValueRepository } from '../repositories/field-value.repository.ts';
import { isTemplateAddedToVenue } from './card-orders.ts';
import type { CardOrders } from './card-orders.ts';
import { VENUE_NOT_FOUND } from '@venuebook/service-kit';

/** The table audit entries name (spec §3). */
const AUDIT_TABLE = 'venue_data';

export const VERSION_NOT_FOUND = 'Version not found';
export const NO_SUCH_BASE_VERSION = 'This version of the field does not exist';
export const NOTHING_TO_VERIFY = 'This field has no value to verify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How far a base version may be above the newest this replica knows and still be read from the database (another
 * replica's save whose event has not come yet): on FerretDB v1 a read by `_id` scans the collection, so a base far
 * above it (it cannot exist) is refused at once, and one request reads at most READS_PER_REQUEST such versions.
 */
export const BASE_VERSION_MAX_GAP = 5;
const READS_PER_REQUEST = 10;
const RETRY_LATER = 'Someone else is saving this card right now. Please try again.';

/** How many times a system move (migrate, clear) tries again when a user saved the same field meanwhile. */
const MOVE_ATTEMPTS = 5;

export interface FieldValueDeps {
  repository: FieldValueRepository;
  lists: FieldValueLists;
  events: FieldValueEvents;
  audit: AuditRecorder;
  /** The card by id, active or deleted (the cards read model, else the database for one another replica created a moment ago); null when there is none. */
  cardById(cardId: string): Promise<DataCard | null>;
  /** Writes need an active venue (the venues service's GetVenue). */
  venues: { requireActive(caller: Caller, venueId: string): Promise<void> };
  /** Writes to a template's values need the template added to the venue: the venue departments' saved orders. */
  orders: Pick<CardOrders, 'idsOf' | 'holds'>;
}

type Validated<T> = { success: true; data: T } | { success: false; error: Parameters<typeof toFieldErrors>[0] };

function parsed<T>(result: Validated<T>): T {
  if (!result.success) throw GrpcError.invalidArgument('Invalid request', toFieldErrors(result.error));
  return result.data;
}

export function createFieldValueUseCases({ repository, lists, events, audit, cardById, venues, orders }: FieldValueDeps) {
  const readModel = lists.readModel;

  /** The card a venue's values belong to: an active template, or an active card of this venue ('Card not found'). */
  async function cardOf(venueId: string, cardId: string): Promise<DataCard> {
    if (!UUID.test(venueId)) throw GrpcError.notFound(VENUE_NOT_FOUND);
    const card = await cardById(cardId);
    if (!card || card.deletedAt || (!card.isTemplate && card.venueId !== venueId)) throw GrpcError.notFound(CARD_NOT_FOUND);
    return card;
  }

  /**
   * The card a write goes to, at an active venue: as cardOf, and a template only while it is added to the venue (in the saved order of
   * `department`, or of any department when none is named; removed or customised away: 'Card not found'). Reads stay
   * lenient (a removed template's history).
   */
  async function writableCardOf(caller: Caller, venueId: string, cardId: string, department?: string): Promise<DataCard> {
    const card = await cardOf(venueId, cardId);
    await venues.requireActive(caller, venueId);
    if (!card.isTemplate || (await isTemplateAddedToVenue(orders, venueId, card, department))) return card;
    throw GrpcError.notFound(CARD_NOT_FOUND);
  }

  function fieldOf(card: DataCard, fieldKey: string) {
    const field = card.fields.find((candidate) => candidate.key === fieldKey);
    if (!field) throw GrpcError.notFound('This card has no such field');
    return field;
  }

  /** Stores one version: saved (applied here at once, its event and audit entry published) or taken by another save. */
  async function store(
    caller: Caller | null,
    record: FieldVersionRecord,
    previous: CardFieldValue | null,
  ): Promise<{ stored: true; record: FieldVersionRecord } | { stored: false; winner: FieldVersionRecord | null }> {
    const result = await repository.insertVersion(record);
    if (!result.inserted) {
      // Someone saved this version first: theirs is the current value (the read model learns it now, not only from
      // the event: a version, once stored, never changes).
      const winner = await repository.getVersion(record.id);
      if (winner) readModel.upsert(winner);
      return { stored: false, winner };
    }
    readModel.upsert(record);
    const context = caller ? auditContextOf(caller) : {};
    await events.stored(record, context);
    await audit.record(
      {
        action: auditActionOf(record.kind, previous),
        table: AUDIT_TABLE,
        recordId: fieldIdOf(record.venueId, record.cardId, record.fieldKey),
        oldValues: previous ? { value: previous.value, version: previous.version } : null,
        newValues: {
          value: record.value,
          version: record.version,
          department: record.department,
          kind: record.kind,
          ...(record.restoredFrom === null ? {} : { restoredFrom: record.restoredFrom }),
          ...(record.verifiedSource === null ? {} : { verifiedSource: record.verifiedSource }),
        },
      },
      context,
    );
    return { stored: true, record };
  }

  function newRecord(
    caller: Caller | null,
    fields: {
      venueId: string;
      cardId: string;
      fieldKey: string;
      department: string;
      value: string;
      version: number;
      kind: FieldValueKind;
      restoredFrom?: number;
      verifiedSource?: string;
    },
  ): FieldVersionRecord {
    return {
      id: versionId(fields.venueId, fields.cardId, fields.fieldKey, fields.version),
      venueId: fields.venueId,
      cardId: fields.cardId,
      fieldKey: fields.fieldKey,
      department: fields.department,
      value: fields.value,
      version: fields.version,
      kind: fields.kind,
      savedBy: caller?.userId ?? '',
      savedByEmail: caller?.email ?? '',
      savedAt: new Date(),
      restoredFrom: fields.restoredFrom ?? null,
      verifiedSource: fields.verifiedSource ?? null,
    };
  }

  /**
   * The field's versions newest first, made sure to reach `baseVersion`: a base newer than this replica knows is
   * read from the database (another replica's save whose event has not come yet) when within BASE_VERSION_MAX_GAP of
   * the newest known; one further above, or that does not exist, is refused.
   */
  async function versionsReaching(
    venueId: string,
    cardId: string,
    fieldKey: string,
    baseVersion: number,
    known: FieldVersionRecord[],
    reads = { left: READS_PER_REQUEST },
  ): Promise<FieldVersionRecord[]> {
    const newest = known[0]?.version ?? 0;
    if (baseVersion <= newest) return known;
    if (baseVersion > newest + BASE_VERSION_MAX_GAP)
      throw GrpcError.invalidArgument('Invalid request', [{ field: `values.${fieldKey}.baseVersion`, message: NO_SUCH_BASE_VERSION }]);
    if (reads.left <= 0) throw new GrpcError(GrpcStatus.ABORTED, RETRY_LATER);
    reads.left -= 1;
    const base = await repository.getVersion(versionId(venueId, cardId, fieldKey, baseVersion));
    if (!base) throw GrpcError.invalidArgument('Invalid request', [{ field: `values.${fieldKey}.baseVersion`, message: NO_SUCH_BASE_VERSION }]);
    readModel.upsert(base);
    return lists.history(venueId, cardId, fieldKey);
  }

  /** A compare-and-set write of one field based on `baseVersion`: saved, or a conflict with the current value. */
  async function writeField(
    caller: Caller,
    field: { fieldKey: string; label: string },
    versions: FieldVersionRecord[],
    baseVersion: number,
    make: (version: number) => FieldVersionRecord,
  ): Promise<FieldSaveResult> {
    const current = currentValueOf(versions);
    // A newer version is known already: someone saved after the version this save was based on.
    if (current && baseVersion < current.version) return saveResult(field, 'conflict', make(baseVersion + 1).value, current);
    const outcome = await store(caller, make(baseVersion + 1), current);
    if (outcome.stored) return saveResult(field, 'saved', outcome.record.value, currentValueOf([outcome.record, ...versions]));
    const now = outcome.winner ? currentValueOf([outcome.winner, ...versions.filter((version) => version.version < outcome.winner!.version)]) : current;
    return saveResult(field, 'conflict', make(baseVersion + 1).value, now);
  }

  /**
   * A system move of one field's current value (migrate, clear): `write(current, next version)` inserts; a user's save
   * of the same field meanwhile (a conflict) is read and the move tried again with it.
   */
  async function moveField(
    venueId: string,
    cardId: string,
    fieldKey: string,
    write: (current: CardFieldValue, newest: FieldVersionRecord, version: number) => Promise<boolean>,
  ): Promise<void> {
    for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
      const versions = lists.history(venueId, cardId, fieldKey);
      const current = currentValueOf(versions);
      if (!current || current.kind === 'cleared') return;
      if (await write(current, versions[0]!, current.version + 1)) return;
    }
    throw new GrpcError(GrpcStatus.ABORTED, RETRY_LATER);
  }

  return {
    /** Spec §5 'Data card save': per field saved, unchanged, skipped or conflict (with the current value). */
    async saveCardValues(caller: Caller, venueId: string, cardId: string, raw: unknown): Promise<SaveCardValuesResult> {
      const request = parsed(saveCardValuesRequestSchema.safeParse(raw));
      const card = await writableCardOf(caller, venueId, cardId, request.department);
      const planned = planCardSave(card.fields, request.values);
      if (!planned.ok) throw GrpcError.invalidArgument('Invalid request', planned.fieldErrors);
      const department = request.department ?? card.primaryDepartment;
      const known = lists.versionsOf(venueId, cardId);
      // Every base version is checked before anything is written (a refused base refuses the whole save).
      const versionsOf = new Map<string, FieldVersionRecord[]>();
      const reads = { left: READS_PER_REQUEST };
      for (const write of planned.plan.writes) {
        versionsOf.set(
          write.fieldKey,
          await versionsReaching(venueId, cardId, write.fieldKey, write.baseVersion, known.get(`${cardId}_${write.fieldKey}`) ?? [], reads),
        );
      }
      const written = await Promise.all(
        planned.plan.writes.map((write) => {
          const versions = versionsOf.get(write.fieldKey)!;
          const current = currentValueOf(versions);
          if (isUnchanged(current, write.value)) return saveResult(write, 'unchanged', write.value, current);
          return writeField(caller, write, versions, write.baseVersion, (version) =>
            newRecord(caller, { venueId, cardId, fieldKey: write.fieldKey, department, value: write.value, version, kind: 'value' }),
          );
        }),
      );
      const byKey = new Map(written.map((result) => [result.fieldKey, result]));
      for (const skipped of planned.plan.skipped)
        byKey.set(skipped.fieldKey, saveResult(skipped, 'skipped', null, currentValueOf(known.get(`${cardId}_${skipped.fieldKey}`) ?? [])));
      const results = card.fields.flatMap((field) => byKey.get(field.key) ?? []);
      return { results, conflicts: results.filter((result) => result.status === 'conflict').length };
    },

    /** A card's current values at an active venue (fields never saved are absent; a deleted venue: 'Venue not found'). */
    async cardValues(caller: Caller, venueId: string, cardId: string): Promise<CardFieldValue[]> {
      await cardOf(venueId, cardId);
      await venues.requireActive(caller, venueId);
      return lists.currentValues(venueId, cardId);
    },

    /** Every current value of an active venue (all its cards), from memory. */
    async venueValues(caller: Caller, venueId: string): Promise<CardFieldValue[]> {
      if (!UUID.test(venueId)) throw GrpcError.notFound(VENUE_NOT_FOUND);
      await venues.requireActive(caller, venueId);
      return lists.currentValues(venueId);
    },

    /** A field's versions, newest first, one page. */
    async fieldHistory(caller: Caller, venueId: string, cardId: string, fieldKey: string, raw: { page?: number; pageSize?: number }): Promise<FieldHistory> {
      const query = parsed(fieldHistoryQuerySchema.safeParse({ page: raw.page || undefined, pageSize: raw.pageSize || undefined }));
      await cardOf(venueId, cardId);
      await venues.requireActive(caller, venueId);
      const versions = lists.history(venueId, cardId, fieldKey);
      const start = (query.page - 1) * query.pageSize;
      return {
        cardId,
        fieldKey,
        items: versions.slice(start, start + query.pageSize).map(versionEntryOf),
        total: versions.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** An earlier version's value made current again (a new version, kind 'restored'); a conflict when someone saved after `baseVersion`. */
    async restoreFieldValue(caller: Caller, venueId: string, cardId: string, fieldKey: string, raw: unknown): Promise<FieldSaveResult> {
      const request = parsed(restoreFieldValueRequestSchema.safeParse(raw));
      const card = await writableCardOf(caller, venueId, cardId);
      const field = fieldOf(card, fieldKey);
      const known = lists.history(venueId, cardId, fieldKey);
      const base = request.baseVersion ?? known[0]?.version ?? 0;
      const versions = await versionsReaching(venueId, cardId, fieldKey, base, known);
      // A version above the newest known cannot exist: 404 without a read (a read by _id scans on FerretDB v1).
      if (request.version > (versions[0]?.version ?? 0)) throw GrpcError.notFound(VERSION_NOT_FOUND);
      const source =
        versions.find((version) => version.version === request.version) ?? (await repository.getVersion(versionId(venueId, cardId, fieldKey, request.version)));
      if (!source) throw GrpcError.notFound(VERSION_NOT_FOUND);
      const department = source.department || card.primaryDepartment;
      return writeField(caller, { fieldKey, label: field.label }, versions, base, (version) =>
        newRecord(caller, { venueId, cardId, fieldKey, department, value: source.value, version, kind: 'restored', restoredFrom: source.version }),
      );
    },

    /** 'Last verified': the current value confirmed now (a new version, kind 'verified', with its source). */
    async verifyFieldValue(caller: Caller, venueId: string, cardId: string, fieldKey: string, raw: unknown): Promise<FieldSaveResult> {
      const request = parsed(verifyFieldValueRequestSchema.safeParse(raw));
      const card = await writableCardOf(caller, venueId, cardId);
      const field = fieldOf(card, fieldKey);
      const known = lists.history(venueId, cardId, fieldKey);
      const base = request.baseVersion ?? known[0]?.version ?? 0;
      const versions = await versionsReaching(venueId, cardId, fieldKey, base, known);
      const current = currentValueOf(versions);
      if (!current || current.kind === 'cleared') throw GrpcError.invalidArgument('Invalid request', [{ field: 'fieldKey', message: NOTHING_TO_VERIFY }]);
      const newest = versions[0]!;
      return writeField(caller, { fieldKey, label: field.label }, versions, base, (version) =>
        newRecord(caller, {
          venueId,
          cardId,
          fieldKey,
          department: newest.department || card.primaryDepartment,
          value: newest.value,
          version,
          kind: 'verified',
          ...(request.source ? { verifiedSource: request.source } : {}),
        }),
      );
    },

    /**
     * H3's customise use case: the venue's current values of `fromCardId` (a template) move to `toCardId` (its venue
     * copy): a new version under the new card per field, then a 'cleared' version under the old key. A user's save of
     * an old field meanwhile is carried over too (the clear conflicts, the move is tried again with it).
     */
    async migrateValues(caller: Caller | null, venueId: string, fromCardId: string, toCardId: string): Promise<number> {
      let moved = 0;
      for (const [, versions] of lists.versionsOf(venueId, fromCardId)) {
        const fieldKey = versions[0]!.fieldKey;
        await moveField(venueId, fromCardId, fieldKey, async (current, newest, version) => {
          const target = lists.history(venueId, toCardId, fieldKey);
          const targetCurrent = currentValueOf(target);
          if (!isUnchanged(targetCurrent, current.value)) {
            const copy = await store(
              caller,
              newRecord(caller, {
                venueId,
                cardId: toCardId,
                fieldKey,
                department: newest.department,
                value: current.value,
                version: (targetCurrent?.version ?? 0) + 1,
                kind: 'value',
              }),
              targetCurrent,
            );
            if (!copy.stored) return false;
          }
          const cleared = await store(
            caller,
            newRecord(caller, { venueId, cardId: fromCardId, fieldKey, department: newest.department, value: current.value, version, kind: 'cleared' }),
            current,
          );
          if (cleared.stored) moved += 1;
          return cleared.stored;
        });
      }
      return moved;
    },

    /** H3's remove use case: every current value of the card at the venue gets a 'cleared' version (history kept). */
    async clearValues(caller: Caller | null, venueId: string, cardId: string): Promise<number> {
      let cleared = 0;
      for (const [, versions] of lists.versionsOf(venueId, cardId)) {
        const fieldKey = versions[0]!.fieldKey;
        await moveField(venueId, cardId, fieldKey, async (current, newest, version) => {
          const outcome = await store(
            caller,
            newRecord(caller, { venueId, cardId, fieldKey, department: newest.department, value: current.value, version, kind: 'cleared' }),
            current,
          );
          if (outcome.stored) cleared += 1;
          return outcome.stored;
        });
      }
      return cleared;
    },
  };
}

function auditActionOf(kind: FieldValueKind, previous: CardFieldValue | null): string {
  switch (kind) {
    case 'cleared':
      return 'clear';
    case 'restored':
      return 'restore';
    case 'verified':
      return 'verify';
    default:
      return previous && previous.kind !== 'cleared' ? 'update' : 'create';
  }
}

export type FieldValueUseCases = ReturnType<typeof createFieldValueUseCases>;

/** What H3's card use cases call (customise a template for a venue, remove a template from a venue). */
export type FieldValueMoves = Pick<FieldValueUseCases, 'migrateValues' | 'clearValues'>;
