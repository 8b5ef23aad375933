import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardInputToProto, dataCardFromProto } from '@venuebook/contracts/codecs/cards';
import { apiErrorResponses, cardInputSchema, dataCardSchema, idParamSchema, moveTemplateInputSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const cardParamsSchema = z.object({ id: idParamSchema('Card id (UUID)') });

function cardOf(response: { card?: Parameters<typeof dataCardFromProto>[0] }) {
  if (!response.card) throw new Error('The cards service answered without a card');
  return dataCardFromProto(response.card);
}

/** /api/v1/cards/{id}: one card (template or venue card) and a venue card's update, soft delete, department removal and restore. */
const cardsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Get a card',
        description: 'A template or venue card, active or deleted. 404 for an unknown card.',
        params: cardParamsSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => cardOf(await fastify.cards.getCard({ id: request.params.id }, grpcCallOptions(request, reply))),
  );

  fastify.put(
    '/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Update a venue card',
        description:
          "The Customize Card tab's 'Save Customization' for a venue-specific card ('Card updated successfully'): title (required, trimmed), description and fields (keys from labels, duplicates ignored, select fields need an option, the notes textarea kept). A primaryDepartment makes it the card's single (owner) department. 404 for an unknown or deleted venue card (templates: PUT /card-templates/{id}, or customise them for the venue).",
        params: cardParamsSchema,
        body: cardInputSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) =>
      cardOf(await fastify.cards.updateVenueCard({ id: request.params.id, card: cardInputToProto(request.body) }, grpcCallOptions(request, reply))),
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Delete a venue card',
        description:
          "Soft delete of a venue-specific card ('Card deleted'); admins restore or purge it from Deleted Data Cards. A template is removed from the venue instead (DELETE /venues/{id}/cards/templates/{templateId}). 404 for an unknown or deleted venue card.",
        params: cardParamsSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => cardOf(await fastify.cards.deleteVenueCard({ id: request.params.id }, grpcCallOptions(request, reply))),
  );

  fastify.post(
    '/:id/remove-department',
    {
      schema: {
        tags: ['cards'],
        summary: 'Remove a card from one department',
        description:
          "The card leaves the department (a template: admins only). 400 for a system-protected card or the card's last department (delete it instead); 404 for an unknown or deleted card.",
        params: cardParamsSchema,
        body: moveTemplateInputSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) =>
      cardOf(await fastify.cards.removeCardFromDepartment({ id: request.params.id, department: request.body.department }, grpcCallOptions(request, reply))),
  );

  fastify.post(
    '/:id/restore',
    {
      schema: {
        tags: ['cards'],
        summary: 'Restore a deleted card',
        description: "Admins only ('Card restored'). 404 when there is no deleted card with this id.",
        params: cardParamsSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => cardOf(await fastify.cards.restoreCard({ id: request.params.id }, grpcCallOptions(request, reply))),
  );
};

export default cardsRoutes;
