import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorResponses,
  driveStatusSchema,
  resetSyncQueueRequestSchema,
  resetSyncQueueResultSchema,
  syncQueueQuerySchema,
  syncQueueSchema,
  triggerSyncResultSchema,
} from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../../lib/grpc-call.ts';

const orNull = (value: string): string | null => value || null;

/** How long Trigger Sync may take. */
const TRIGGER_DEADLINE_MS = 10 * 60_000;

/** /api/v1/admin/drive: Google Drive sync, its queue, Trigger Sync and Clear & Reset (admin or owner; the Drive service enforces it). */
const driveRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether Google Drive sync is configured',
        description: 'Configured (a service account and a root folder) or not, and the root folder. Not configured: documents are queued and wait.',
        response: { 200: driveStatusSchema, ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const status = await fastify.drive.getDriveStatus({}, grpcCallOptions(request, reply));
      return { configured: status.configured, rootFolderId: status.rootFolderId || null, rootFolderUrl: status.rootFolderUrl || null };
    },
  );

  fastify.get(
    '/queue',
    {
      schema: {
        tags: ['admin'],
        summary: 'The sync queue',
        description: "Newest items first (at most 100), of every venue or of one, with the counts of each status over all of the scope's items.",
        querystring: syncQueueQuerySchema,
        response: { 200: syncQueueSchema, ...apiErrorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const answer = await fastify.drive.listSyncQueue({ venueId: request.query.venueId ?? '', limit: request.query.limit }, grpcCallOptions(request, reply));
      return {
        items: answer.items.map((item) => ({
          id: item.id,
          venueDocumentId: item.documentId,
          venueId: item.venueId,
          venueName: orNull(item.venueName),
          fileName: orNull(item.fileName),
          uploadedAt: orNull(item.uploadedAt),
          status: item.status as 'pending' | 'syncing' | 'completed' | 'failed',
          retryCount: item.retryCount,
          maxRetries: item.maxRetries,
          errorMessage: orNull(item.errorMessage),
          createdAt: item.createdAt,
          updatedAt: item.updatedAt,
          syncedAt: orNull(item.syncedAt),
          googleDriveUrl: orNull(item.googleDriveUrl),
        })),
        counts: {
          pending: answer.counts?.pending ?? 0,
          syncing: answer.counts?.syncing ?? 0,
          completed: answer.counts?.completed ?? 0,
          failed: answer.counts?.failed ?? 0,
        },
        total: answer.total,
      };
    },
  );

  fastify.post(
    '/sync',
    {
      schema: {
        tags: ['admin'],
        summary: 'Trigger Sync',
        description:
          'Queues the documents never queued (bootstrapped), then hands every item not synced, failed ones included, to the worker (processed). It answers at once; the worker syncs in the background.',
        response: { 200: triggerSyncResultSchema, ...apiErrorResponses(401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      // A first bootstrap of a large library queues an item per document: longer than a read's deadline.
      const result = await fastify.drive.triggerSync({}, { ...grpcCallOptions(request, reply), deadlineMs: TRIGGER_DEADLINE_MS });
      return { success: true as const, processed: result.processed, bootstrapped: result.bootstrapped };
    },
  );

  fastify.post(
    '/reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'Clear & Reset the sync queue',
        description:
          "Removes the queue items of one venue (`venueId`), or of every venue (no body, or an empty object), and resets their documents' sync state, so that Trigger Sync queues them again. Files already in Google Drive stay there and are found again, not duplicated. Any other field is refused (400).",
        body: resetSyncQueueRequestSchema.optional(),
        response: { 200: resetSyncQueueResultSchema, ...apiErrorResponses(400, 401, 403, 500, 503) },
      },
    },
    async (request, reply) => {
      const venueId = request.body?.venueId ?? '';
      const result = await fastify.drive.resetSyncQueue({ venueId, all: venueId === '' }, grpcCallOptions(request, reply));
      return { success: true as const, removedQueue: result.removedQueue, resetDocs: result.resetDocs };
    },
  );
};

export default driveRoutes;
