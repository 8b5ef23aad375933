import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataCardFromProto } from '@venuebook/proto/codecs/cards';
import { apiErrorResponses, dataCardListSchema, departmentQuerySchema } from '@venuebook/proto/domain';
import { grpcCallOptions } from '../../../../lib/grpc-call.ts';

/** /api/v1/card-templates: the master data card templates (spec §2 Master Data Card Templates). */
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
};

export default cardTemplatesRoutes;
