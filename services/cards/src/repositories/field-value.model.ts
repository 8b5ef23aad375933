import { Schema } from 'mongoose';
import type { Connection, InferSchemaType, Model } from 'mongoose';
import { FIELD_VALUE_KINDS } from '@venuebook/domain';
import { registeredModel } from '@venuebook/service-kit';

/**
 * One version of a card field's value at a venue (spec §3 venue_data): `_id` `${venueId}:${cardId}_${fieldKey}:${version}`.
 * Insert-only: a save inserts the next version and never updates or deletes one (on FerretDB v1 an insert stays
 * cheap at any size, an update or delete by `_id` scans the collection: docs/decisions/0003-insert-only-collections-and-locks.md),
 * and the unique `_id` makes the insert the
 * compare-and-set of concurrent saves, across replicas, without a lock.
 */
export const fieldValueSchema = new Schema(
  {
    _id: { type: String, required: true },
    venueId: { type: String, required: true },
    cardId: { type: String, required: true },
    fieldKey: { type: String, required: true },
    department: { type: String, default: '' },
    value: { type: String, default: '' },
    version: { type: Number, required: true },
    kind: { type: String, enum: FIELD_VALUE_KINDS, required: true },
    savedBy: { type: String, default: '' },
    savedByEmail: { type: String, default: '' },
    savedAt: { type: Date, required: true },
    restoredFrom: { type: Number, default: null },
    verifiedSource: { type: String, default: null },
  },
  { collection: 'venue_data', versionKey: false, strict: 'throw' },
);

// No secondary index: the only reads are the start-up scan and `{_id}`; a venue's values and a field's history come
// from the read model (read-model/field-value-read-model.ts).

export type FieldValueDocument = InferSchemaType<typeof fieldValueSchema> & { _id: string };
export type FieldValueModel = Model<FieldValueDocument>;

/** The FieldValue model bound to a service connection. */
export function fieldValueModel(connection: Connection): FieldValueModel {
  return registeredModel<FieldValueDocument>(connection, 'FieldValue', fieldValueSchema);
}
