import type { MediaService } from '@venuebook/contracts/media/v1';
import type { ServiceHandlers } from '@venuebook/grpc';
import { requirePermission, requireUser, requireWorkerCaller, workerUserId } from '@venuebook/service-kit';
import { DRIVE_WORKER } from '../domain/documents.ts';
import type { ContentUseCase } from '../use-cases/content.ts';
import type { DocumentUseCases } from '../use-cases/documents.ts';
import type { GalleryUseCases } from '../use-cases/gallery.ts';
import type { UploadUseCase } from '../use-cases/upload.ts';
import {
  contentVariantFromProto,
  documentKindFromProto,
  gallerySettingsToProto,
  publicPhotoToProto,
  venueDocumentToProto as documentToProto,
} from '@venuebook/contracts/codecs/media';

/** Documents listed per message of ListDocumentIndex. */
const INDEX_PAGE = 1000;

/** The gRPC face of documents, photos, content and the gallery: decode, check the permission, run the use case, encode. */
export function createMediaHandlers(useCases: {
  upload: UploadUseCase;
  documents: DocumentUseCases;
  content: ContentUseCase;
  gallery: GalleryUseCases;
}): ServiceHandlers<typeof MediaService> {
  const { upload, documents, content, gallery } = useCases;
  return {
    async uploadDocument(requests, call) {
      // Photos too: the upload is one call whatever the file (photo.upload is granted to the same roles).
      // The Drive sync worker imports files from Drive (with their ids); everyone else needs 'document.upload'.
      const caller = call.caller?.userId === workerUserId(DRIVE_WORKER) ? requireWorkerCaller(call, DRIVE_WORKER) : requirePermission(call, 'document.upload');
      return { document: documentToProto(await upload.upload(caller, requests, call.signal)) };
    },

    async getDocument(request, call) {
      const caller = requireUser(call);
      return { document: documentToProto(await documents.getDocument(caller, request.id)) };
    },

    async listDocuments(request, call) {
      const caller = requireUser(call);
      return { documents: (await documents.listDocuments(caller, request.venueId, documentKindFromProto(request.kind), request.eventId)).map(documentToProto) };
    },

    async updateDocument(request, call) {
      const caller = requirePermission(call, 'document.edit');
      return {
        document: documentToProto(
          await documents.updateDocument(caller, request.id, { category: request.category, eventId: request.eventId, clearEvent: request.clearEvent }),
        ),
      };
    },

    async deleteDocument(request, call) {
      const caller = requirePermission(call, 'document.delete');
      await documents.deleteDocument(caller, request.id);
      return {};
    },

    async batchDeletePhotos(request, call) {
      const caller = requirePermission(call, 'photo.delete');
      return { deletedCount: await documents.batchDeletePhotos(caller, request.venueId, request.documentIds) };
    },

    async tagPhotos(request, call) {
      const caller = requirePermission(call, 'photo.tag');
      return { documents: (await documents.tagPhotos(caller, request.venueId, request.documentIds, request.cardIds)).map(documentToProto) };
    },

    async untagPhotos(request, call) {
      const caller = requirePermission(call, 'photo.tag');
      return { documents: (await documents.untagPhotos(caller, request.venueId, request.documentIds, request.cardIds)).map(documentToProto) };
    },

    async *readContent(request, call) {
      // A gallery key makes the call public (the gateway's public photo URLs); otherwise a signed-in caller.
      const caller = request.galleryKey ? null : requireUser(call);
      const range = request.hasRange ? { start: request.rangeStart, end: request.rangeEnd } : undefined;
      for await (const part of content.readContent(
        caller,
        { id: request.id, variant: contentVariantFromProto(request.variant), galleryKey: request.galleryKey, ...(range ? { range } : {}) },
        call.signal,
      )) {
        yield 'info' in part ? { part: { case: 'info' as const, value: part.info } } : { part: { case: 'chunk' as const, value: part.chunk } };
      }
    },

    async getGallerySettings(request, call) {
      const caller = requireUser(call);
      return { settings: gallerySettingsToProto(await gallery.getSettings(caller, request.venueId)) };
    },

    async updateGallerySettings(request, call) {
      const caller = requirePermission(call, 'gallery.manage');
      return {
        settings: gallerySettingsToProto(
          await gallery.updateSettings(caller, request.venueId, { enabled: request.enabled, expiresAt: request.expiresAt, rotateKey: request.rotateKey }),
        ),
      };
    },

    async *listDocumentIndex(request, call) {
      requireWorkerCaller(call, DRIVE_WORKER);
      for (const page of documents.documentIndex(request.venueId, INDEX_PAGE)) {
        if (call.signal.aborted) return;
        yield {
          documents: page.map((document) => ({ id: document.id, venueId: document.venueId, fileName: document.fileName, uploadedAt: document.uploadedAt })),
        };
      }
    },

    async getPublicGallery(request, call) {
      // Anonymous callers allowed: the key is the authorisation.
      const answer = await gallery.publicGallery(request.venueId, request.key, call.requestId);
      return { venueName: answer.venueName, city: answer.city, photos: answer.photos.map(publicPhotoToProto) };
    },
  };
}
