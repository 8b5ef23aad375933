import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorResponses, contactTagsResultSchema } from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

/** /api/v1/contact-tags: the tags of the contact form (spec §7 get_contact_tags). */
const contactTagsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['contacts'],
        summary: 'List contact tags',
        description: 'The 11 default tags in their order, then the other tags of active contacts, A→Z.',
        response: { 200: contactTagsResultSchema, ...apiErrorResponses(401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.listContactTags({}, grpcCallOptions(request, reply));
      return { tags: [...response.tags] };
    },
  );
};

export default contactTagsRoutes;
