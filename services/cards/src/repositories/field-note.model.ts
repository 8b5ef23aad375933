import { Schema } from 'mongoose';
import type { Connection, InferSchemaType, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/** A stored note line ('line', `_id` the line id) or the soft delete of one ('deleted', `_id` `${lineId}:deleted`). */
export const FIELD_NOTE_KINDS = ['line', 'deleted'] as const;

/**
 * Field notes (spec §3 venue_field_notes: one line per row, soft-deleted). Insert-only: a line is a document inserted
 * once; its soft delete is a second, inserted document (a tombstone `${lineId}:deleted` carrying deleted_at), so a save
 * never updates or deletes (on FerretDB v1 an insert stays cheap at any size, an update or delete by `_id` scans the
 * collection: docs/decisions/0003-insert-only-collections-and-locks.md). Two deletes of one line meet on the
 * tombstone's unique `_id` (the second is a no-op). Only Clean Field Notes removes documents: a venue's soft-deleted
 * lines and their tombstones, in one `{_id: {$in}}` delete.
 */
export const fieldNoteSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, enum: FIELD_NOTE_KINDS, required: true },
    /** The line (its own `_id` for a line; the line a tombstone deletes). */
    lineId: { type: String, required: true },
    venueId: { type: String, required: true },
    cardId: { type: String, required: true },
    department: { type: String, default: '' },
    fieldKey: { type: String, required: true },
    /** text_line (a tombstone: empty). */
    text: { type: String, default: '' },
    /** The line's place in the field (ascending; ties by createdAt, then id). */
    position: { type: Number, default: 0 },
    /** created_at of a line; deleted_at of a tombstone. */
    createdAt: { type: Date, required: true },
    createdBy: { type: String, default: '' },
    createdByEmail: { type: String, default: '' },
  },
  { collection: 'venue_field_notes', versionKey: false, strict: 'throw' },
);

// No secondary index: the only reads are the start-up scan and `{_id}`; a field's lines come from the read model.

export type FieldNoteDocument = InferSchemaType<typeof fieldNoteSchema> & { _id: string };
export type FieldNoteModel = Model<FieldNoteDocument>;

export function fieldNoteModel(connection: Connection): FieldNoteModel {
  return registeredModel<FieldNoteDocument>(connection, 'FieldNote', fieldNoteSchema);
}
