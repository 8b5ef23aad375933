import type { Connection, Model } from 'mongoose';
import { workerJobModel } from '@venuebook/service-kit';
import type { WorkerJobDocument } from '@venuebook/service-kit';

/** drive_jobs: the Drive worker's failed attempts (the kit's worker job shape); the id is the job's (`doc:<documentId>`). */
export function driveJobModel(connection: Connection): Model<WorkerJobDocument> {
  return workerJobModel(connection, 'drive_jobs');
}

/** What a document's job carries: which document (its state is read from media when the job runs). */
export interface DocumentJobPayload {
  documentId: string;
  venueId: string;
}

/** What a venue folder's job carries: which venue, and whether its folder takes the venue's name or goes to the trash. */
export interface VenueFolderJobPayload {
  venueId: string;
  folder: 'rename' | 'trash';
}

/** Any job of the Drive worker. */
export type DriveJobPayload = DocumentJobPayload | VenueFolderJobPayload;

export const isDocumentJob = (payload: DriveJobPayload): payload is DocumentJobPayload => 'documentId' in payload;

/** What a document's job keeps between attempts: the resumable upload session Drive opened. */
export interface DocumentJobProgress {
  sessionUri?: string;
}
