import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedContactGroupFromProto } from '@venuebook/contracts/codecs/contacts';
import { apiErrorResponses, deletedContactsResultSchema, idParamSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const contactParamsSchema = z.object({ id: idParamSchema('Contact id (UUID)') });

/** /api/v1/deleted-contacts: the admins' Deleted Contacts page and its permanent delete (restore: POST /contacts/{id}/restore). */
const deletedContactsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['contacts'],
        summary: 'List deleted contacts',
        description:
          'Admins only. Soft-deleted contacts grouped by venue (also deleted venues): newest deleted first within a group, groups by their newest deletion.',
        response: { 200: deletedContactsResultSchema, ...apiErrorResponses(401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.listDeletedContacts({}, grpcCallOptions(request, reply));
      return { groups: response.groups.map(deletedContactGroupFromProto) };
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Delete a deleted contact permanently',
        description:
          'Admins only. Removes a soft-deleted contact for good; 404 when there is no deleted contact with this id (an active contact is soft-deleted first).',
        params: contactParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.venues.purgeContact({ id: request.params.id }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );
};

export default deletedContactsRoutes;
