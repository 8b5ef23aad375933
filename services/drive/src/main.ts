// The Drive sync service's process: the worker that keeps every document's Google Drive copy in step, and the API in
// front of it; wiring only (the kit runs the start-up, see startDomainService, and the worker, see startWorker).
// Without credentials it starts without the worker: documents stay pending, and sync once Drive is configured.
import { randomUUID } from 'node:crypto';
import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { DriveService } from '@venuebook/contracts/drive/v1';
import { GrpcStatus, isGrpcError } from '@venuebook/grpc';
import {
  createEventPublisher,
  createVenueDirectory,
  JobQueue,
  lockModel,
  Locks,
  runServiceMain,
  startDomainService,
  startWorker,
  subscribeDomainEvents,
  workerCaller,
} from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle, RunningWorker } from '@venuebook/service-kit';
import { createDrive } from './adapters/drive.ts';
import { createMediaDocuments, DRIVE_WORKER } from './adapters/media-client.ts';
import { configSchema } from './config.ts';
import type { DriveConfig } from './config.ts';
import { startDocumentConsumer } from './consumers/document-consumer.ts';
import { startVenueConsumer } from './consumers/venue-consumer.ts';
import { createDriveEvents } from './events/drive.events.ts';
import { createDriveHandlers } from './grpc/drive.handlers.ts';
import { DriveCopies } from './read-model/drive-copies.ts';
import { driveFileModel } from './repositories/drive-file.model.ts';
import { DriveFileRepository } from './repositories/drive-file.repository.ts';
import { driveJobModel } from './repositories/job.model.ts';
import { isDocumentJob } from './repositories/job.model.ts';
import type { DriveJobPayload } from './repositories/job.model.ts';
import { documentSync } from './use-cases/document-sync.ts';
import { driveFolders } from './use-cases/drive-folders.ts';
import { syncStatusUseCases } from './use-cases/sync-status.ts';
import { venueFolderSync } from './use-cases/venue-folder-sync.ts';

export interface StartOptions {
  logger?: Logger;
}

/** The running service; `worker`: its worker runtime (tests sweep it on demand), absent when Drive is not configured. */
export interface DriveServiceHandle extends RunningServiceHandle {
  worker: RunningWorker<DriveJobPayload> | undefined;
}

export async function start(config: DriveConfig, options: StartOptions = {}): Promise<DriveServiceHandle> {
  let worker: RunningWorker<DriveJobPayload> | undefined;
  const handle = await startDomainService({
    name: 'drive',
    config,
    logger: options.logger,
    models: (connection) => ({ jobs: driveJobModel(connection), files: driveFileModel(connection), locks: lockModel(connection, 'DriveLock', 'drive_locks') }),
    streams: [STREAMS.jobs, STREAMS.media, STREAMS.venues],
    service: DriveService,
    handlers: async ({ models, nc, js, logger, defer }) => {
      const files = new DriveFileRepository(models.files);
      const copies = await DriveCopies.load(files);
      // Every replica's copies: each one publishes what it made or removed, all of them (itself too) apply it.
      const events = createDriveEvents(createEventPublisher(js, logger));
      const subscription = subscribeDomainEvents(
        nc,
        SUBJECTS.driveCopyChanged,
        ({ data }) =>
          copies.set(
            data.documentId,
            data.fileId
              ? { documentId: data.documentId, venueId: data.venueId, fileId: data.fileId, url: data.url, syncedAt: new Date(data.syncedAt ?? Date.now()) }
              : null,
          ),
        { logger },
      );
      defer(() => subscription.unsubscribe());
      const jobs = new JobQueue<DriveJobPayload>(models.jobs);
      const credentials = config.GOOGLE_DRIVE_CREDENTIALS;
      const rootFolderId = config.GOOGLE_DRIVE_ROOT_FOLDER_ID;
      if (credentials && rootFolderId) {
        const drive = createDrive({ credentials, rootUrl: config.GOOGLE_DRIVE_API_URL, timeoutMs: config.GOOGLE_DRIVE_TIMEOUT_MS });
        const media = createMediaDocuments(config);
        defer(() => media.close());
        const venues = createVenueDirectory(config);
        defer(() => venues.close());
        const locks = new Locks(models.locks, { waitMs: 30_000 });
        const folders = driveFolders({
          drive,
          rootFolderId,
          locks,
          venueName: async (venueId) => {
            try {
              return (await venues.getActive(workerCaller(DRIVE_WORKER, `drive-${randomUUID()}`), venueId)).name;
            } catch (error) {
              if (isGrpcError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
              throw error;
            }
          },
        });
        const sync = documentSync({
          drive,
          media,
          folders,
          files,
          locks,
          logger,
          onSynced: (documentId, venueId, record) => {
            copies.set(documentId, record);
            void events.copyChanged(documentId, venueId, record);
          },
        });
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
            isDocumentJob(job.payload) ? sync.perform({ ...job, payload: job.payload }, context) : venueFolders.perform({ ...job, payload: job.payload }),
          // A document changes again after its copy was made (category, deletion): its job runs again.
          renewable: true,
        });
        worker = running;
        defer(() => running.stop());
        const consumer = await startDocumentConsumer(nc, {
          durable: config.DRIVE_DOCUMENTS_CONSUMER_NAME,
          logger,
          sync,
          enqueue: (id, payload, change) => running.enqueue(id, payload, change),
        });
        const venueConsumer = await startVenueConsumer(nc, {
          durable: config.DRIVE_VENUES_CONSUMER_NAME,
          logger,
          folders: venueFolders,
          enqueue: (id, payload, change) => running.enqueue(id, payload, change),
        });
        // Stopped before the worker (clean-up runs in reverse): no job is added while it drains.
        defer(() => consumer.stop());
        defer(() => venueConsumer.stop());
      } else {
        logger.warn('Google Drive is not configured (GOOGLE_DRIVE_CREDENTIALS, GOOGLE_DRIVE_ROOT_FOLDER_ID): documents wait as pending');
      }
      const root = credentials && rootFolderId ? { folderId: rootFolderId, url: `https://drive.google.com/drive/folders/${rootFolderId}` } : null;
      const status = syncStatusUseCases({
        copies,
        jobRecords: (jobIds) => jobs.getMany(jobIds),
        inHand: (jobId) => worker?.working(jobId) ?? false,
        maxAttempts: config.DRIVE_MAX_ATTEMPTS,
        root,
      });
      return createDriveHandlers({ status });
    },
  });
  return { ...handle, worker };
}

if (import.meta.main) await runServiceMain('drive', configSchema, start);
