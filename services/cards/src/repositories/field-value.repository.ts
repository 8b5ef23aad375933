import type { FieldValueKind } from '@venuebook/domain';
import type { FieldVersionRecord } from '../domain/field-values.ts';
import type { FieldValueDocument, FieldValueModel } from './field-value.model.ts';

/** The fields of a version document the read model keeps (all of them). */
export type FieldValueSource = Pick<
  FieldValueDocument,
  | '_id'
  | 'venueId'
  | 'cardId'
  | 'fieldKey'
  | 'department'
  | 'value'
  | 'version'
  | 'kind'
  | 'savedBy'
  | 'savedByEmail'
  | 'savedAt'
  | 'restoredFrom'
  | 'verifiedSource'
>;

export const FIELD_VALUE_FIELDS = '_id venueId cardId fieldKey department value version kind savedBy savedByEmail savedAt restoredFrom verifiedSource';

export function toFieldVersionRecord(doc: FieldValueSource): FieldVersionRecord {
  return {
    id: doc._id,
    venueId: doc.venueId,
    cardId: doc.cardId,
    fieldKey: doc.fieldKey,
    department: doc.department ?? '',
    value: doc.value ?? '',
    version: doc.version,
    kind: doc.kind as FieldValueKind,
    savedBy: doc.savedBy ?? '',
    savedByEmail: doc.savedByEmail ?? '',
    savedAt: new Date(doc.savedAt),
    restoredFrom: doc.restoredFrom ?? null,
    verifiedSource: doc.verifiedSource ?? null,
  };
}

/** The outcome of inserting a version: stored, or the version was taken (someone saved first: a conflict). */
export type InsertVersionResult = { inserted: true; record: FieldVersionRecord } | { inserted: false };

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

/** Field value versions in the database: inserts and reads by `_id` only (never an update or a delete). */
export class FieldValueRepository {
  readonly #model: FieldValueModel;

  constructor(model: FieldValueModel) {
    this.#model = model;
  }

  /**
   * Inserts a version under its `_id` (record.id). Exactly one of concurrent inserts of the same version wins (the
   * unique `_id`, on every replica's connection); the others get `{ inserted: false }`.
   */
  async insertVersion(record: FieldVersionRecord): Promise<InsertVersionResult> {
    const { id, ...fields } = record;
    try {
      await this.#model.create({ _id: id, ...fields });
    } catch (error) {
      if (isDuplicateKey(error)) return { inserted: false };
      throw error;
    }
    return { inserted: true, record };
  }

  /** A version by `_id`, or null. */
  async getVersion(id: string): Promise<FieldVersionRecord | null> {
    const doc = await this.byId(id);
    return doc ? toFieldVersionRecord(doc) : null;
  }

  /** The read model's source: one scan at start, `{_id}` re-reads for other replicas' events. */
  scan(): AsyncIterable<FieldValueSource> {
    return this.#model.find({}).select(FIELD_VALUE_FIELDS).lean<FieldValueSource[]>().cursor({ batchSize: 1000 });
  }

  byId(id: string): Promise<FieldValueSource | null> {
    return this.#model.findById(id).select(FIELD_VALUE_FIELDS).lean<FieldValueSource>().exec();
  }
}
