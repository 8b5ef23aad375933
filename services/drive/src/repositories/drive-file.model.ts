import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * drive_files: a document's Drive copy (`_id` = document id), inserted once its upload completed; what the queue
 * shows as completed, with the link. A Clear & Reset deletes the rows of what it resets.
 */
export interface DriveFileDocument {
  _id: string;
  venueId: string;
  fileId: string;
  url: string;
  syncedAt: Date;
}

const driveFileSchema = new Schema<DriveFileDocument>(
  {
    _id: { type: String, required: true },
    venueId: { type: String, required: true },
    fileId: { type: String, required: true },
    url: { type: String, default: '' },
    syncedAt: { type: Date, required: true },
  },
  { collection: 'drive_files', versionKey: false, strict: 'throw' },
);

export function driveFileModel(connection: Connection): Model<DriveFileDocument> {
  return registeredModel<DriveFileDocument>(connection, 'DriveFile', driveFileSchema);
}
