// The media service's records in the contract's messages (venuebook.media.v1). The gateway turns these into the
// HTTP shapes of proto/src/domain/media.schema.ts (with its signed content URLs).
import type { MessageInitShape } from '@bufbuild/protobuf';
import { ContentVariant, DocumentKind } from '@venuebook/proto/media/v1';
import type { GallerySettingsSchema, PublicPhotoSchema, VenueDocumentSchema } from '@venuebook/proto/media/v1';
import type { DocumentKindName } from '../domain/documents.ts';
import type { GalleryRecord, VenueDocumentRecord } from '../repositories/document.repository.ts';
import type { ObjectVariant } from '../storage/object-store.ts';

export function documentToProto(document: VenueDocumentRecord): MessageInitShape<typeof VenueDocumentSchema> {
  return {
    id: document.id,
    venueId: document.venueId,
    fileName: document.fileName,
    fileType: document.fileType,
    fileSize: document.fileSize,
    category: document.category,
    description: document.description,
    uploadedAt: document.uploadedAt,
    dateTaken: document.dateTaken,
    eventId: document.eventId ?? '',
    tagCardIds: document.tagCardIds,
    hasPreviews: document.hasPreviews,
    width: document.width ?? 0,
    height: document.height ?? 0,
    uploadedBy: document.uploadedBy,
    googleDriveFileId: document.googleDriveFileId ?? '',
    googleDriveUrl: document.googleDriveUrl ?? '',
    sync: {
      status: document.sync.status,
      retryCount: document.sync.retryCount,
      maxRetries: document.sync.maxRetries,
      error: document.sync.error ?? '',
      syncedAt: document.sync.syncedAt ?? '',
      updatedAt: document.sync.updatedAt ?? '',
    },
  };
}

export function publicPhotoToProto(document: VenueDocumentRecord): MessageInitShape<typeof PublicPhotoSchema> {
  return { id: document.id, width: document.width ?? 0, height: document.height ?? 0, dateTaken: document.dateTaken, hasPreviews: document.hasPreviews };
}

export function gallerySettingsToProto(gallery: GalleryRecord): MessageInitShape<typeof GallerySettingsSchema> {
  return { venueId: gallery.venueId, enabled: gallery.enabled, expiresAt: gallery.expiresAt?.toISOString() ?? '', key: gallery.key, updatedAt: gallery.updatedAt.toISOString() };
}

export function documentKindFromProto(kind: DocumentKind): DocumentKindName {
  return kind === DocumentKind.PHOTOS ? 'photos' : kind === DocumentKind.FILES ? 'files' : 'all';
}

export function variantFromProto(variant: ContentVariant): ObjectVariant {
  return variant === ContentVariant.THUMB ? 'thumb' : variant === ContentVariant.PREVIEW ? 'preview' : 'original';
}
