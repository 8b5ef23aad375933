// What Drive sync says of itself and of documents: configured or not (and where), and each document's copy.
import type { WorkerJobDocument } from '@venuebook/service-kit';
import { JOB_ID } from '../domain/drive-layout.ts';
import type { DriveCopies } from '../read-model/drive-copies.ts';
import type { DriveFileRecord } from '../repositories/drive-file.repository.ts';

export interface DocumentSyncState {
  documentId: string;
  status: 'pending' | 'syncing' | 'completed' | 'failed';
  fileId: string;
  url: string;
  retryCount: number;
  maxRetries: number;
  error: string;
  syncedAt: Date | null;
}

export interface SyncStatusDeps {
  copies: DriveCopies;
  /** The job records of failed attempts, by job id (one read for all). */
  jobRecords(jobIds: readonly string[]): Promise<Map<string, WorkerJobDocument>>;
  /** Jobs in hand in this process. */
  inHand(jobId: string): boolean;
  maxAttempts: number;
  /** null: Drive is not configured. */
  root: { folderId: string; url: string } | null;
}

/** A document's sync state from its copy, its job record (a failed attempt) and whether a worker holds its job now. */
export function syncStateOf(
  documentId: string,
  copy: DriveFileRecord | undefined,
  record: Pick<WorkerJobDocument, 'status' | 'attempts' | 'lastError'> | undefined,
  inHand: boolean,
  maxAttempts: number,
): DocumentSyncState {
  const failed = record?.status === 'failed';
  const open = record !== undefined && record.status !== 'done';
  return {
    documentId,
    status: copy && !failed ? 'completed' : failed ? 'failed' : inHand ? 'syncing' : 'pending',
    fileId: copy?.fileId ?? '',
    url: copy?.url ?? '',
    retryCount: open ? record.attempts : 0,
    maxRetries: maxAttempts,
    error: open ? record.lastError : '',
    syncedAt: copy?.syncedAt ?? null,
  };
}

export function syncStatusUseCases({ copies, jobRecords, inHand, maxAttempts, root }: SyncStatusDeps) {
  return {
    driveStatus() {
      return { configured: root !== null, rootFolderId: root?.folderId ?? '', rootFolderUrl: root?.url ?? '' };
    },

    async documentStates(documentIds: readonly string[]): Promise<DocumentSyncState[]> {
      const ids = [...new Set(documentIds)];
      const records = await jobRecords(ids.map(JOB_ID.document));
      return ids.map((documentId) => {
        const jobId = JOB_ID.document(documentId);
        return syncStateOf(documentId, copies.get(documentId), records.get(jobId), inHand(jobId), maxAttempts);
      });
    },
  };
}

export type SyncStatusUseCases = ReturnType<typeof syncStatusUseCases>;
