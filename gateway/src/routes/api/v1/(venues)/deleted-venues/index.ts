import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listDeletedQueryToProto, listDeletedResultFromProto } from '@venuebook/contracts/codecs/venues';
import { apiErrorResponses, idParamSchema, listDeletedVenuesQuerySchema, listDeletedVenuesResultSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const deletedVenueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/** /api/v1/deleted-venues: the admins' list of soft-deleted venues and their permanent delete (restore: POST /venues/{id}/restore). */
const deletedVenuesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['venues'],
        summary: 'List deleted venues',
        description: 'Admins only. Soft-deleted venues, newest deleted first, searched over name, address, country and display city; paged.',
        querystring: listDeletedVenuesQuerySchema,
        response: { 200: listDeletedVenuesResultSchema, ...apiErrorResponses(400, 401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.listDeletedVenues(listDeletedQueryToProto(request.query), grpcCallOptions(request, reply));
      return listDeletedResultFromProto(response);
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['venues'],
        summary: 'Delete a deleted venue permanently',
        description:
          'Admins only. Removes a soft-deleted venue with its contacts and events for good; 404 when there is no deleted venue with this id (an active venue is soft-deleted first).',
        params: deletedVenueParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.venues.purgeVenue({ id: request.params.id }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );
};

export default deletedVenuesRoutes;
