import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorResponses, driveStatusSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../../lib/grpc-call.ts';

/** /api/v1/admin/drive: where Google Drive sync stands (admin or owner; the Drive service enforces it). */
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
};

export default driveRoutes;
