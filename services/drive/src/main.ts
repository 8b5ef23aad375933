// The Drive sync service's process: the worker that keeps every document's Google Drive copy in step, the reader of
// Drive's changes feed that imports files put in venues' folders, and the API in front of them; wiring only (the kit
// runs the start-up, see startDomainService, and the worker, see startWorker). Without credentials it starts without
// the worker and the reader: uploads are queued and wait, and sync once Drive is configured.
import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { DriveService } from '@venuebook/contracts/drive/v1';
import {
  createEventPublisher,
  JobQueue,
  lockModel,
  Locks,
  runServiceMain,
  startDomainService,
  startWorker,
  subscribeDomainEvents,
} from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle, RunningWorker } from '@venuebook/service-kit';
import { createDrive } from './adapters/drive.ts';
import { createMediaDocuments } from './adapters/media-client.ts';
import { createDriveVenues } from './adapters/venues-client.ts';
import { configSchema } from './config.ts';
import { safeFileLink } from './domain/drive-urls.ts';
import type { DriveConfig } from './config.ts';
import { startChangesPoll } from './consumers/changes-poll.ts';
import { startDocumentConsumer } from './consumers/document-consumer.ts';
import { startVenueConsumer } from './consumers/venue-consumer.ts';
import { createDriveEvents } from './events/drive.events.ts';
import { createDriveHandlers } from './grpc/drive.handlers.ts';
import { DriveCopies } from './read-model/drive-copies.ts';
import { driveFileModel } from './repositories/drive-file.model.ts';
import { driveStateModel } from './repositories/drive-state.model.ts';
import { DriveStateRepository } from './repositories/drive-state.repository.ts';
import { DriveFileRepository } from './repositories/drive-file.repository.ts';
import type { DriveFileRecord } from './repositories/drive-file.repository.ts';
import { driveJobModel } from './repositories/job.model.ts';
import { isDocumentJob } from './repositories/job.model.ts';
import type { DriveJobPayload } from './repositories/job.model.ts';
import { queueItemModel } from './repositories/queue-item.model.ts';
import { QueueRepository } from './repositories/queue.repository.ts';
import { applyQueueChange, SyncQueue } from './read-model/sync-queue.ts';
import { documentSync } from './use-cases/document-sync.ts';
import type { DocumentSync } from './use-cases/document-sync.ts';
import { driveFolders } from './use-cases/drive-folders.ts';
import { driveChanges } from './use-cases/drive-changes.ts';
import type { DriveChanges } from './use-cases/drive-changes.ts';
import { driveImport } from './use-cases/drive-import.ts';
import { syncQueueUseCases } from './use-cases/sync-queue.ts';
import { syncStatusUseCases } from './use-cases/sync-status.ts';
import { venueFolderSync } from './use-cases/venue-folder-sync.ts';

export interface StartOptions {
  logger?: Logger;
}

/**
 * The running service; `worker`: its worker runtime (tests sweep it on demand), `changes`: the reader of Drive's
 * changes feed (tests read it on demand); both absent when Drive is not configured.
 */
export interface DriveServiceHandle extends RunningServiceHandle {
  worker: RunningWorker<DriveJobPayload> | undefined;
  changes: DriveChanges | undefined;
}

export async function start(config: DriveConfig, options: StartOptions = {}): Promise<DriveServiceHandle> {
  let worker: RunningWorker<DriveJobPayload> | undefined;
  let changes: DriveChanges | undefined;
  const handle = await startDomainService({
    name: 'drive',
    config,
    logger: options.logger,
    models: (connection) => ({
      jobs: driveJobModel(connection),
      files: driveFileModel(connection),
      queue: queueItemModel(connection),
      state: driveStateModel(connection),
      locks: lockModel(connection, 'DriveLock', 'drive_locks'),
    }),
    streams: [STREAMS.jobs, STREAMS.media, STREAMS.venues],
    service: DriveService,
    handlers: async ({ models, nc, js, logger, audit, defer }) => {
      const files = new DriveFileRepository(models.files);
      const queueItems = new QueueRepository(models.queue);
      const [copies, queue] = await Promise.all([DriveCopies.load(files), SyncQueue.load(queueItems)]);
      // Every replica's copies and queue: each one publishes what it changed, all of them (itself too) apply it.
      const events = createDriveEvents(createEventPublisher(js, logger));
      const copySubscription = subscribeDomainEvents(
        nc,
        SUBJECTS.driveCopyChanged,
        ({ data }) =>
          copies.set(
            data.documentId,
            data.fileId
              ? {
                  documentId: data.documentId,
                  venueId: data.venueId,
                  fileId: data.fileId,
                  // Only a link users may follow (Google Drive's, or the local Drive's), whoever published the event.
                  url: safeFileLink(data.url, config.GOOGLE_DRIVE_API_URL),
                  syncedAt: new Date(data.syncedAt ?? Date.now()),
                }
              : null,
          ),
        { logger },
      );
      defer(() => copySubscription.unsubscribe());
      const queueSubscription = subscribeDomainEvents(nc, SUBJECTS.driveQueueChanged, ({ data }) => applyQueueChange(queue, copies, data), { logger });
      defer(() => queueSubscription.unsubscribe());
      const jobs = new JobQueue<DriveJobPayload>(models.jobs);
      const media = createMediaDocuments(config);
      defer(() => media.close());
      const venues = createDriveVenues(config);
      defer(() => venues.close());
      const venueName = (venueId: string) => venues.name(venueId);
      const queueUseCases = syncQueueUseCases({
        queue,
        repository: queueItems,
        copies,
        files,
        jobs,
        worker: () => worker,
        media,
        venueName,
        events,
        audit,
        maxAttempts: config.DRIVE_MAX_ATTEMPTS,
      });
      const credentials = config.GOOGLE_DRIVE_CREDENTIALS;
      const rootFolderId = config.GOOGLE_DRIVE_ROOT_FOLDER_ID;
      // A copy made or removed: into this replica's read model at once, to the others by an event.
      const copyChanged = (documentId: string, venueId: string, record: DriveFileRecord | null): void => {
        copies.set(documentId, record);
        void events.copyChanged(documentId, venueId, record);
      };
      let sync: DocumentSync | undefined;
      if (credentials && rootFolderId) {
        const drive = createDrive({ credentials, rootUrl: config.GOOGLE_DRIVE_API_URL, timeoutMs: config.GOOGLE_DRIVE_TIMEOUT_MS });
        const locks = new Locks(models.locks, { waitMs: 30_000, staleMs: config.DRIVE_LOCK_STALE_MS });
        const folders = driveFolders({ drive, rootFolderId, locks, venueName, recordFolder: (venueId, folderId) => venues.setFolder(venueId, folderId) });
        const documents = documentSync({
          drive,
          media,
          folders,
          files,
          locks,
          logger,
          onSynced: copyChanged,
          onGone: (documentId, venueId) => queueUseCases.forgetDocument(documentId, venueId),
        });
        sync = documents;
        const imports = driveImport({
          drive,
          folders,
          media,
          files,
          copies,
          locks,
          audit,
          logger,
          onSynced: copyChanged,
        });
        const feed = driveChanges({
          drive,
          folders,
          imports,
          state: new DriveStateRepository(models.state),
          // A reader of the feed in another replica reads the same changes: a short wait, then this read is left out.
          locks: new Locks(models.locks, { waitMs: 2000, staleMs: config.DRIVE_LOCK_STALE_MS }),
          venueActive: async (venueId) => (await venueName(venueId)) !== null,
          companyDomain: config.COMPANY_DOMAIN,
          logger,
        });
        changes = feed;
        const venueFolders = venueFolderSync({ folders });
        const running = await startWorker<DriveJobPayload>({
          name: 'drive',
          durable: config.DRIVE_JOBS_CONSUMER_NAME,
          nc,
          logger,
          queue: jobs,
          dueSubject: SUBJECTS.driveJobDue,
          concurrency: config.DRIVE_CONCURRENCY,
          maxAttempts: config.DRIVE_MAX_ATTEMPTS,
          backoff: { baseMs: config.DRIVE_RETRY_BASE_MS, maxMs: config.DRIVE_RETRY_MAX_MS },
          leaseMs: config.DRIVE_LEASE_MS,
          sweepIntervalMs: config.DRIVE_SWEEP_INTERVAL_MS,
          graceMs: config.DRIVE_GRACE_MS,
          perform: (job, context) =>
            isDocumentJob(job.payload) ? documents.perform({ ...job, payload: job.payload }, context) : venueFolders.perform({ ...job, payload: job.payload }),
          // A document changes again after its copy was made (category, deletion): its job runs again.
          renewable: true,
          // The queue is the truth of what must be synced: every item without a copy (an event lost, Drive configured late).
          discover: async () => queueUseCases.pendingJobs(),
        });
        worker = running;
        defer(() => running.stop());
        const poll = startChangesPoll({ changes: feed, intervalMs: config.GOOGLE_DRIVE_CHANGES_INTERVAL_MS, graceMs: config.DRIVE_GRACE_MS, logger });
        defer(() => poll.stop());
        const venueConsumer = await startVenueConsumer(nc, {
          durable: config.DRIVE_VENUES_CONSUMER_NAME,
          logger,
          folders: venueFolders,
          enqueue: (id, payload, change) => running.enqueue(id, payload, change),
        });
        defer(() => venueConsumer.stop());
      } else {
        logger.warn('Google Drive is not configured (GOOGLE_DRIVE_CREDENTIALS, GOOGLE_DRIVE_ROOT_FOLDER_ID): documents are queued and wait');
      }
      // Uploads are queued whether Drive is configured or not (nothing queued is lost: it syncs once Drive is).
      const consumer = await startDocumentConsumer(nc, {
        durable: config.DRIVE_DOCUMENTS_CONSUMER_NAME,
        logger,
        queue: queueUseCases,
        enqueue: (documentId, venueId, change) => {
          const running = worker;
          if (!running || !sync) return Promise.resolve();
          const job = sync.jobOf(documentId, venueId);
          return running.enqueue(job.id, job.payload, change);
        },
      });
      // Stopped before the worker (clean-up runs in reverse): no job is added while it drains.
      defer(() => consumer.stop());
      const root = credentials && rootFolderId ? { folderId: rootFolderId, url: `https://drive.google.com/drive/folders/${rootFolderId}` } : null;
      const status = syncStatusUseCases({
        copies,
        jobRecords: (jobIds) => jobs.getMany(jobIds),
        inHand: (jobId) => worker?.working(jobId) ?? false,
        maxAttempts: config.DRIVE_MAX_ATTEMPTS,
        root,
      });
      return createDriveHandlers({ status, queue: queueUseCases, import: changes, venueName });
    },
  });
  return { ...handle, worker, changes };
}

if (import.meta.main) await runServiceMain('drive', configSchema, start);
