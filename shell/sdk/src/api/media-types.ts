// The shapes of the media API (documents, photos, photo tags, the public gallery), as the gateway sends
// them. Types only: they are worked out from the contract's schemas (@venuebook/domain media.schema.ts) with
// type-only imports, so no zod reaches the browser through the sdk (tests/structure/home-page-zod.test.ts).
import type {
  batchDeleteResultSchema,
  DocumentKindName,
  documentListSchema,
  documentSyncSchema,
  documentUrlsSchema,
  gallerySettingsSchema,
  publicGallerySchema,
  publicPhotoSchema,
  updateDocumentSchema,
  updateGallerySettingsSchema,
  VenueDocumentDto,
} from '@venuebook/domain';
import type { z } from 'zod';

/** A venue document or photo, with its signed, short-lived content URLs (`urls`). */
export type VenueDocument = VenueDocumentDto;
export type DocumentUrls = z.output<typeof documentUrlsSchema>;
export type DocumentSync = z.output<typeof documentSyncSchema>;
/** `{ documents }`, newest upload first. */
export type DocumentList = z.output<typeof documentListSchema>;
/** Which documents a list holds: 'photos' (the images of the photo list), 'files' (everything else) or 'all'. */
export type DocumentKind = DocumentKindName;
/** PATCH /documents/{id}: the category, the event link (null clears it), or both. */
export type UpdateDocumentRequest = z.input<typeof updateDocumentSchema>;
export type BatchDeletePhotosResult = z.output<typeof batchDeleteResultSchema>;
/** The documents of a photo-tag or untag call, as they are now. */
export interface PhotoTagsResult {
  documents: VenueDocument[];
}
export type GallerySettings = z.output<typeof gallerySettingsSchema>;
/** PUT /venues/{venueId}/gallery; `expiresAt` null or left out: the link never expires. */
export type UpdateGallerySettingsRequest = z.input<typeof updateGallerySettingsSchema>;
export type PublicGallery = z.output<typeof publicGallerySchema>;
export type PublicPhoto = z.output<typeof publicPhotoSchema>;

/** Filters of `api.media.listDocuments`. */
export interface DocumentListParams {
  kind?: DocumentKind;
  /** Only the documents linked to this event. */
  eventId?: string | undefined;
}
