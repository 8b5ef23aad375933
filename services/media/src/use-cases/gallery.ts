// A venue's public photo gallery (beyond the spec: it can be turned off, set to expire, and its link rotated).
// Settings live in `gallery_settings` (`_id` = venue id), created on first read by a unique insert so that every
// replica agrees on the key. Every public check reads the settings by `_id` from the database (one point read of a
// small collection), so a rotation, a switch-off or an expiry stops the old link on every replica at once — no
// replica answers from a copy that an event has not yet reached.
//
// Public callers are anonymous: the venue (active? its name and city) is asked of the venues service as the media
// service itself (PUBLIC_READER, a viewer: the venues service requires a signed-in role for GetVenue).
import { venueCityDisplay } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder, Locks, VenueDirectory } from '@venuebook/service-kit';
import { galleryOpens, MESSAGES, newGalleryKey } from '../domain/documents.ts';
import type { MediaEvents } from '../events/media.events.ts';
import { documentsOf } from '../read-model/document-read-model.ts';
import type { DocumentReadModel } from '../read-model/document-read-model.ts';
import type { GalleryRecord, GalleryRepository, VenueDocumentRecord } from '../repositories/document.repository.ts';

export const GALLERY_TABLE = 'gallery_settings';

/** Who the media service is when it asks the venues service on behalf of an anonymous public caller. */
export function publicReader(requestId = ''): Caller {
  return { userId: 'service:media', email: 'media@services.venuebook.internal', role: 'viewer', requestId };
}

export interface GalleryDeps {
  galleries: GalleryRepository;
  readModel: DocumentReadModel;
  events: MediaEvents;
  audit: AuditRecorder;
  locks: Locks;
  venues: Pick<VenueDirectory, 'requireActive' | 'getActive'>;
}

export interface GalleryChange {
  enabled: boolean;
  /** RFC 3339, or empty: never expires. */
  expiresAt: string;
  /** Only the key changes (enabled and expiresAt are left as they are). */
  rotateKey: boolean;
}

export interface PublicGallery {
  venueName: string;
  city: string;
  photos: VenueDocumentRecord[];
}

const galleryNotFound = () => GrpcError.notFound(MESSAGES.galleryNotFound);

export function createGalleryUseCases({ galleries, readModel, events, audit, locks, venues }: GalleryDeps) {
  /** The gallery open with `key` now, or NOT_FOUND 'Gallery not found' (one message for every reason). */
  async function openGallery(venueId: string, key: string, requestId?: string): Promise<GalleryRecord> {
    if (!venueId || !key) throw galleryNotFound();
    const gallery = await galleries.get(venueId);
    if (!gallery || !galleryOpens(gallery, key, new Date())) throw galleryNotFound();
    try {
      await venues.requireActive(publicReader(requestId), venueId);
    } catch (error) {
      if (error instanceof GrpcError && error.code === GrpcStatus.NOT_FOUND) throw galleryNotFound();
      throw error;
    }
    return gallery;
  }

  return {
    openGallery,

    async getSettings(caller: Caller, venueId: string): Promise<GalleryRecord> {
      await venues.requireActive(caller, venueId);
      return galleries.getOrCreate(venueId, newGalleryKey());
    },

    async updateSettings(caller: Caller, venueId: string, change: GalleryChange): Promise<GalleryRecord> {
      let expiresAt: Date | null = null;
      if (!change.rotateKey && change.expiresAt) {
        expiresAt = new Date(change.expiresAt);
        if (Number.isNaN(expiresAt.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(change.expiresAt))
          throw GrpcError.invalidArgument('Invalid expiry', [{ field: 'expiresAt', message: 'An RFC 3339 date and time' }]);
      }
      await venues.requireActive(caller, venueId);
      const done = await locks.withLock(`gallery:${venueId}`, async () => {
        const before = await galleries.getOrCreate(venueId, newGalleryKey());
        const after = await galleries.update(venueId, change.rotateKey ? { key: newGalleryKey() } : { enabled: change.enabled, expiresAt }, caller.userId);
        if (!after) throw galleryNotFound();
        const context = auditContextOf(caller);
        await events.galleryChanged(venueId, context);
        const shown = (record: GalleryRecord) => ({ enabled: record.enabled, expiresAt: record.expiresAt, keyRotated: record.key !== before.key });
        await audit.recordUpdate(
          {
            action: change.rotateKey ? 'rotate_key' : 'update',
            table: GALLERY_TABLE,
            recordId: venueId,
            before: { ...shown(before), keyRotated: false },
            after: shown(after),
          },
          context,
        );
        return after;
      });
      if (!done) throw new GrpcError(GrpcStatus.ABORTED, 'Someone else is changing this gallery right now. Please try again.');
      return done.value;
    },

    async publicGallery(venueId: string, key: string, requestId?: string): Promise<PublicGallery> {
      await openGallery(venueId, key, requestId);
      let venue;
      try {
        venue = await venues.getActive(publicReader(requestId), venueId);
      } catch (error) {
        if (error instanceof GrpcError && error.code === GrpcStatus.NOT_FOUND) throw galleryNotFound();
        throw error;
      }
      return { venueName: venue.name, city: venueCityDisplay(venue), photos: documentsOf(readModel, venueId, 'photos') };
    },

    /** A purged venue's settings go. */
    async purge(venueId: string): Promise<number> {
      return galleries.delete(venueId);
    },
  };
}

export type GalleryUseCases = ReturnType<typeof createGalleryUseCases>;
