// The media service's records in the contract's messages (venuebook.media.v1). The gateway turns these into the
// HTTP shapes of proto/src/domain/media.schema.ts (with its signed content URLs).
import type { MessageInitShape } from '@bufbuild/protobuf';
import { contentVariantFromProto, documentKindFromProto, venueDocumentToProto } from '@venuebook/proto/codecs/media';
import type { GallerySettingsSchema, PublicPhotoSchema, VenueDocumentSchema } from '@venuebook/proto/media/v1';
import type { GalleryRecord, VenueDocumentRecord } from '../repositories/document.repository.ts';

/** A stored document in the contract's message: the mapping shared with the gateway (proto/src/codecs/media.codec.ts). */
export function documentToProto(document: VenueDocumentRecord): MessageInitShape<typeof VenueDocumentSchema> {
  return venueDocumentToProto(document);
}

export function publicPhotoToProto(document: VenueDocumentRecord): MessageInitShape<typeof PublicPhotoSchema> {
  return { id: document.id, width: document.width ?? 0, height: document.height ?? 0, dateTaken: document.dateTaken, hasPreviews: document.hasPreviews };
}

export function gallerySettingsToProto(gallery: GalleryRecord): MessageInitShape<typeof GallerySettingsSchema> {
  return {
    venueId: gallery.venueId,
    enabled: gallery.enabled,
    expiresAt: gallery.expiresAt?.toISOString() ?? '',
    key: gallery.key,
    updatedAt: gallery.updatedAt.toISOString(),
  };
}

export { contentVariantFromProto as variantFromProto, documentKindFromProto };
