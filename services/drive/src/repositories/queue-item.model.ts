import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * gdrive_sync_queue (spec §3): one item per document queued (`_id` = document id; a second insert of it fails, so a
 * document is queued once), inserted by an upload or Trigger Sync. Its state is derived: drive_files (completed),
 * drive_jobs (retries, error, failed), the jobs in hand (syncing). Deleted when its document is gone or by Clear &
 * Reset (one top-level equality: the venue).
 */
export interface QueueItemDocument {
  _id: string;
  venueId: string;
  fileName: string;
  uploadedAt: Date | null;
  createdAt: Date;
}

const queueItemSchema = new Schema<QueueItemDocument>(
  {
    _id: { type: String, required: true },
    venueId: { type: String, required: true },
    fileName: { type: String, default: '' },
    uploadedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'gdrive_sync_queue', versionKey: false, strict: 'throw' },
);

export function queueItemModel(connection: Connection): Model<QueueItemDocument> {
  return registeredModel<QueueItemDocument>(connection, 'DriveQueueItem', queueItemSchema);
}
