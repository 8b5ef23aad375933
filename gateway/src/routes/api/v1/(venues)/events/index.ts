import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorResponses, idParamSchema, listEventsQuerySchema, listEventsResultSchema, venueEventInputSchema, venueEventSchema } from '@venuebook/domain';
import { listEventsQueryToProto, venueEventFromProto, venueEventInputToProto, venueEventListItemFromProto } from '@venuebook/contracts/codecs/venue-events';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const eventParamsSchema = z.object({ id: idParamSchema('Event id (UUID)') });

/** /api/v1/events: the all-events list (spec §2 /events) and an event by id (update, delete). */
const eventsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['events'],
        summary: 'List the events of every venue',
        description:
          "Events of active venues with their venue's current name, leagues and city: searched over event name, description and venue name; any-of league filter on the venue; inclusive date range (events without a date are left out when either bound is given); sorted (newest / oldest by event date, no date last, then newest created; a-z / z-a by event name) and paged.",
        querystring: listEventsQuerySchema,
        response: { 200: listEventsResultSchema, ...apiErrorResponses(400, 401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.listEvents(listEventsQueryToProto(request.query), grpcCallOptions(request, reply));
      return { items: response.items.map(venueEventListItemFromProto), total: response.total, page: response.page, pageSize: response.pageSize };
    },
  );

  fastify.put(
    '/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Update an event',
        description:
          'Replaces the name, date and description (send every field, as the form does; an absent date clears it). 404 for an unknown event or one of a deleted venue.',
        params: eventParamsSchema,
        body: venueEventInputSchema,
        response: { 200: venueEventSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.updateEvent(
        { id: request.params.id, event: venueEventInputToProto(request.body) },
        grpcCallOptions(request, reply),
      );
      if (!response.event) throw new Error('UpdateEvent returned no event');
      return venueEventFromProto(response.event);
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Delete an event',
        description: 'Deletes the event for good (spec: delete by id). 404 for an unknown event or one of a deleted venue.',
        params: eventParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 409, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.venues.deleteEvent({ id: request.params.id }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );
};

export default eventsRoutes;
