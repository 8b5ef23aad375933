import { Schema } from 'mongoose';
import type { Connection, InferSchemaType, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * One imported CSV row: `_id` is the row's key (a hash of its kind and normalised values). Inserted
 * before the row is written, so the unique `_id` lets one insert win across re-runs, double clicks and replicas.
 */
export const importKeySchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    /** The venue or contact created ('' while the write is under way). */
    recordId: { type: String, default: '' },
    createdBy: { type: String, default: '' },
  },
  { collection: 'import_keys', timestamps: true, versionKey: false, strict: 'throw' },
);

export type ImportKeyDocument = InferSchemaType<typeof importKeySchema> & { _id: string; createdAt: Date; updatedAt: Date };
export type ImportKeyModel = Model<ImportKeyDocument>;

export function importKeyModel(connection: Connection): ImportKeyModel {
  return registeredModel<ImportKeyDocument>(connection, 'ImportKey', importKeySchema);
}
