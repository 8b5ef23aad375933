import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorResponses,
  idParamSchema,
  listVenueEventsQuerySchema,
  listVenueEventsResultSchema,
  venueEventInputSchema,
  venueEventSchema,
} from '@venuebook/domain';
import { venueEventFromProto, venueEventInputToProto } from '@venuebook/contracts/codecs/venue-events';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/** /api/v1/venues/{id}/events: a venue's events (spec §2 venue events page); PUT and DELETE are under /api/v1/events/{id}. */
const venueEventsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:id/events',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['events'],
        summary: "List a venue's events",
        description: 'By event date descending (events without a date last), then newest created. 404 for an unknown or deleted venue.',
        params: venueParamsSchema,
        querystring: listVenueEventsQuerySchema,
        response: { 200: listVenueEventsResultSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.listVenueEvents({ venueId: request.params.id, ...request.query }, grpcCallOptions(request, reply));
      return { items: response.events.map(venueEventFromProto), total: response.total, page: response.page, pageSize: response.pageSize };
    },
  );

  fastify.post(
    '/:id/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Create an event at a venue',
        description: "The name is required (trimmed); the date ('YYYY-MM-DD') and the description are optional. 404 for an unknown or deleted venue.",
        params: venueParamsSchema,
        body: venueEventInputSchema,
        response: { 201: venueEventSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.createEvent(
        { venueId: request.params.id, event: venueEventInputToProto(request.body) },
        grpcCallOptions(request, reply),
      );
      if (!response.event) throw new Error('CreateEvent returned no event');
      const event = venueEventFromProto(response.event);
      return reply
        .code(201)
        .header('location', `/api/v1/events/${encodeURIComponent(event.id)}`)
        .send(event);
    },
  );
};

export default venueEventsRoutes;
