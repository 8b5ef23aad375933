import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * gdrive_state: the Drive service's own state, one document per concern by `_id`. `changes`: where the import reads
 * Drive's changes feed from (its page token), written only once the changes before it were handled.
 */
export interface DriveStateDocument {
  _id: string;
  pageToken: string;
  /** Since when the page at `pageToken` has had files that failed (null: it has not). */
  heldSince: Date | null;
  updatedAt: Date;
}

const driveStateSchema = new Schema<DriveStateDocument>(
  {
    _id: { type: String, required: true },
    pageToken: { type: String, required: true },
    heldSince: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'gdrive_state', versionKey: false, strict: 'throw' },
);

export function driveStateModel(connection: Connection): Model<DriveStateDocument> {
  return registeredModel<DriveStateDocument>(connection, 'DriveState', driveStateSchema);
}
