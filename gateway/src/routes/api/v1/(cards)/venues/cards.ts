import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardInputToProto, dataCardFromProto } from '@venuebook/contracts/codecs/cards';
import {
  addTemplatesInputSchema,
  addTemplatesResultSchema,
  apiErrorResponses,
  cardOrderInputSchema,
  customizeTemplateInputSchema,
  dataCardListSchema,
  dataCardSchema,
  idParamSchema,
  requiredDepartmentQuerySchema,
  venueCardInputSchema,
} from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });
const venueTemplateParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)'), templateId: idParamSchema('Template id (UUID)') });

/** /api/v1/venues/{id}/cards: the Data Cards screen of a venue department (spec §2). Card by id: /api/v1/cards/{id}. */
const venueCardsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:id/cards',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['cards'],
        summary: "List a venue department's cards",
        description:
          "The templates added to the venue's department and its venue-specific cards of that department: 'general notes' cards first, then the saved order (missing: 999999), then title. 404 'Venue not found' for an unknown or deleted venue.",
        params: venueParamsSchema,
        querystring: requiredDepartmentQuerySchema,
        response: { 200: dataCardListSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.listVenueCards(
        { venueId: request.params.id, department: request.query.department },
        grpcCallOptions(request, reply),
      );
      return { items: response.cards.map(dataCardFromProto) };
    },
  );

  fastify.post(
    '/:id/cards',
    {
      schema: {
        tags: ['cards'],
        summary: 'Create a custom card for a venue department',
        description:
          "'Card created successfully'. Title required (trimmed); field keys from labels (lowercased, non-alphanumerics '_'), duplicates ignored; a select field needs an option ('Add at least one option for select field'); the notes textarea is always kept. 404 'Venue not found'.",
        params: venueParamsSchema,
        body: venueCardInputSchema,
        response: { 201: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { department, ...card } = request.body;
      const response = await fastify.cards.createVenueCard(
        { venueId: request.params.id, department, card: cardInputToProto(card) },
        grpcCallOptions(request, reply),
      );
      if (!response.card) throw new Error('CreateVenueCard returned no card');
      const created = dataCardFromProto(response.card);
      return reply.code(201).header('location', `/api/v1/cards/${created.id}`).send(created);
    },
  );

  fastify.post(
    '/:id/cards/templates',
    {
      schema: {
        tags: ['cards'],
        summary: 'Add templates to a venue department',
        description:
          "'Added N card(s) to {department}': the templates new to the department join the end of its order (added = how many). 400 'Please select at least one card to add' for an empty list, 400 for an unknown template; 404 'Venue not found'.",
        params: venueParamsSchema,
        body: addTemplatesInputSchema,
        response: { 200: addTemplatesResultSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.addTemplatesToVenue(
        { venueId: request.params.id, department: request.body.department, templateIds: request.body.templateIds },
        grpcCallOptions(request, reply),
      );
      return { items: response.cards.map(dataCardFromProto), added: response.added };
    },
  );

  fastify.put(
    '/:id/cards/order',
    {
      schema: {
        tags: ['cards'],
        summary: "Save a venue department's card order",
        description:
          "The Data Cards screen's drag reorder: the given cards first in this order, the department's others after them in their order; ids not of the department are ignored. Answers the department's list. 404 'Venue not found'.",
        params: venueParamsSchema,
        body: cardOrderInputSchema,
        response: { 200: dataCardListSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.saveVenueCardOrder(
        { venueId: request.params.id, department: request.body.department, cardIds: request.body.cardIds },
        grpcCallOptions(request, reply),
      );
      return { items: response.cards.map(dataCardFromProto) };
    },
  );

  fastify.post(
    '/:id/cards/templates/:templateId/customize',
    {
      schema: {
        tags: ['cards'],
        summary: 'Customise a template for a venue',
        description:
          "Copies the template into a venue-specific card of the department (with the given changes), which takes the template's place in the department's order; the venue's values of the template move to the copy. 404 for an unknown template or 'Venue not found'.",
        params: venueTemplateParamsSchema,
        body: customizeTemplateInputSchema,
        response: { 201: dataCardSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { department, card } = request.body;
      const response = await fastify.cards.customizeTemplate(
        { venueId: request.params.id, department, templateId: request.params.templateId, ...(card ? { card: cardInputToProto(card) } : {}) },
        grpcCallOptions(request, reply),
      );
      if (!response.card) throw new Error('CustomizeTemplate returned no card');
      const created = dataCardFromProto(response.card);
      return reply.code(201).header('location', `/api/v1/cards/${created.id}`).send(created);
    },
  );

  fastify.delete(
    '/:id/cards/templates/:templateId',
    {
      schema: {
        tags: ['cards'],
        summary: 'Remove a template card from a venue department',
        description:
          "'Card removed from venue': its order entry goes and its values at the venue are cleared (history kept); the template stays in the master set and can be added again. 400 for a system-protected card; 404 when the template is not in the department or 'Venue not found'.",
        params: venueTemplateParamsSchema,
        querystring: requiredDepartmentQuerySchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.cards.removeTemplateFromVenue(
        { venueId: request.params.id, department: request.query.department, templateId: request.params.templateId },
        grpcCallOptions(request, reply),
      );
      return reply.code(204).send(null);
    },
  );
};

export default venueCardsRoutes;
