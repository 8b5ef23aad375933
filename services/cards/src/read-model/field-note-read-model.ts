// Field notes in memory (the kit's ReadModel): every line and tombstone, grouped by venue, so that a field's current
// lines are answered without the database. Loaded by one scan at start, kept current by this instance's own inserts
// and by the field_note.stored events of the other replicas, each carrying its document (insert-only: applied as it
// is, no re-read by `_id`, which scans the collection on FerretDB v1); a purge event removes the document.
import { parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import { toFieldNoteRecord } from '../repositories/field-note.repository.ts';
import type { FieldNoteRecord, FieldNoteRepository, FieldNoteSource } from '../repositories/field-note.repository.ts';

export type FieldNoteReadModel = ReadModel<FieldNoteSource, FieldNoteRecord, 'position'>;

/** A field's lines in order: position, then created, then id. */
export function byPosition(a: FieldNoteRecord, b: FieldNoteRecord): number {
  return a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface FieldNoteLists {
  readModel: FieldNoteReadModel;
  /** A field's current lines (not soft-deleted), in order. */
  currentLines(venueId: string, cardId: string, fieldKey: string): FieldNoteRecord[];
  /** A venue's soft-deleted lines and their tombstones (what Clean Field Notes removes). */
  deletedOf(venueId: string): FieldNoteRecord[];
  /** Every notes field of a venue with current lines: its lines in order, by `${cardId}_${fieldKey}`. */
  venueLines(venueId: string): Map<string, FieldNoteRecord[]>;
}

const PURGED = Symbol('purged');
const CARRIED_MAX = 5000;

export function createFieldNoteLists(repository: FieldNoteRepository, options: { logger: Logger; nc?: NatsConnection }): FieldNoteLists {
  /** Documents carried by events until the read model asks for them (PURGED: removed). */
  const carried = new Map<string, FieldNoteSource | typeof PURGED>();
  const carry = (id: string, doc: FieldNoteSource | typeof PURGED) => {
    carried.set(id, doc);
    // Bounded (an own event skipped leaves one): the oldest goes first.
    if (carried.size > CARRIED_MAX) carried.delete(carried.keys().next().value!);
  };
  const recordIdOf = (subject: string, payload: unknown): string | null => {
    if (subject !== SUBJECTS.fieldNoteStored) return null;
    const { venueId, noteId, purged, note } = parseEnvelope(subject, payload).data;
    if (purged) carry(noteId, PURGED);
    else if (note) carry(noteId, { _id: noteId, venueId, ...note, createdAt: new Date(note.createdAt) });
    return noteId;
  };
  const readModel: FieldNoteReadModel = new ReadModel<FieldNoteSource, FieldNoteRecord, 'position'>({
    name: 'field-notes',
    logger: options.logger,
    source: {
      scan: () => repository.scan(),
      byId: async (id) => {
        const doc = carried.get(id);
        if (doc === undefined) return repository.byId(id);
        carried.delete(id);
        return doc === PURGED ? null : doc;
      },
    },
    toRecord: toFieldNoteRecord,
    searchText: () => '',
    tagValues: [],
    tagsOf: () => [],
    groupOf: (record) => record.venueId,
    sorts: { position: byPosition },
    progressEvery: 50_000,
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.cards.name, recordIdOf } } : {}),
  });

  const all = (venueId: string, filter?: (record: FieldNoteRecord) => boolean) =>
    readModel.query({ group: venueId, sort: 'position', offset: 0, limit: Number.MAX_SAFE_INTEGER, ...(filter ? { filter } : {}) }).items;

  return {
    readModel,
    currentLines(venueId, cardId, fieldKey) {
      const docs = all(venueId, (record) => record.cardId === cardId && record.fieldKey === fieldKey);
      const deleted = new Set(docs.flatMap((record) => (record.kind === 'deleted' ? [record.lineId] : [])));
      return docs.filter((record) => record.kind === 'line' && !deleted.has(record.id));
    },
    venueLines(venueId) {
      const docs = all(venueId);
      const deleted = new Set(docs.flatMap((record) => (record.kind === 'deleted' ? [record.lineId] : [])));
      const fields = new Map<string, FieldNoteRecord[]>();
      for (const record of docs) {
        if (record.kind !== 'line' || deleted.has(record.id)) continue;
        const key = `${record.cardId}_${record.fieldKey}`;
        const lines = fields.get(key);
        if (lines) lines.push(record);
        else fields.set(key, [record]);
      }
      return fields;
    },
    deletedOf(venueId) {
      const docs = all(venueId);
      const deleted = new Set(docs.flatMap((record) => (record.kind === 'deleted' ? [record.lineId] : [])));
      return docs.filter((record) => record.kind === 'deleted' || deleted.has(record.id));
    },
  };
}
