import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardInputToProto, dataCardFromProto } from '@venuebook/contracts/codecs/cards';
import {
  apiErrorResponses,
  cardInputSchema,
  cardOrderInputSchema,
  dataCardListSchema,
  dataCardSchema,
  departmentQuerySchema,
  idParamSchema,
  moveTemplateInputSchema,
} from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const templateParamsSchema = z.object({ id: idParamSchema('Template id (UUID)') });

function cardOf(response: { card?: Parameters<typeof dataCardFromProto>[0] }) {
  if (!response.card) throw new Error('The cards service answered without a card');
  return dataCardFromProto(response.card);
}

/** /api/v1/card-templates: the master data card templates (spec §2 Master Data Card Templates; admins manage them). */
const cardTemplatesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['cards'],
        summary: 'List master card templates',
        description:
          "A department's templates (those listing it among their departments), or without a department every template once under its primary department (spec department order). Each department's cards: 'general notes' cards first, then the saved template order (missing: 999999), then title.",
        querystring: departmentQuerySchema,
        response: { 200: dataCardListSchema, ...apiErrorResponses(400, 401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.listTemplates({ department: request.query.department ?? '' }, grpcCallOptions(request, reply));
      return { items: response.cards.map(dataCardFromProto) };
    },
  );

  fastify.post(
    '/',
    {
      schema: {
        tags: ['cards'],
        summary: 'Create a master card template',
        description:
          "Admins only ('Template card created'). Title required (trimmed); field keys from labels, duplicates ignored, select fields need an option; the notes textarea is always kept. Departments default to the primary department.",
        body: cardInputSchema,
        response: { 201: dataCardSchema, ...apiErrorResponses(400, 401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const card = cardOf(await fastify.cards.createTemplate({ card: cardInputToProto(request.body) }, grpcCallOptions(request, reply)));
      return reply.code(201).header('location', `/api/v1/cards/${card.id}`).send(card);
    },
  );

  fastify.put(
    '/order',
    {
      schema: {
        tags: ['cards'],
        summary: "Save a department's template order",
        description:
          "Admins only ('Template order updated'). The given templates first, in this order; the department's other templates keep their place after them; ids that are not its templates are ignored. Answers the department's list.",
        body: cardOrderInputSchema,
        response: { 200: dataCardListSchema, ...apiErrorResponses(400, 401, 403, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.saveTemplateOrder(
        { department: request.body.department, cardIds: request.body.cardIds },
        grpcCallOptions(request, reply),
      );
      return { items: response.cards.map(dataCardFromProto) };
    },
  );

  fastify.put(
    '/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Update a master card template',
        description:
          "Admins only ('Template card updated'). Replaces title, description, fields and (unless system-protected) departments. 404 for an unknown or deleted template.",
        params: templateParamsSchema,
        body: cardInputSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) =>
      cardOf(await fastify.cards.updateTemplate({ id: request.params.id, card: cardInputToProto(request.body) }, grpcCallOptions(request, reply))),
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Delete a master card template',
        description:
          "Admins only ('Template card deleted'): soft delete (Deleted Data Cards restores or purges it). 400 'System-protected cards cannot be moved or deleted' for General Notes; 404 for an unknown template.",
        params: templateParamsSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => cardOf(await fastify.cards.deleteTemplate({ id: request.params.id }, grpcCallOptions(request, reply))),
  );

  fastify.post(
    '/:id/move',
    {
      schema: {
        tags: ['cards'],
        summary: 'Move a template to another department',
        description:
          "Admins only: a drag to another department on the master screen makes it the template's primary department ('Card moved to {department}'). 400 for a system-protected card.",
        params: templateParamsSchema,
        body: moveTemplateInputSchema,
        response: { 200: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) =>
      cardOf(await fastify.cards.moveTemplate({ id: request.params.id, department: request.body.department }, grpcCallOptions(request, reply))),
  );
};

export default cardTemplatesRoutes;
