// The HTTP contract of venue documents and photos (spec §3 venue_documents and photo_tags, §5 'Document upload',
// §7 'Duplicates, uploads and documents'), shared by the gateway (bodies, answers, OpenAPI) and the media service
// (which re-validates). Uploads are multipart (`POST /venues/{venueId}/documents`: the fields of
// `uploadFieldsSchema`, then one `file` part); content is read through the URLs each document carries (signed,
// short-lived, served by the gateway with Range support).
import { z } from 'zod';
import { documentCategorySchema } from '../shared/enums.schema.ts';
import { MEDIA } from '../shared/limits.ts';
import { SYNC_STATES } from './sync.ts';

const idSchema = (description: string) => z.string().min(1).max(100).describe(description);
const timestamp = (description: string) => z.iso.datetime({ offset: true }).describe(description);

/** The multipart fields sent before the `file` part of an upload. */
export const uploadFieldsSchema = z
  .object({
    category: documentCategorySchema.default('general'),
    description: z.string().max(2000, 'A description must be at most 2000 characters').default(''),
    eventId: z.string().max(100).default('').describe('An event of the venue to link (empty: none)'),
    dataCardId: z.string().max(100).default('').describe('A data card of the venue to tag the photo with (empty: none)'),
    lastModified: z.coerce
      .number()
      .int()
      .min(0)
      .max(8.64e15)
      .default(0)
      .describe("The file's last-modified time (epoch ms): the date taken when an image has no EXIF date"),
    size: z.coerce.number().int().min(0).optional().describe("The file's size in bytes as the browser knows it (refused at once when over the limit)"),
  })
  .meta({ id: 'UploadFields', description: 'The fields of a document upload (multipart, before the file part)' });

export type UploadFields = z.output<typeof uploadFieldsSchema>;

export const documentUrlsSchema = z
  .object({
    original: z.string().describe('The file (signed, short-lived: read the document again for fresh URLs)'),
    thumb: z.string().nullable().describe('250 px WebP thumbnail (images only)'),
    preview: z.string().nullable().describe('1440 px WebP preview (images only)'),
    download: z.string().describe('The file as an attachment'),
  })
  .meta({ id: 'DocumentUrls' });

export const documentSyncSchema = z
  .object({
    status: z.enum(SYNC_STATES).describe("The queue item's status, or 'syncing' while a worker is at it"),
    retryCount: z.number().int().min(0),
    maxRetries: z.number().int().min(0),
    error: z.string().nullable(),
    syncedAt: timestamp('When the Drive copy was made').nullable(),
  })
  .meta({ id: 'DocumentSync', description: 'The Google Drive sync state of the document (spec §3 gdrive_sync_queue)' });

export const venueDocumentSchema = z
  .object({
    id: z.string().describe('Document id (UUID)'),
    venueId: z.string(),
    fileName: z.string(),
    fileType: z.string().describe("The MIME type detected from the file's content"),
    fileSize: z.number().int().min(0),
    category: documentCategorySchema,
    description: z.string(),
    uploadedAt: timestamp('Upload time'),
    dateTaken: timestamp("From the image's EXIF, else the file's last-modified time"),
    eventId: z.string().nullable(),
    tagCardIds: z.array(z.string()).describe('The data cards the photo is tagged with'),
    isPhoto: z.boolean().describe('An image of the photo list (jpeg, png, gif, webp)'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    uploadedBy: z.string(),
    googleDriveFileId: z.string().nullable(),
    googleDriveUrl: z.string().nullable(),
    sync: documentSyncSchema,
    urls: documentUrlsSchema,
  })
  .meta({ id: 'VenueDocument', description: 'A venue document or photo (spec §3 venue_documents)' });

export type VenueDocumentDto = z.output<typeof venueDocumentSchema>;

export const documentListSchema = z.object({ documents: z.array(venueDocumentSchema).describe('Newest upload first') }).meta({ id: 'DocumentList' });

export const DOCUMENT_KINDS = ['all', 'photos', 'files'] as const;
export type DocumentKindName = (typeof DOCUMENT_KINDS)[number];

export const documentListQuerySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS).default('all').describe('photos: the images of the photo list; files: everything else'),
  eventId: z.string().max(100).optional().describe('Only the documents linked to this event'),
});

/** PATCH /documents/{id}: the category, the event link, or both. */
export const updateDocumentSchema = z
  .object({
    category: documentCategorySchema.optional(),
    eventId: z.string().min(1).max(100).nullable().optional().describe('An event of the venue; null clears the link'),
  })
  .refine((body) => body.category !== undefined || body.eventId !== undefined, 'Name a category or an event')
  .meta({ id: 'UpdateDocumentRequest' });

const documentIdsSchema = z.array(idSchema('Document id')).min(1, 'Select at least one photo').max(MEDIA.maxBatch, `At most ${MEDIA.maxBatch} photos at once`);

export const batchDeletePhotosSchema = z.object({ documentIds: documentIdsSchema }).meta({ id: 'BatchDeletePhotosRequest' });

export const batchDeleteResultSchema = z.object({ deletedCount: z.number().int().min(0) }).meta({ id: 'BatchDeletePhotosResult' });

export const PHOTO_TAG_CARDS_REQUIRED = 'Select at least one card';

export const photoTagsSchema = z
  .object({
    documentIds: documentIdsSchema,
    cardIds: z.array(idSchema('Data card id')).min(1, PHOTO_TAG_CARDS_REQUIRED).max(MEDIA.maxTagCards, `At most ${MEDIA.maxTagCards} cards at once`),
  })
  .meta({ id: 'PhotoTagsRequest', description: 'Photos × data cards to tag or untag (spec §7 photo_tags)' });

export const gallerySettingsSchema = z
  .object({
    venueId: z.string(),
    enabled: z.boolean(),
    expiresAt: timestamp('When the public link stops working').nullable(),
    publicPath: z.string().describe("The public gallery's path, with its key: /public/venue/{venueId}/photos?key=…"),
    updatedAt: timestamp('Last change').nullable(),
  })
  .meta({ id: 'GallerySettings', description: "A venue's public photo gallery (beyond the spec: off, expiry, link rotation)" });

export const updateGallerySettingsSchema = z
  .object({
    enabled: z.boolean(),
    expiresAt: timestamp('When the public link stops working (null: never)').nullable().default(null),
  })
  .meta({ id: 'UpdateGallerySettingsRequest' });

export const galleryKeyQuerySchema = z.object({
  key: z.string().max(200).default('').describe("The gallery link's key"),
});

export const publicPhotoSchema = z
  .object({
    id: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    dateTaken: timestamp('When the photo was taken'),
    thumbUrl: z.string(),
    previewUrl: z.string(),
    url: z.string(),
  })
  .meta({ id: 'PublicPhoto' });

export const publicGallerySchema = z
  .object({
    venueName: z.string(),
    city: z.string().describe('The city as lists show it, else the address'),
    photos: z.array(publicPhotoSchema).describe('Newest first'),
  })
  .meta({ id: 'PublicGallery', description: 'A venue public photo gallery: the venue name and city and its photos only' });

export const contentQuerySchema = z.object({
  variant: z.enum(['original', 'thumb', 'preview']).default('original'),
  download: z.enum(['0', '1']).default('0').describe('1: as an attachment'),
  exp: z.coerce.number().int().describe('Expiry (epoch seconds) of the signed URL'),
  sig: z.string().max(200).describe('Signature of the URL'),
  key: z.string().max(200).optional().describe('A public gallery key (public photo URLs)'),
});
