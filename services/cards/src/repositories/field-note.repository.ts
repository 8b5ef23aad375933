import type { FieldNoteDocument, FieldNoteModel } from './field-note.model.ts';

export type FieldNoteKind = 'line' | 'deleted';

/** A note document as the read model keeps it. */
export interface FieldNoteRecord {
  id: string;
  kind: FieldNoteKind;
  lineId: string;
  venueId: string;
  cardId: string;
  department: string;
  fieldKey: string;
  text: string;
  position: number;
  createdAt: Date;
  createdBy: string;
  createdByEmail: string;
}

export type FieldNoteSource = Pick<
  FieldNoteDocument,
  '_id' | 'kind' | 'lineId' | 'venueId' | 'cardId' | 'department' | 'fieldKey' | 'text' | 'position' | 'createdAt' | 'createdBy' | 'createdByEmail'
>;

const FIELDS = '_id kind lineId venueId cardId department fieldKey text position createdAt createdBy createdByEmail';

/** The `_id` of a line's soft delete. */
export const tombstoneId = (lineId: string): string => `${lineId}:deleted`;

export function toFieldNoteRecord(doc: FieldNoteSource): FieldNoteRecord {
  return {
    id: doc._id,
    kind: doc.kind as FieldNoteKind,
    lineId: doc.lineId,
    venueId: doc.venueId,
    cardId: doc.cardId,
    department: doc.department ?? '',
    fieldKey: doc.fieldKey,
    text: doc.text ?? '',
    position: doc.position ?? 0,
    createdAt: new Date(doc.createdAt),
    createdBy: doc.createdBy ?? '',
    createdByEmail: doc.createdByEmail ?? '',
  };
}

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

/** Field note documents: inserts and reads by `_id`; the only delete is Clean Field Notes' `{_id: {$in}}`. */
export class FieldNoteRepository {
  readonly #model: FieldNoteModel;

  constructor(model: FieldNoteModel) {
    this.#model = model;
  }

  /** Inserts a line or a tombstone; false when that `_id` exists (a line deleted by someone else already). */
  async insert(record: FieldNoteRecord): Promise<boolean> {
    const { id, ...fields } = record;
    try {
      await this.#model.create({ _id: id, ...fields });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Removes documents, each by its `_id` (the query rule: `_id` or one top-level equality), one at a time; how many went. */
  async purge(ids: readonly string[]): Promise<number> {
    let removed = 0;
    for (const id of ids) removed += (await this.#model.deleteOne({ _id: id }).exec()).deletedCount;
    return removed;
  }

  scan(): AsyncIterable<FieldNoteSource> {
    return this.#model.find({}).select(FIELDS).lean<FieldNoteSource[]>().cursor({ batchSize: 1000 });
  }

  byId(id: string): Promise<FieldNoteSource | null> {
    return this.#model.findById(id).select(FIELDS).lean<FieldNoteSource>().exec();
  }
}
