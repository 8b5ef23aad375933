import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorResponses,
  duplicateCheckRequestSchema,
  duplicateCheckResultSchema,
  idParamSchema,
  VENUE_MAX_BYTES,
  listVenuesQuerySchema,
  listVenuesResultSchema,
  venueInputSchema,
  venueLinksInputSchema,
  venueSchema,
} from '@venuebook/domain';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
// Sibling route files of this folder (autoload loads only index.ts where there is one).
import venueEventsRoutes from './events.ts';
import venueContactsRoutes from './contacts.ts';
import venueExportRoutes from './export.ts';
import {
  duplicateCheckResultFromProto,
  duplicateCheckToProto,
  linksToProto,
  listQueryToProto,
  venueFromProto,
  venueInputToProto,
  venueSummaryFromProto,
} from '@venuebook/contracts/codecs/venues';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/** /api/v1/venues: thin HTTP ↔ gRPC mapping; the venues service owns the rules. */
const venuesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['venues'],
        summary: 'List venues',
        description:
          'Active venues as summaries (the fields of a list card; GET /venues/{id} has the whole venue), searched over name, address, country and display city; any-of league filter; sorted and paged.',
        querystring: listVenuesQuerySchema,
        response: { 200: listVenuesResultSchema, ...apiErrorResponses(400, 401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.listVenues(listQueryToProto(request.query), grpcCallOptions(request, reply));
      return { items: response.venues.map(venueSummaryFromProto), total: response.total, page: response.page, pageSize: response.pageSize };
    },
  );

  fastify.post(
    '/',
    {
      schema: {
        tags: ['venues'],
        summary: 'Create a venue',
        description: `The website must be an http or https address ('https://' is added when no scheme is present), link URLs likewise; the venue's text and links together may take at most ${VENUE_MAX_BYTES} bytes of UTF-8 (400 otherwise).`,
        body: venueInputSchema,
        response: { 201: venueSchema, ...apiErrorResponses(400, 401, 403, 413, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.createVenue({ venue: venueInputToProto(request.body) }, grpcCallOptions(request, reply));
      if (!response.venue) throw new Error('CreateVenue returned no venue');
      const venue = venueFromProto(response.venue);
      return reply
        .code(201)
        .header('location', `/api/v1/venues/${encodeURIComponent(venue.id)}`)
        .send(venue);
    },
  );

  fastify.get(
    '/:id',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['venues'],
        summary: 'Get a venue',
        params: venueParamsSchema,
        response: { 200: venueSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.getVenue({ id: request.params.id }, grpcCallOptions(request, reply));
      if (!response.venue) throw new Error('GetVenue returned no venue');
      return venueFromProto(response.venue);
    },
  );

  fastify.put(
    '/:id',
    {
      schema: {
        tags: ['venues'],
        summary: 'Update a venue',
        description: 'Replaces every user-editable field of an active venue (send the whole venue, as the edit form does); the same rules as creating one.',
        params: venueParamsSchema,
        body: venueInputSchema,
        response: { 200: venueSchema, ...apiErrorResponses(400, 401, 403, 404, 413, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.updateVenue({ id: request.params.id, venue: venueInputToProto(request.body) }, grpcCallOptions(request, reply));
      if (!response.venue) throw new Error('UpdateVenue returned no venue');
      return venueFromProto(response.venue);
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['venues'],
        summary: 'Delete a venue',
        description: 'Soft delete: the venue leaves every list at once and can be restored by an admin (POST /venues/{id}/restore).',
        params: venueParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      await fastify.venues.deleteVenue({ id: request.params.id }, grpcCallOptions(request, reply));
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/:id/restore',
    {
      schema: {
        tags: ['venues'],
        summary: 'Restore a deleted venue',
        description: 'Admins only. 404 when there is no deleted venue with this id.',
        params: venueParamsSchema,
        response: { 200: venueSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.restoreVenue({ id: request.params.id }, grpcCallOptions(request, reply));
      if (!response.venue) throw new Error('RestoreVenue returned no venue');
      return venueFromProto(response.venue);
    },
  );

  fastify.post(
    '/duplicate-check',
    {
      schema: {
        tags: ['venues'],
        summary: 'Check a venue name for duplicates',
        description:
          "Before creating (or renaming) a venue: active venues sharing a league (OTE, OT7, OTX and OT Select when none is given) whose normalised name (case, accents, punctuation, spaces and the word 'the' aside) equals the name (exactMatch, similarity 1) or resembles it (Levenshtein similarity ≥ 0.8, or one name inside the other covering at least half of it). Best first, at most 10. For users who may create venues.",
        body: duplicateCheckRequestSchema,
        response: { 200: duplicateCheckResultSchema, ...apiErrorResponses(400, 401, 403, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.checkDuplicates(duplicateCheckToProto(request.body), grpcCallOptions(request, reply));
      return duplicateCheckResultFromProto(response);
    },
  );

  fastify.put(
    '/:id/links',
    {
      schema: {
        tags: ['venues'],
        summary: "Replace a venue's links",
        description:
          "The links editor's save: rows missing display text or URL are dropped, 'https://' is added to a URL without http(s), and each must then be an http(s) address (400 'Invalid URL: …'). Answers the venue.",
        params: venueParamsSchema,
        body: venueLinksInputSchema,
        response: { 200: venueSchema, ...apiErrorResponses(400, 401, 403, 404, 409, 413, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.venues.updateVenueLinks(
        { id: request.params.id, links: linksToProto(request.body.links) },
        grpcCallOptions(request, reply),
      );
      if (!response.venue) throw new Error('UpdateVenueLinks returned no venue');
      return venueFromProto(response.venue);
    },
  );

  await fastify.register(venueEventsRoutes);
  await fastify.register(venueContactsRoutes);
  await fastify.register(venueExportRoutes);
};

export default venuesRoutes;
