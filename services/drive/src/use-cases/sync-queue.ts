// The sync queue (spec §2 'Cloud-drive sync logs' and 'controls', §7 'Admin and sync'): one item per document queued
// (by its upload, or by Trigger Sync for those never queued), its state derived from its Drive copy, its job record
// and the jobs in hand. Trigger Sync queues what is not queued, then hands every item not synced to the worker (a
// failed one with its attempts back); Clear & Reset removes the items of a venue (or of all) and resets their
// documents, so that Trigger Sync queues them again. Lists and counts come from the read models; the database is
// read for the job records only (two top-level equalities on a collection that holds what failed).
import { auditContextOf } from '@venuebook/service-kit';
import type { Caller } from '@venuebook/grpc';
import type { AuditRecorder, JobQueue, RunningWorker } from '@venuebook/service-kit';
import type { MediaDocuments } from '../adapters/media-client.ts';
import { JOB_ID } from '../domain/drive-layout.ts';
import type { DriveEvents } from '../events/drive.events.ts';
import type { DriveCopies } from '../read-model/drive-copies.ts';
import type { SyncQueue } from '../read-model/sync-queue.ts';
import type { DriveFileRepository } from '../repositories/drive-file.repository.ts';
import type { DriveJobPayload } from '../repositories/job.model.ts';
import type { QueueItem, QueueRepository } from '../repositories/queue.repository.ts';
import { syncStateOf } from './sync-status.ts';
import type { DocumentSyncState } from './sync-status.ts';

/** The spec's fetch limit of the queue lists. */
export const QUEUE_LIST_LIMIT = 100;

/** Items queued at once by a bootstrap (inserts in flight). */
const BOOTSTRAP_CONCURRENCY = 8;

const QUEUE_TABLE = 'gdrive_sync_queue';

export interface QueueEntry extends QueueItem {
  venueName: string;
  state: DocumentSyncState;
  /** When its state last changed: synced, else its last failed attempt, else queued. */
  updatedAt: Date;
}

export interface QueueCounts {
  pending: number;
  syncing: number;
  completed: number;
  failed: number;
}

export interface SyncQueueDeps {
  queue: SyncQueue;
  repository: QueueRepository;
  copies: DriveCopies;
  files: DriveFileRepository;
  jobs: Pick<JobQueue<DriveJobPayload>, 'getMany' | 'idsWithStatus' | 'forget'>;
  /** The running worker; undefined when Drive is not configured (items wait). */
  worker(): RunningWorker<DriveJobPayload> | undefined;
  media: Pick<MediaDocuments, 'index'>;
  /** The venue's name; null when it is gone or deleted. */
  venueName(venueId: string): Promise<string | null>;
  events: DriveEvents;
  audit: AuditRecorder;
  maxAttempts: number;
  now?: () => Date;
}

export function syncQueueUseCases({
  queue,
  repository,
  copies,
  files,
  jobs,
  worker,
  media,
  venueName,
  events,
  audit,
  maxAttempts,
  now = () => new Date(),
}: SyncQueueDeps) {
  /** Queues a document once (a second call, here or on another replica, finds it queued); true when it queued it. */
  async function queueDocument(item: QueueItem): Promise<boolean> {
    // The database decides (its unique _id), not the read model: it may have heard of the item before it was stored.
    const added = await repository.add(item);
    queue.add(item);
    if (added) await events.queued(item);
    return added;
  }

  let triggering: Promise<{ processed: number; bootstrapped: number }> | undefined;

  async function runTrigger(caller: Caller): Promise<{ processed: number; bootstrapped: number }> {
    const at = now();
    let bootstrapped = 0;
    let processed = 0;
    try {
      // Page by page as media streams them (oldest upload first: the queue keeps the uploads' order), a few inserts at a time.
      for await (const page of media.index('')) {
        const missing = page
          .filter((document) => !queue.has(document.id) && !copies.get(document.id))
          .map(
            (document): QueueItem => ({
              documentId: document.id,
              venueId: document.venueId,
              fileName: document.fileName,
              uploadedAt: document.uploadedAt,
              createdAt: at,
            }),
          );
        for (let start = 0; start < missing.length; start += BOOTSTRAP_CONCURRENCY) {
          const added = await Promise.all(missing.slice(start, start + BOOTSTRAP_CONCURRENCY).map(queueDocument));
          bootstrapped += added.filter(Boolean).length;
        }
      }
      const running = worker();
      if (running) {
        const failed = await jobs.idsWithStatus('failed');
        for (const item of queue.items('')) {
          const jobId = JOB_ID.document(item.documentId);
          if (failed.has(jobId)) {
            if (await running.retryFailed(jobId)) processed += 1;
          } else if (!copies.get(item.documentId) && !running.working(jobId)) {
            // Keyed by the item's queueing: a document reset and queued again is a new change, whose wake-up JetStream
            // must not drop as a repeat of the one before its reset (within the duplicate window); repeated triggers of
            // the same queueing still wake it once.
            await running.enqueue(jobId, { documentId: item.documentId, venueId: item.venueId }, `queued:${item.createdAt.getTime()}`);
            processed += 1;
          }
        }
      }
      await audit.record({ action: 'gdrive_sync', table: QUEUE_TABLE, newValues: { processed, bootstrapped } }, auditContextOf(caller));
      return { processed, bootstrapped };
    } catch (error) {
      // What was done before the failure stays done (every step is idempotent); the log says how far it came.
      await audit.record(
        { action: 'gdrive_sync', table: QUEUE_TABLE, newValues: { processed, bootstrapped, error: error instanceof Error ? error.message : String(error) } },
        auditContextOf(caller),
      );
      throw error;
    }
  }

  return {
    queueDocument,

    /** Takes a document that is gone (deleted, or its venue purged) off the queue. */
    async forgetDocument(documentId: string, venueId: string): Promise<void> {
      if (!queue.has(documentId)) return;
      await repository.remove(documentId);
      queue.remove(documentId);
      await events.removed(documentId, venueId);
    },

    /** The work the sweep finds: every item without a Drive copy. */
    pendingJobs(): { id: string; payload: DriveJobPayload }[] {
      return queue
        .items('')
        .filter((item) => !copies.get(item.documentId))
        .map((item) => ({ id: JOB_ID.document(item.documentId), payload: { documentId: item.documentId, venueId: item.venueId } }));
    },

    /** The newest `limit` items of a venue ('' for all) with their state, and the counts over all of its items. */
    async list(venueId: string, limit: number): Promise<{ items: QueueEntry[]; counts: QueueCounts; total: number }> {
      const scope = queue.items(venueId);
      const listed = scope.slice(-limit).reverse();
      // The listed items' records (at most 100, by _id); for the counts, only the ids of the failed jobs.
      const [records, failed] = await Promise.all([jobs.getMany(listed.map((item) => JOB_ID.document(item.documentId))), jobs.idsWithStatus('failed')]);
      const running = worker();
      const counts: QueueCounts = { pending: 0, syncing: 0, completed: 0, failed: 0 };
      for (const item of scope) {
        const jobId = JOB_ID.document(item.documentId);
        if (failed.has(jobId)) counts.failed += 1;
        else if (copies.get(item.documentId)) counts.completed += 1;
        else if (running?.working(jobId)) counts.syncing += 1;
        else counts.pending += 1;
      }
      const names = new Map<string, string>();
      await Promise.all(
        [...new Set(listed.map((item) => item.venueId))].map(async (id) => {
          names.set(id, (await venueName(id)) ?? '');
        }),
      );
      const items = listed.map((item): QueueEntry => {
        const jobId = JOB_ID.document(item.documentId);
        const record = records.get(jobId);
        const state = syncStateOf(item.documentId, copies.get(item.documentId), record, running?.working(jobId) ?? false, maxAttempts);
        return { ...item, venueName: names.get(item.venueId) ?? '', state, updatedAt: state.syncedAt ?? record?.updatedAt ?? item.createdAt };
      });
      return { items, counts, total: scope.length };
    },

    /**
     * Trigger Sync: queues the documents never queued, then hands every item not synced to the worker. One run at a
     * time in a process: a second call while one runs gets that run's answer.
     */
    trigger(caller: Caller): Promise<{ processed: number; bootstrapped: number }> {
      triggering ??= runTrigger(caller).finally(() => {
        triggering = undefined;
      });
      return triggering;
    },

    /** Clear & Reset of a venue ('' for all): its items removed, its documents' sync state reset (their files stay in Drive). */
    async reset(caller: Caller, venueId: string): Promise<{ removedQueue: number; resetDocs: number }> {
      const at = now();
      const removedQueue = await repository.removeVenue(venueId, at);
      await files.forgetVenue(venueId, at);
      const documents = new Set([...queue.reset(venueId, at), ...copies.reset(venueId, at)]);
      await jobs.forget([...documents].map(JOB_ID.document));
      await events.reset(venueId, at);
      await audit.record(
        {
          action: 'reset_gdrive_queue',
          table: QUEUE_TABLE,
          recordId: venueId || null,
          newValues: { venueId: venueId || null, removedQueue, resetDocs: documents.size },
        },
        auditContextOf(caller),
      );
      return { removedQueue, resetDocs: documents.size };
    },
  };
}

export type SyncQueueUseCases = ReturnType<typeof syncQueueUseCases>;
