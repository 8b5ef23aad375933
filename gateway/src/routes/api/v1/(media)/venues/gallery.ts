import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gallerySettingsFromProto } from '@venuebook/contracts/codecs/media';
import type { GallerySettingsWithKey } from '@venuebook/contracts/codecs/media';
import { apiErrorResponses, can, gallerySettingsSchema, idParamSchema, isRole, updateGallerySettingsSchema } from '@venuebook/domain';
import type { GallerySettings } from '@venuebook/contracts/media/v1';
import { HttpError } from '../../../../../lib/error-mapping.ts';
import { grpcCallOptions } from '../../../../../lib/grpc-call.ts';

const venueParamsSchema = z.object({ id: idParamSchema('Venue id (UUID)') });

/** The public gallery page of a venue (the front end's route), with its key. */
export function publicGalleryPath(venueId: string, key: string): string {
  return `/public/venue/${encodeURIComponent(venueId)}/photos?${new URLSearchParams({ key }).toString()}`;
}

function settingsOf(settings: GallerySettings | undefined): z.output<typeof gallerySettingsSchema> {
  if (!settings) throw new Error('The media service answered without gallery settings');
  const { key, ...rest }: GallerySettingsWithKey = gallerySettingsFromProto(settings);
  return { ...rest, publicPath: publicGalleryPath(rest.venueId, key) };
}

/** /api/v1/venues/{id}/gallery: a venue's public photo gallery (on/off, expiry, link rotation; beyond the spec). */
const venueGalleryRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:id/gallery',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: "Get a venue's public gallery settings",
        description:
          'Any signed-in user. Whether the public photo gallery is on, until when, and its public path with the key (/public/venue/{id}/photos?key=…). 404 for an unknown or deleted venue.',
        params: venueParamsSchema,
        response: { 200: gallerySettingsSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => settingsOf((await fastify.media.getGallerySettings({ venueId: request.params.id }, grpcCallOptions(request, reply))).settings),
  );

  fastify.put(
    '/:id/gallery',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: "Turn a venue's public gallery on or off",
        description:
          'Admins and owners. enabled, and expiresAt (null: never): the link stops working at once when turned off or once expired; the key stays (rotate it for a new link). 404 for an unknown or deleted venue.',
        params: venueParamsSchema,
        body: updateGallerySettingsSchema,
        response: { 200: gallerySettingsSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) =>
      settingsOf(
        (
          await fastify.media.updateGallerySettings(
            { venueId: request.params.id, enabled: request.body.enabled, expiresAt: request.body.expiresAt ?? '', rotateKey: false },
            grpcCallOptions(request, reply),
          )
        ).settings,
      ),
  );

  fastify.post(
    '/:id/gallery/rotate',
    {
      // The embedded media library calls it (an embed token is accepted; plugin authn).
      config: { embed: true },
      schema: {
        tags: ['media'],
        summary: "Give a venue's public gallery a new link",
        description:
          'Admins and owners. A new key: the old link (and every photo URL made for it) stops working at once; on/off and the expiry stay. 404 for an unknown or deleted venue.',
        params: venueParamsSchema,
        response: { 200: gallerySettingsSchema, ...apiErrorResponses(400, 401, 403, 404, 500, 502, 503) },
      },
    },
    async (request, reply) => {
      // The right first: the read of the current settings below is open to every user.
      if (!can(isRole(request.auth?.role) ? request.auth?.role : undefined, 'gallery.manage'))
        throw new HttpError(403, 'You do not have permission to do this');
      const options = grpcCallOptions(request, reply);
      const current = settingsOf((await fastify.media.getGallerySettings({ venueId: request.params.id }, options)).settings);
      const updated = await fastify.media.updateGallerySettings(
        { venueId: request.params.id, enabled: current.enabled, expiresAt: current.expiresAt ?? '', rotateKey: true },
        options,
      );
      return settingsOf(updated.settings);
    },
  );
};

export default venueGalleryRoutes;
