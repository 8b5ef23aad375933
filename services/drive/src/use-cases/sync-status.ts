// What Drive sync says of itself and of documents: configured or not (and where), and each document's copy.
import type { WorkerJobDocument } from '@venuebook/service-kit';
import { JOB_ID } from '../domain/drive-layout.ts';
import type { DriveCopies } from '../read-model/drive-copies.ts';

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

export function syncStatusUseCases({ copies, jobRecords, inHand, maxAttempts, root }: SyncStatusDeps) {
  return {
    driveStatus() {
      return { configured: root !== null, rootFolderId: root?.folderId ?? '', rootFolderUrl: root?.url ?? '' };
    },

    async documentStates(documentIds: readonly string[]): Promise<DocumentSyncState[]> {
      const ids = [...new Set(documentIds)];
      const records = await jobRecords(ids.map(JOB_ID.document));
      return ids.map((documentId): DocumentSyncState => {
        const copy = copies.get(documentId);
        const jobId = JOB_ID.document(documentId);
        const record = records.get(jobId);
        const failed = record?.status === 'failed';
        const status = copy && !failed ? 'completed' : failed ? 'failed' : inHand(jobId) ? 'syncing' : 'pending';
        return {
          documentId,
          status,
          fileId: copy?.fileId ?? '',
          url: copy?.url ?? '',
          retryCount: record && record.status !== 'done' ? record.attempts : 0,
          maxRetries: maxAttempts,
          error: record && record.status !== 'done' ? record.lastError : '',
          syncedAt: copy?.syncedAt ?? null,
        };
      });
    },
  };
}

export type SyncStatusUseCases = ReturnType<typeof syncStatusUseCases>;
