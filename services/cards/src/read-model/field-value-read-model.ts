// Card field values in memory (the kit's ReadModel): every stored version, grouped by venue, so that a venue's or a
// card's current values and a field's history (newest first) are answered without the database (on FerretDB v1 any
// query but `{_id}` scans the whole collection, and `{_id}` itself scans until it meets the row). Loaded by one scan at
// start, kept current by this instance's own inserts (upsert) and by the venue_data.updated events of the other
// replicas. Each event carries the version it stored, which is applied as it is: a version is never changed or
// deleted, so the event holds exactly what a re-read would find, and a re-read by `_id` scans the collection on
// FerretDB v1 (far dearer than the insert that stored it, so every save would cost each other replica a scan of the
// store; figures: docs/decisions/0003-insert-only-collections-and-locks.md). An event without its version (an older
// publisher) is re-read.
// Trust: like the audit entries, the events of the cards stream are believed; a forged one could put a value into
// the replicas' memory (never into the database; a rebuild drops it).
import type { CardFieldValue } from '@venuebook/domain';
import { parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import { currentValueOf, newestFirst, versionId } from '../domain/field-values.ts';
import type { FieldVersionRecord } from '../domain/field-values.ts';
import { toFieldVersionRecord } from '../repositories/field-value.repository.ts';
import type { FieldValueRepository, FieldValueSource } from '../repositories/field-value.repository.ts';

/** Most venues whose current values are kept worked out. */
const CURRENT_VALUES_CACHED = 5000;

/** Most versions carried by events kept until the read model asks for them. */
const CARRIED_MAX = 1000;

export type FieldValueReadModel = ReadModel<FieldValueSource, FieldVersionRecord, 'newest'>;

/**
 * Which version a cards-stream event names (null: not a value event, or one without a version id); the version it
 * carries is kept in `carried` for the read model's re-read (source.byId) that follows at once.
 */
function versionIdOf(subject: string, payload: unknown, carried: Map<string, FieldValueSource>): string | null {
  if (subject !== SUBJECTS.venueDataUpdated) return null;
  const { venueId, versionId: id, version } = parseEnvelope(subject, payload).data;
  if (!id) return null;
  if (version && versionId(venueId, version.cardId, version.fieldKey, version.version) === id) {
    carried.set(id, { _id: id, venueId, ...version, savedAt: new Date(version.savedAt) });
    // Bounded: an own event skipped by the read model leaves its version here; the oldest go first.
    if (carried.size > CARRIED_MAX) carried.delete(carried.keys().next().value!);
  }
  return id;
}

/**
 * One copy of each repeated string (venue and card ids, field keys, departments, users): 300,000 versions hold a
 * few thousand distinct ones, and the documents read by the scan would otherwise each bring their own copies.
 */
function createInterner(): (text: string) => string {
  const pool = new Map<string, string>();
  return (text) => {
    const known = pool.get(text);
    if (known !== undefined) return known;
    pool.set(text, text);
    return text;
  };
}

export interface FieldValueLists {
  readModel: FieldValueReadModel;
  /** The versions of a venue's fields (of one card when given), per field id, each newest first. */
  versionsOf(venueId: string, cardId?: string): Map<string, FieldVersionRecord[]>;
  /** The current value of each field of a venue (of one card when given) that has a version, by card and field key. */
  currentValues(venueId: string, cardId?: string): CardFieldValue[];
  /** One field's versions, newest first. */
  history(venueId: string, cardId: string, fieldKey: string): FieldVersionRecord[];
}

export function createFieldValueLists(repository: FieldValueRepository, options: { logger: Logger; nc?: NatsConnection }): FieldValueLists {
  const intern = createInterner();
  /** Versions carried by events, until the read model asks for them (at most CARRIED_MAX). */
  const carried = new Map<string, FieldValueSource>();
  const readModel: FieldValueReadModel = new ReadModel<FieldValueSource, FieldVersionRecord, 'newest'>({
    name: 'field-values',
    logger: options.logger,
    source: {
      scan: () => repository.scan(),
      byId: async (id) => {
        const version = carried.get(id);
        if (!version) return repository.byId(id);
        carried.delete(id);
        return version;
      },
    },
    toRecord: (doc) => {
      const record = toFieldVersionRecord(doc);
      record.venueId = intern(record.venueId);
      record.cardId = intern(record.cardId);
      record.fieldKey = intern(record.fieldKey);
      record.department = intern(record.department);
      record.savedBy = intern(record.savedBy);
      record.savedByEmail = intern(record.savedByEmail);
      return record;
    },
    // Nothing is searched or filtered by tag: the read model answers by venue (groupOf).
    searchText: () => '',
    tagValues: [],
    tagsOf: () => [],
    groupOf: (record) => record.venueId,
    sorts: { newest: newestFirst },
    progressEvery: 50_000,
    ...(options.nc
      ? { events: { nc: options.nc, stream: STREAMS.cards.name, recordIdOf: (subject: string, payload: unknown) => versionIdOf(subject, payload, carried) } }
      : {}),
  });

  function versionsOf(venueId: string, cardId?: string): Map<string, FieldVersionRecord[]> {
    const { items } = readModel.query({
      group: venueId,
      sort: 'newest',
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
      ...(cardId === undefined ? {} : { filter: (record: FieldVersionRecord) => record.cardId === cardId }),
    });
    const fields = new Map<string, FieldVersionRecord[]>();
    for (const record of items) {
      const key = `${record.cardId}_${record.fieldKey}`;
      const versions = fields.get(key);
      if (versions) versions.push(record);
      else fields.set(key, [record]);
    }
    return fields;
  }

  function computeCurrent(venueId: string, cardId?: string): CardFieldValue[] {
    const values: CardFieldValue[] = [];
    for (const versions of versionsOf(venueId, cardId).values()) {
      const current = currentValueOf(versions);
      if (current) values.push(current);
    }
    return values;
  }

  // A venue's current values, worked out once and kept until a version of that venue changes (its id starts with
  // the venue id): a card screen reads them on every open, and each working-out allocates a few dozen objects on a
  // heap that holds every version. Bounded; the oldest venue goes first.
  const current = new Map<string, CardFieldValue[]>();
  readModel.onChange((id) => {
    if (id === undefined) current.clear();
    else current.delete(id.slice(0, id.indexOf(':')));
  });

  return {
    readModel,
    versionsOf,

    currentValues(venueId, cardId) {
      let values = current.get(venueId);
      if (!values) {
        values = computeCurrent(venueId);
        if (current.size >= CURRENT_VALUES_CACHED) current.delete(current.keys().next().value!);
        current.set(venueId, values);
      }
      return cardId === undefined ? values : values.filter((value) => value.cardId === cardId);
    },

    history(venueId, cardId, fieldKey) {
      return readModel.query({
        group: venueId,
        sort: 'newest',
        offset: 0,
        limit: Number.MAX_SAFE_INTEGER,
        filter: (record) => record.cardId === cardId && record.fieldKey === fieldKey,
      }).items;
    },
  };
}
