// Google Drive sync as the API shows it to admins: whether a service account is configured, and where.
import { z } from 'zod';
import { SYNC_STATES } from './sync.ts';

export const driveStatusSchema = z
  .object({
    configured: z.boolean().describe('False when no service account is configured: documents are queued and wait'),
    rootFolderId: z.string().nullable().describe('The Drive folder the venue folders are made in'),
    rootFolderUrl: z.string().nullable().describe('That folder in Google Drive'),
  })
  .meta({ id: 'DriveStatus', description: 'Where Google Drive sync stands in this deployment' });

export type DriveStatus = z.output<typeof driveStatusSchema>;

/** The queue lists' fetch limit (spec §9: 'Sync queue fetch limit 100'). */
export const SYNC_QUEUE_LIMIT = 100;

export const syncQueueQuerySchema = z.object({
  venueId: z.string().max(200).optional().describe("Only this venue's items (the venue dialog); all venues when absent"),
  limit: z.coerce.number().int().min(1).max(SYNC_QUEUE_LIMIT).default(SYNC_QUEUE_LIMIT).describe('Newest items first, at most this many'),
});

export const syncQueueItemSchema = z
  .object({
    id: z.string().describe("The item's id"),
    venueDocumentId: z.string(),
    venueId: z.string(),
    venueName: z.string().nullable().describe('Null when the venue is gone or deleted'),
    fileName: z.string().nullable().describe('Null when unknown'),
    uploadedAt: z.string().nullable(),
    status: z.enum(SYNC_STATES).describe("'syncing' while a worker is at it"),
    retryCount: z.number().int(),
    maxRetries: z.number().int(),
    errorMessage: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    syncedAt: z.string().nullable(),
    googleDriveUrl: z.string().nullable().describe('The file in Google Drive, once synced'),
  })
  .meta({ id: 'SyncQueueItem', description: 'A document in the Google Drive sync queue (spec §3 gdrive_sync_queue)' });

export const syncQueueSchema = z
  .object({
    items: z.array(syncQueueItemSchema).describe('Newest first'),
    counts: z
      .object({ pending: z.number().int(), syncing: z.number().int(), completed: z.number().int(), failed: z.number().int() })
      .describe('Over every item in scope'),
    total: z.number().int(),
  })
  .meta({ id: 'SyncQueue', description: 'The Google Drive sync queue, of all venues or of one' });

export const triggerSyncResultSchema = z
  .object({
    success: z.literal(true),
    processed: z.number().int().describe('Items handed to the worker (0 when Drive is not configured: they wait)'),
    bootstrapped: z.number().int().describe('Documents queued by this call (never queued before)'),
  })
  .meta({ id: 'TriggerSyncResult', description: 'What Trigger Sync did' });

export const resetSyncQueueRequestSchema = z
  .strictObject({ venueId: z.string().min(1).max(200).optional().describe('Only this venue; every venue when absent') })
  .meta({ id: 'ResetSyncQueueRequest' });

export const resetSyncQueueResultSchema = z
  .object({
    success: z.literal(true),
    removedQueue: z.number().int().describe('Queue items removed'),
    resetDocs: z.number().int().describe('Documents whose sync state was reset (Trigger Sync queues them again)'),
  })
  .meta({ id: 'ResetSyncQueueResult', description: 'What Clear & Reset did' });

export type SyncQueueItem = z.output<typeof syncQueueItemSchema>;
export type SyncQueueList = z.output<typeof syncQueueSchema>;
export type TriggerSyncResult = z.output<typeof triggerSyncResultSchema>;
export type ResetSyncQueueResult = z.output<typeof resetSyncQueueResultSchema>;

export const driveImportResultSchema = z
  .object({
    success: z.literal(true),
    syncedCount: z.number().int().describe('Files imported by this call'),
    refusedCount: z.number().int().describe('Files refused (a type or content an upload would be refused for): not tried again'),
    failedCount: z.number().int().describe('Files that could not be imported now: tried again on the next call'),
  })
  .meta({ id: 'DriveImportResult', description: "What 'Sync documents' did" });

export type DriveImportResult = z.output<typeof driveImportResultSchema>;
