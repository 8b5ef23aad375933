// One document's Drive copy, brought in step with the document (a job of the worker runtime, id `doc:<documentId>`):
// whatever woke it (an upload, a category change, a deletion, a sweep), it reads what the document is now (media)
// and what Drive holds (the file carrying the document's id in its appProperties), and does what closes the gap:
// upload into the category's folder, move it there, or trash it. Run twice, the second run finds nothing to do; a
// worker killed after an upload and before recording it finds the file in Drive instead of uploading a second.
import { PermanentJobFailure, RetryLater } from '@venuebook/service-kit';
import type { JobContext, Locks, Logger, WorkerJob } from '@venuebook/service-kit';
import type { Drive, DriveItem } from '../adapters/drive.ts';
import { VENUE_INACTIVE } from '../adapters/media-client.ts';
import type { MediaDocuments } from '../adapters/media-client.ts';
import { documentFileProperties, JOB_ID } from '../domain/drive-layout.ts';
import type { DriveFileRecord, DriveFileRepository } from '../repositories/drive-file.repository.ts';
import type { DocumentJobPayload, DocumentJobProgress } from '../repositories/job.model.ts';
import type { DriveFolders } from './drive-folders.ts';

export interface DocumentSyncDeps {
  drive: Drive;
  media: MediaDocuments;
  folders: DriveFolders;
  files: DriveFileRepository;
  /** One sync of a document at a time across the replicas (two wake-ups of one document taken by two processes). */
  locks: Locks;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: () => Date;
  /** Told of every copy made or removed (the read model). */
  onSynced?: (documentId: string, venueId: string, file: DriveFileRecord | null) => void;
  /** Told of a document that is gone, once its copy is trashed (the queue forgets it). */
  onGone?: (documentId: string, venueId: string) => Promise<void>;
}

export function documentSync({ drive, media, folders, files, locks, logger, now = () => new Date(), onSynced, onGone }: DocumentSyncDeps) {
  /** The document's file in Drive, by its appProperties (the record's file id first: one read instead of a query). */
  async function driveFileOf(documentId: string, venueId: string): Promise<DriveItem | null> {
    const recorded = await files.get(documentId);
    if (recorded) {
      const file = await drive.get(recorded.fileId);
      if (file && !file.trashed) return file;
    }
    return drive.findByProperties(documentFileProperties(documentId, venueId));
  }

  async function reconcile(job: WorkerJob<DocumentJobPayload>, context: JobContext): Promise<void> {
    const { documentId, venueId } = job.payload;
    const document = await media.get(documentId);
    if (document === VENUE_INACTIVE) {
      // Its venue is deleted, not purged: its copy stays as it is until the venue is restored (then it syncs) or purged.
      logger.info({ documentId, venueId }, 'not synced: its venue is deleted');
      return;
    }
    if (!document) {
      // Deleted (or its venue purged): its copy goes to Drive's trash.
      const file = await driveFileOf(documentId, venueId);
      if (file) await drive.trash(file.id);
      await files.forget(documentId);
      onSynced?.(documentId, venueId, null);
      await onGone?.(documentId, venueId);
      return;
    }
    const parentId = await folders.folderFor(document.venueId, document.category);
    let file = await driveFileOf(document.id, document.venueId);
    if (!file) {
      const progress = job.progress as DocumentJobProgress;
      file = await drive.upload({
        name: document.fileName,
        mimeType: document.fileType || 'application/octet-stream',
        size: document.fileSize,
        parentId,
        appProperties: documentFileProperties(document.id, document.venueId),
        source: async (offset, signal) => media.read(document.id, offset, document.fileSize, signal),
        signal: context.signal,
        ...(progress.sessionUri ? { sessionUri: progress.sessionUri } : {}),
        onSession: (sessionUri) => context.progress({ sessionUri }),
      });
      logger.info({ documentId, fileId: file.id, bytes: document.fileSize }, 'uploaded to Google Drive');
    } else if (!file.parents.includes(parentId)) {
      await drive.move(file.id, parentId, file.parents);
      logger.info({ documentId, fileId: file.id, category: document.category }, 'moved in Google Drive');
    }
    const record = { documentId, venueId: document.venueId, fileId: file.id, url: file.webViewLink, syncedAt: now() };
    await files.record(record);
    onSynced?.(documentId, document.venueId, record);
  }

  return {
    jobOf(documentId: string, venueId: string): { id: string; payload: DocumentJobPayload } {
      return { id: JOB_ID.document(documentId), payload: { documentId, venueId } };
    },

    async perform(job: WorkerJob<DocumentJobPayload>, context: JobContext): Promise<void> {
      // A wake-up names its job and carries the document: they must agree (no job works on another's document).
      if (job.id !== JOB_ID.document(job.payload.documentId)) throw new PermanentJobFailure('the job and its document do not match');
      const held = await locks.withLock(`drive-document:${job.payload.documentId}`, () => reconcile(job, context));
      if (!held) throw new RetryLater('another worker is syncing this document', 5000);
    },
  };
}

export type DocumentSync = ReturnType<typeof documentSync>;
