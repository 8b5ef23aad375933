import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicPhotoFromProto } from '@venuebook/contracts/codecs/media';
import { apiErrorResponses, galleryKeyQuerySchema, idParamSchema, publicGallerySchema } from '@venuebook/domain';
import { userContextSigner } from '@venuebook/service-kit';
import { perClientRateLimit } from '../../../../../lib/client-key.ts';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/**
 * /api/v1/public: what anyone may read without signing in. A venue's public photo gallery: its name, city and
 * photos only (no contacts, documents, users or e-mail addresses), with photo URLs signed for the gallery's key.
 */
const publicRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const rateLimit = perClientRateLimit(fastify.config.PUBLIC_GALLERY_RATE_LIMIT_PER_MINUTE);

  fastify.get(
    '/venues/:id/gallery',
    {
      config: { auth: 'public', rateLimit },
      schema: {
        tags: ['media'],
        summary: "A venue's public photo gallery",
        description:
          'No sign-in. The venue name, its city and its photos (newest first) with signed URLs valid about ten minutes. 404 when the gallery is off, expired, the key is not its current key, or the venue is unknown or deleted; 429 beyond the per-client limit (Retry-After).',
        params: venueParamsSchema,
        querystring: galleryKeyQuerySchema,
        response: { 200: publicGallerySchema, ...apiErrorResponses(400, 404, 429, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      const key = request.query.key;
      const caller = { userId: '', email: '', role: '', requestId: String(request.id) };
      const options = { ...grpcCallOptions(request, reply), metadata: userContextSigner(caller, fastify.config.USER_CONTEXT_KEY) };
      const response = await fastify.media.getPublicGallery({ venueId: request.params.id, key }, options);
      const reader = { galleryKey: key };
      const url = (id: string, variant: 'original' | 'thumb' | 'preview') => fastify.contentUrls.url({ id, variant, download: false }, reader);
      return {
        venueName: response.venueName,
        city: response.city,
        photos: response.photos.map(publicPhotoFromProto).map((photo) => ({
          id: photo.id,
          width: photo.width,
          height: photo.height,
          dateTaken: photo.dateTaken,
          thumbUrl: url(photo.id, photo.hasPreviews ? 'thumb' : 'original'),
          previewUrl: url(photo.id, photo.hasPreviews ? 'preview' : 'original'),
          // The largest public form is the 1440 px preview, re-encoded by sharp: the original's EXIF (GPS position,
          // camera serial, owner's name) never reaches someone holding only the gallery link.
          url: url(photo.id, photo.hasPreviews ? 'preview' : 'original'),
        })),
      };
    },
  );
};

export default publicRoutes;
