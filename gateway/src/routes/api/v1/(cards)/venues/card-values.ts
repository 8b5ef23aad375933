import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardFieldValueFromProto,
  fieldSaveResultFromProto,
  fieldValueInputsToProto,
  fieldValueVersionFromProto,
} from '@venuebook/contracts/codecs/field-values';
import {
  apiErrorResponses,
  cardValuesSchema,
  fieldHistoryQuerySchema,
  fieldHistorySchema,
  fieldSaveResultSchema,
  idParamSchema,
  restoreFieldValueRequestSchema,
  saveCardValuesRequestSchema,
  saveCardValuesResultSchema,
  venueValuesSchema,
  verifyFieldValueRequestSchema,
} from '@venuebook/domain';
import { perUserRateLimit } from '../../../../../lib/client-key.ts';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });
const cardParamsSchema = venueParamsSchema.extend({ cardId: idParamSchema('Card id (a template or a card of this venue)') });
const fieldParamsSchema = cardParamsSchema.extend({ fieldKey: idParamSchema("The field's key") });

const NOT_FOUND = "404 'Card not found' for an unknown or deleted card, or another venue's card; 'Venue not found' for an unknown or deleted venue (writes).";

/**
 * /api/v1/venues/{id}/values and /api/v1/venues/{id}/cards/{cardId}/…: card field values (spec §3 venue_data, §5
 * 'Data card save', §2 'Field Conflict Detected'): current values, the save with a compare-and-set per field, a
 * field's history, restore and 'last verified'.
 */
const cardValuesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:id/values',
    {
      schema: {
        tags: ['cards'],
        summary: 'Every current card field value of a venue',
        description:
          'The current value of every field of every card at the venue that was ever saved (a cleared field: kind cleared, value empty), with its version (the baseVersion of the next save), who changed it last and when, and when it was last verified.',
        params: venueParamsSchema,
        response: { 200: venueValuesSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.listVenueValues({ venueId: request.params.id }, grpcCallOptions(request, reply));
      return { venueId: request.params.id, values: response.values.map(cardFieldValueFromProto) };
    },
  );

  fastify.get(
    '/:id/cards/:cardId/values',
    {
      schema: {
        tags: ['cards'],
        summary: "A card's current field values at a venue",
        description: `Fields never saved are absent (their baseVersion is 0). ${NOT_FOUND}`,
        params: cardParamsSchema,
        response: { 200: cardValuesSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.getCardValues({ venueId: request.params.id, cardId: request.params.cardId }, grpcCallOptions(request, reply));
      return { venueId: request.params.id, cardId: request.params.cardId, values: response.values.map(cardFieldValueFromProto) };
    },
  );

  fastify.put(
    '/:id/cards/:cardId/values',
    {
      // Each save inserts versions and may read the database: a per-user limit (429 with Retry-After beyond it).
      config: { rateLimit: perUserRateLimit(fastify.config.CARD_VALUES_RATE_LIMIT_PER_MINUTE) },
      schema: {
        tags: ['cards'],
        summary: "Save a card's field values",
        description:
          "Spec §5 'Data card save': each field names the version it was based on (`baseVersion`, 0 for a field never saved). Per field the answer says saved (a new version), unchanged (already the current value), skipped (empty or absent value of a field that is not a textarea) or conflict (someone saved after your version: `current` holds their value and version, `value` yours; 'Overwrite' saves again with current.version as baseVersion). HTTP 200 even with conflicts (the other fields are saved); `conflicts` counts them. Unknown field keys: 400 with a detail per key. " +
          NOT_FOUND,
        params: cardParamsSchema,
        body: saveCardValuesRequestSchema,
        response: { 200: saveCardValuesResultSchema, ...apiErrorResponses(400, 401, 403, 404, 429, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.cards.saveCardValues(
        {
          venueId: request.params.id,
          cardId: request.params.cardId,
          department: request.body.department ?? '',
          values: fieldValueInputsToProto(request.body.values),
        },
        grpcCallOptions(request, reply),
      );
      return { results: response.results.map(fieldSaveResultFromProto), conflicts: response.conflicts };
    },
  );

  fastify.get(
    '/:id/cards/:cardId/fields/:fieldKey/history',
    {
      schema: {
        tags: ['cards'],
        summary: "A field's history",
        description: `Every version of the field's value, newest first, with who and when (kinds: value, cleared, restored, verified). ${NOT_FOUND}`,
        params: fieldParamsSchema,
        querystring: fieldHistoryQuerySchema,
        response: { 200: fieldHistorySchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { id, cardId, fieldKey } = request.params;
      const response = await fastify.cards.getFieldHistory(
        { venueId: id, cardId, fieldKey, page: request.query.page, pageSize: request.query.pageSize },
        grpcCallOptions(request, reply),
      );
      return {
        cardId,
        fieldKey,
        items: response.items.map(fieldValueVersionFromProto),
        total: response.total,
        page: response.page,
        pageSize: response.pageSize,
      };
    },
  );

  fastify.post(
    '/:id/cards/:cardId/fields/:fieldKey/restore',
    {
      schema: {
        tags: ['cards'],
        summary: 'Restore an earlier value of a field',
        description: `A new version (kind restored) whose value is the given version's; a conflict (status conflict, the current value) when someone saved after \`baseVersion\`. 404 'Version not found'. ${NOT_FOUND}`,
        params: fieldParamsSchema,
        body: restoreFieldValueRequestSchema,
        response: { 200: fieldSaveResultSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { id, cardId, fieldKey } = request.params;
      const response = await fastify.cards.restoreFieldValue(
        {
          venueId: id,
          cardId,
          fieldKey,
          version: request.body.version,
          ...(request.body.baseVersion === undefined ? {} : { baseVersion: request.body.baseVersion }),
        },
        grpcCallOptions(request, reply),
      );
      if (!response.result) throw new Error('RestoreFieldValue returned no result');
      return fieldSaveResultFromProto(response.result);
    },
  );

  fastify.post(
    '/:id/cards/:cardId/fields/:fieldKey/verify',
    {
      schema: {
        tags: ['cards'],
        summary: "Mark a field's value verified",
        description: `'Last verified': a new version (kind verified) repeating the current value, with an optional source ('site visit', a document's name); a conflict when someone saved after \`baseVersion\`; 400 for a field without a value. ${NOT_FOUND}`,
        params: fieldParamsSchema,
        body: verifyFieldValueRequestSchema,
        response: { 200: fieldSaveResultSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const { id, cardId, fieldKey } = request.params;
      const response = await fastify.cards.verifyFieldValue(
        {
          venueId: id,
          cardId,
          fieldKey,
          source: request.body.source ?? '',
          ...(request.body.baseVersion === undefined ? {} : { baseVersion: request.body.baseVersion }),
        },
        grpcCallOptions(request, reply),
      );
      if (!response.result) throw new Error('VerifyFieldValue returned no result');
      return fieldSaveResultFromProto(response.result);
    },
  );
};

export default cardValuesRoutes;
