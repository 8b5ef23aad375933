import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { venueDocumentFromProto } from '@venuebook/contracts/codecs/media';
import {
  apiErrorResponses,
  batchDeletePhotosSchema,
  batchDeleteResultSchema,
  documentListSchema,
  idParamSchema,
  MEDIA,
  photoTagsSchema,
} from '@venuebook/domain';
import type { VenueDocument } from '@venuebook/contracts/media/v1';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';
import { documentWithUrls } from '../../../../../plugins/app/media-urls.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/** /api/v1/venues/{id}/photos/batch-delete and /photo-tags: the photo list's selection actions (spec §7 photo_tags). */
const venuePhotosRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const withUrls = async (documents: VenueDocument[], request: FastifyRequest, reply: FastifyReply) => ({
    documents: (await fastify.withDriveSync(documents, request, reply)).map((each) =>
      documentWithUrls(fastify.contentUrls, venueDocumentFromProto(each), { userId: request.auth?.userId ?? '' }),
    ),
  });

  fastify.post(
    '/:id/photos/batch-delete',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: 'Delete selected photos',
        description: `Deletes the venue's documents among documentIds (1 to ${MEDIA.maxBatch}) with their files, thumbnails, previews and tags; ids of other venues or unknown ids are skipped. Answers how many were deleted. 404 for an unknown or deleted venue.`,
        params: venueParamsSchema,
        body: batchDeletePhotosSchema,
        response: { 200: batchDeleteResultSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.media.batchDeletePhotos(
        { venueId: request.params.id, documentIds: [...request.body.documentIds] },
        grpcCallOptions(request, reply),
      );
      return { deletedCount: response.deletedCount };
    },
  );

  fastify.post(
    '/:id/photo-tags',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: 'Tag photos with data cards',
        description: `Every photo of documentIds (1 to ${MEDIA.maxBatch}; ids not of this venue are skipped) gets every card of cardIds (1 to ${MEDIA.maxTagCards}: active cards of this venue or master templates, else 400 'Data card not found'); tags already there stay once. Answers the venue's photos among documentIds with their tags. 404 for an unknown or deleted venue.`,
        params: venueParamsSchema,
        body: photoTagsSchema,
        response: { 200: documentListSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.media.tagPhotos(
        { venueId: request.params.id, documentIds: [...request.body.documentIds], cardIds: [...request.body.cardIds] },
        grpcCallOptions(request, reply),
      );
      return withUrls(response.documents, request, reply);
    },
  );

  fastify.post(
    '/:id/photo-tags/remove',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: 'Remove data-card tags from photos',
        description: `Every card of cardIds is taken off every photo of documentIds (ids not of this venue and tags not there are ignored). Answers the venue's photos among documentIds with their tags. 404 for an unknown or deleted venue.`,
        params: venueParamsSchema,
        body: photoTagsSchema,
        response: { 200: documentListSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const response = await fastify.media.untagPhotos(
        { venueId: request.params.id, documentIds: [...request.body.documentIds], cardIds: [...request.body.cardIds] },
        grpcCallOptions(request, reply),
      );
      return withUrls(response.documents, request, reply);
    },
  );
};

export default venuePhotosRoutes;
