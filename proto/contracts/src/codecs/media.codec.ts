// Proto ↔ domain mapping of venue documents, photos and the public gallery (media.proto), shared by the media
// service and the gateway. The content URLs of a document are the gateway's (signed per reader): the mapping from
// proto leaves them out (`DocumentWithoutUrls`) and the gateway adds them.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { z } from 'zod';
import { DOCUMENT_CATEGORY_VALUES, isPhotoMimeType, SYNC_STATES } from '@venuebook/domain';
import type { DocumentCategory, DocumentKindName, SyncState, updateDocumentSchema, UploadFields, VenueDocumentDto } from '@venuebook/domain';

type UpdateDocumentRequestDto = z.output<typeof updateDocumentSchema>;
import { ContentVariant, DocumentKind } from '@venuebook/contracts/media/v1';
import type {
  GallerySettings as ProtoGallerySettings,
  GallerySettingsSchema,
  PublicPhoto as ProtoPublicPhoto,
  PublicPhotoSchema,
  SyncState as ProtoSyncState,
  UpdateDocumentRequestSchema,
  UploadHeaderSchema,
  VenueDocument as ProtoVenueDocument,
  VenueDocumentSchema,
} from '@venuebook/contracts/media/v1';

/** A document as the media service answers it: everything but the (reader-specific, signed) content URLs. */
export type DocumentWithoutUrls = Omit<VenueDocumentDto, 'urls'> & {
  /** An image with a 250 px thumbnail and a 1440 px preview (WebP). */
  hasPreviews: boolean;
};

export type ContentVariantName = 'original' | 'thumb' | 'preview';

const nullable = (value: string): string | null => (value === '' ? null : value);

function categoryOf(value: string): DocumentCategory {
  return (DOCUMENT_CATEGORY_VALUES as readonly string[]).includes(value) ? (value as DocumentCategory) : 'general';
}

function syncStatusOf(value: string): SyncState {
  return (SYNC_STATES as readonly string[]).includes(value) ? (value as SyncState) : 'pending';
}

function syncFromProto(sync: ProtoSyncState | undefined): DocumentWithoutUrls['sync'] {
  return {
    status: syncStatusOf(sync?.status ?? ''),
    retryCount: Math.max(0, sync?.retryCount ?? 0),
    maxRetries: Math.max(0, sync?.maxRetries ?? 0),
    error: nullable(sync?.error ?? ''),
    syncedAt: nullable(sync?.syncedAt ?? ''),
  };
}

/** Proto VenueDocument → domain ('' → null, 0 width/height → null); `isPhoto` from the detected type. */
export function venueDocumentFromProto(document: ProtoVenueDocument): DocumentWithoutUrls {
  return {
    id: document.id,
    venueId: document.venueId,
    fileName: document.fileName,
    fileType: document.fileType,
    fileSize: Math.max(0, Math.round(document.fileSize)),
    category: categoryOf(document.category),
    description: document.description,
    uploadedAt: document.uploadedAt,
    dateTaken: document.dateTaken || document.uploadedAt,
    eventId: nullable(document.eventId),
    tagCardIds: [...document.tagCardIds],
    isPhoto: isPhotoMimeType(document.fileType),
    width: document.width > 0 ? document.width : null,
    height: document.height > 0 ? document.height : null,
    uploadedBy: document.uploadedBy,
    googleDriveFileId: nullable(document.googleDriveFileId),
    googleDriveUrl: nullable(document.googleDriveUrl),
    sync: syncFromProto(document.sync),
    hasPreviews: document.hasPreviews,
  };
}

/** What venueDocumentToProto reads: a domain document without URLs, or the media service's own record (its sync state also has `updatedAt`). */
export type DocumentForProto = Omit<DocumentWithoutUrls, 'isPhoto' | 'sync'> & { sync: DocumentWithoutUrls['sync'] & { updatedAt?: string | null } };

/** Domain document (without URLs) → proto VenueDocument (null → '', 0). */
export function venueDocumentToProto(document: DocumentForProto): MessageInitShape<typeof VenueDocumentSchema> {
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
    tagCardIds: [...document.tagCardIds],
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

/** The upload's header message: the validated multipart fields, the file's name and the browser's type. */
export function uploadHeaderToProto(
  venueId: string,
  fields: UploadFields,
  file: { fileName: string; declaredType: string },
): MessageInitShape<typeof UploadHeaderSchema> {
  return {
    venueId,
    fileName: file.fileName,
    fileSize: fields.size ?? 0,
    declaredType: file.declaredType,
    category: fields.category,
    description: fields.description,
    eventId: fields.eventId,
    dataCardIdForTag: fields.dataCardId,
    lastModifiedMs: fields.lastModified,
  };
}

/** PATCH /documents/{id} → UpdateDocumentRequest (category '' unchanged; eventId null clears the link). */
export function updateDocumentToProto(id: string, body: UpdateDocumentRequestDto): MessageInitShape<typeof UpdateDocumentRequestSchema> {
  return {
    id,
    category: body.category ?? '',
    eventId: typeof body.eventId === 'string' ? body.eventId : '',
    clearEvent: body.eventId === null,
  };
}

const KINDS: Record<DocumentKindName, DocumentKind> = {
  all: DocumentKind.ALL,
  photos: DocumentKind.PHOTOS,
  files: DocumentKind.FILES,
};

export function documentKindToProto(kind: DocumentKindName): DocumentKind {
  return KINDS[kind];
}

export function documentKindFromProto(kind: DocumentKind): DocumentKindName {
  if (kind === DocumentKind.PHOTOS) return 'photos';
  if (kind === DocumentKind.FILES) return 'files';
  return 'all';
}

const VARIANTS: Record<ContentVariantName, ContentVariant> = {
  original: ContentVariant.ORIGINAL,
  thumb: ContentVariant.THUMB,
  preview: ContentVariant.PREVIEW,
};

export function contentVariantToProto(variant: ContentVariantName): ContentVariant {
  return VARIANTS[variant];
}

export function contentVariantFromProto(variant: ContentVariant): ContentVariantName {
  if (variant === ContentVariant.THUMB) return 'thumb';
  if (variant === ContentVariant.PREVIEW) return 'preview';
  return 'original';
}

/** Gallery settings as the gateway answers them (the key stays in `key`; the route makes the public path). */
export interface GallerySettingsWithKey {
  venueId: string;
  enabled: boolean;
  expiresAt: string | null;
  key: string;
  updatedAt: string | null;
}

/** A venue's stored gallery settings (the service's record) in the contract's message. */
export function gallerySettingsToProto(gallery: {
  venueId: string;
  enabled: boolean;
  key: string;
  expiresAt: Date | null;
  updatedAt: Date;
}): MessageInitShape<typeof GallerySettingsSchema> {
  return {
    venueId: gallery.venueId,
    enabled: gallery.enabled,
    expiresAt: gallery.expiresAt?.toISOString() ?? '',
    key: gallery.key,
    updatedAt: gallery.updatedAt.toISOString(),
  };
}

export function gallerySettingsFromProto(settings: ProtoGallerySettings): GallerySettingsWithKey {
  return {
    venueId: settings.venueId,
    enabled: settings.enabled,
    expiresAt: nullable(settings.expiresAt),
    key: settings.key,
    updatedAt: nullable(settings.updatedAt),
  };
}

export interface PublicPhotoWithoutUrls {
  id: string;
  width: number | null;
  height: number | null;
  dateTaken: string;
  hasPreviews: boolean;
}

/** A stored photo as the public gallery shows it (no names, tags or descriptions). */
export function publicPhotoToProto(document: {
  id: string;
  width?: number | null;
  height?: number | null;
  dateTaken: string;
  hasPreviews: boolean;
}): MessageInitShape<typeof PublicPhotoSchema> {
  return { id: document.id, width: document.width ?? 0, height: document.height ?? 0, dateTaken: document.dateTaken, hasPreviews: document.hasPreviews };
}

export function publicPhotoFromProto(photo: ProtoPublicPhoto): PublicPhotoWithoutUrls {
  return {
    id: photo.id,
    width: photo.width > 0 ? photo.width : null,
    height: photo.height > 0 ? photo.height : null,
    dateTaken: photo.dateTaken,
    hasPreviews: photo.hasPreviews,
  };
}
