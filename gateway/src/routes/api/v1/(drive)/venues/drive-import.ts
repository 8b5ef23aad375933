import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorResponses, driveImportResultSchema, idParamSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/** A venue's files may be large: their import takes longer than a read's deadline. */
const IMPORT_DEADLINE_MS = 10 * 60_000;

/** /api/v1/venues/{id}/documents/sync-drive: 'Sync documents' (spec §8), the venue's new files in Google Drive into its documents. */
const driveImportRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/:id/documents/sync-drive',
    {
      schema: {
        tags: ['media'],
        summary: "Import the new files of the venue's Google Drive folders",
        description:
          "Files someone put in the venue's Drive folder (General) or its category folders become documents of that category, through the same checks as an upload (a refused file's reason is in the audit log and on the file in Drive). Each file is imported once, however often this runs; at most 100 files a call (the rest on the next); a file that fails now (failedCount) is tried again on the next call. 400 'Google Drive is not configured' when it is not; 404 for an unknown or deleted venue.",
        params: venueParamsSchema,
        response: { 200: driveImportResultSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 503) },
      },
    },
    async (request, reply) => {
      const result = await fastify.drive.syncVenueDocuments(
        { venueId: request.params.id },
        { ...grpcCallOptions(request, reply), deadlineMs: IMPORT_DEADLINE_MS },
      );
      return { success: true as const, syncedCount: result.syncedCount, refusedCount: result.refusedCount, failedCount: result.failedCount };
    },
  );
};

export default driveImportRoutes;
