import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataCardFromProto } from '@venuebook/contracts/codecs/cards';
import { apiErrorResponses, dataCardListSchema, idParamSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const deletedCardParamsSchema = z.object({ id: idParamSchema('Card id (UUID)') });

/** /api/v1/deleted-cards: the admins' Deleted Data Cards page (restore: POST /cards/{id}/restore) and permanent delete. */
const deletedCardsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['cards'],
        summary: 'List deleted cards',
        description:
          'Admins only. Soft-deleted templates and venue cards, newest deleted first, each with deletedAt (the page shows its age as relative time).',
        response: { 200: dataCardListSchema, ...apiErrorResponses(401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.listDeletedCards({}, grpcCallOptions(request, reply));
      return { items: response.cards.map(dataCardFromProto) };
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Delete a deleted card permanently',
        description:
          "Admins only ('Card permanently deleted'): a venue card's values at its venue are cleared (their history kept), then the card is removed for good. 400 when the card is not deleted; 404 for an unknown card.",
        params: deletedCardParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.cards.purgeCard({ id: request.params.id }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );
};

export default deletedCardsRoutes;
