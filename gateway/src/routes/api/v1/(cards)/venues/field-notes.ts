import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cleanFieldNotesResultFromProto,
  fieldNotesFromProto,
  fieldNotesSaveResultFromProto,
  venueNotesFromProto,
} from '@venuebook/contracts/codecs/field-notes';
import {
  apiErrorResponses,
  cleanFieldNotesResultSchema,
  fieldNotesQuerySchema,
  fieldNotesSaveResultSchema,
  fieldNotesSchema,
  idParamSchema,
  saveFieldNotesBodySchema,
  venueNotesSchema,
} from '@venuebook/domain';
import { perUserRateLimit } from '../../../../../lib/client-key.ts';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });
const fieldParamsSchema = venueParamsSchema.extend({
  cardId: idParamSchema('Card id (UUID: a template or a card of this venue)'),
  fieldKey: idParamSchema("The notes field's key"),
});

const IDS =
  "400 'Invalid venue ID format: {id}' / 'Invalid card ID format: {id}' for ids that are not UUIDs; 404 'Card not found' for an unknown or deleted card, or another venue's card, 'This card has no such field'";

/**
 * /api/v1/venues/{id}/cards/{cardId}/notes/{fieldKey} and /api/v1/venues/{id}/field-notes/clean: field notes (spec
 * §3 venue_field_notes, §4/§5 'Field notes save', §8 Clean Field Notes).
 */
const fieldNotesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:id/cards/:cardId/notes/:fieldKey',
    {
      schema: {
        tags: ['cards'],
        summary: "A field's notes",
        description: `The current (not deleted) note lines in order, and their text (the baseText of the next save). 404 'Venue not found' for an unknown or deleted venue. ${IDS}.`,
        params: fieldParamsSchema,
        querystring: fieldNotesQuerySchema,
        response: { 200: fieldNotesSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { id, cardId, fieldKey } = request.params;
      const response = await fastify.cards.getFieldNotes(
        { venueId: id, cardId, fieldKey, department: request.query.department ?? '' },
        grpcCallOptions(request, reply),
      );
      return fieldNotesFromProto(response);
    },
  );

  fastify.put(
    '/:id/cards/:cardId/notes/:fieldKey',
    {
      // Each save inserts documents and may read the database: a per-user limit (429 with Retry-After beyond it), shared setting with card values.
      config: { rateLimit: perUserRateLimit(fastify.config.CARD_VALUES_RATE_LIMIT_PER_MINUTE) },
      // A valid body holds two texts of up to FIELD_NOTES_MAX_LENGTH (100,000) UTF-16 units, each up to 6 bytes in JSON
      // (`\uXXXX`): 1.2 MB, over fastify's 1 MiB default. With room above it, a text over the limit is answered 400 with
      // the reason rather than 413 (the contract tests send one).
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['cards'],
        summary: "Save a field's notes",
        description:
          "Spec §4 'Field notes save': send the text you started from (`baseText`) and your text now. The save is a pure append, an inline edit of the last line, a full replace (the lengths differ by under 50 % or the line counts match) or a merge: lines others added since your baseText are kept, and `message` says 'Merged your N new lines with M lines added by others'. Removed lines are soft-deleted. 403 'You do not have permission to modify data for this venue'; 404 'Venue not found' for an unknown or deleted venue, 'Card not found' for a template not added to the venue's `department`; 429 beyond CARD_VALUES_RATE_LIMIT_PER_MINUTE saves per user and minute. " +
          IDS,
        params: fieldParamsSchema,
        body: saveFieldNotesBodySchema,
        response: { 200: fieldNotesSaveResultSchema, ...apiErrorResponses(400, 401, 403, 404, 429, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { id, cardId, fieldKey } = request.params;
      const { department, baseText, text } = request.body;
      const response = await fastify.cards.saveFieldNotes({ venueId: id, cardId, fieldKey, department, baseText, text }, grpcCallOptions(request, reply));
      return fieldNotesSaveResultFromProto(response);
    },
  );

  fastify.get(
    '/:id/notes',
    {
      schema: {
        tags: ['cards'],
        summary: "Every notes field's text at a venue",
        description:
          "The current text (lines of every department, joined by newlines) of each notes field of the venue's cards that has lines: one read for a whole Data Cards screen. 404 'Venue not found' for an unknown, deleted or malformed venue id.",
        params: venueParamsSchema,
        response: { 200: venueNotesSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.listVenueNotes({ venueId: request.params.id }, grpcCallOptions(request, reply));
      return venueNotesFromProto(request.params.id, response);
    },
  );

  fastify.post(
    '/:id/field-notes/clean',
    {
      schema: {
        tags: ['cards'],
        summary: 'Clean Field Notes',
        description:
          "Spec §8 Clean Field Notes (a higher-privilege user): the venue's soft-deleted note lines are removed for good; current lines are kept. Answers 'Successfully cleaned up old field note data' and how many lines went. 400 'Invalid venue ID format: {id}'; 404 'Venue not found' for an unknown or deleted venue.",
        params: venueParamsSchema,
        response: { 200: cleanFieldNotesResultSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.cleanFieldNotes({ venueId: request.params.id }, grpcCallOptions(request, reply));
      return cleanFieldNotesResultFromProto(response);
    },
  );
};

export default fieldNotesRoutes;
