// The Drive worker's client of the media service, calling as the worker (never as a user): a document as media
// holds it now, its bytes from any offset (an upload to Drive resumes where Drive stopped), and the list of every
// document (Trigger Sync queues those not queued).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ContentVariant } from '@venuebook/contracts/media/v1';
import type { VenueDocument } from '@venuebook/contracts/media/v1';
import { GrpcStatus, isGrpcError } from '@venuebook/grpc';
import { createServiceClient, VENUE_NOT_FOUND, workerCaller } from '@venuebook/service-kit';
import type { DriveConfig } from '../config.ts';

export const DRIVE_WORKER = 'drive';

/** What the worker needs of a document. */
export interface MediaDocument {
  id: string;
  venueId: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  category: string;
}

/** A document as media's index lists it (Trigger Sync's bootstrap). */
export interface IndexedDocument {
  id: string;
  venueId: string;
  fileName: string;
  uploadedAt: Date | null;
}

/** The document exists but its venue is deleted (restorable): it is neither to be synced nor trashed now. */
export const VENUE_INACTIVE = 'venue-inactive';

/** A file taken from Drive into a venue's documents. */
export interface ImportedFile {
  documentId: string;
  venueId: string;
  fileName: string;
  size: number;
  mimeType: string;
  category: string;
  lastModifiedMs: number;
  bytes: Readable;
}

export interface MediaDocuments {
  /**
   * The document; null when it does not exist (deleted, or its venue purged); VENUE_INACTIVE when it exists in a
   * deleted venue.
   */
  get(documentId: string): Promise<MediaDocument | null | typeof VENUE_INACTIVE>;
  /** The original's bytes from `offset` to the end, as they arrive. */
  read(documentId: string, offset: number, size: number, signal: AbortSignal): Readable;
  /**
   * Uploads a file from Drive as document `documentId` of the venue (media's checks and thumbnails, as any upload):
   * the document, or `{ refused }` with media's reason (a type or content it does not take), or `{ exists: true }`.
   */
  importFile(file: ImportedFile): Promise<{ document: MediaDocument } | { refused: string } | { exists: true }>;
  /** Every document of a venue ('' for all), oldest upload first, in pages. */
  index(venueId: string): AsyncIterable<IndexedDocument[]>;
  close(): void;
}

/** What the worker keeps of media's document. */
const workerView = (document: VenueDocument): MediaDocument => ({
  id: document.id,
  venueId: document.venueId,
  fileName: document.fileName,
  fileType: document.fileType,
  fileSize: document.fileSize,
  category: document.category,
});

/** A read of a whole large file may take long: its deadline is per call, this generous. */
const READ_DEADLINE_MS = 60 * 60_000;

export function createMediaDocuments(config: DriveConfig): MediaDocuments {
  const media = createServiceClient('media', config.MEDIA_GRPC_URL, { ...config, deadlineMs: config.MEDIA_DEADLINE_MS });
  const options = () => media.as(workerCaller(DRIVE_WORKER, `drive-${randomUUID()}`));
  return {
    async get(documentId) {
      try {
        const { document } = await media.client.getDocument({ id: documentId }, options());
        if (!document) return null;
        return workerView(document);
      } catch (error) {
        // Media answers 'Venue not found' for a document it holds in a venue that is not active.
        if (isGrpcError(error) && error.code === GrpcStatus.NOT_FOUND) return error.message === VENUE_NOT_FOUND ? VENUE_INACTIVE : null;
        throw error;
      }
    },

    read(documentId, offset, size, signal) {
      const whole = offset === 0;
      const parts = media.client.readContent(
        {
          id: documentId,
          variant: ContentVariant.ORIGINAL,
          hasRange: !whole,
          rangeStart: whole ? 0 : offset,
          rangeEnd: whole ? 0 : size - 1,
          galleryKey: '',
        },
        { ...options(), deadlineMs: READ_DEADLINE_MS, signal },
      );
      async function* bytes(): AsyncGenerator<Uint8Array> {
        for await (const message of parts) if (message.part.case === 'chunk') yield message.part.value;
      }
      return Readable.from(bytes(), { objectMode: false });
    },

    async importFile(file) {
      async function* parts() {
        yield {
          part: {
            case: 'header' as const,
            value: {
              venueId: file.venueId,
              fileName: file.fileName,
              fileSize: file.size,
              declaredType: file.mimeType,
              category: file.category,
              description: '',
              eventId: '',
              dataCardIdForTag: '',
              lastModifiedMs: file.lastModifiedMs,
              documentId: file.documentId,
            },
          },
        };
        for await (const chunk of file.bytes) yield { part: { case: 'chunk' as const, value: chunk as Uint8Array } };
      }
      try {
        const { document } = await media.client.uploadDocument(parts(), { ...options(), deadlineMs: READ_DEADLINE_MS });
        if (!document) throw new Error('media answered an import without its document');
        return { document: workerView(document) };
      } catch (error) {
        if (isGrpcError(error) && error.code === GrpcStatus.ALREADY_EXISTS) return { exists: true };
        if (isGrpcError(error) && error.code === GrpcStatus.INVALID_ARGUMENT) return { refused: error.message };
        throw error;
      }
    },

    async *index(venueId) {
      for await (const page of media.client.listDocumentIndex({ venueId }, { ...options(), deadlineMs: READ_DEADLINE_MS })) {
        yield page.documents.map((document) => ({
          id: document.id,
          venueId: document.venueId,
          fileName: document.fileName,
          uploadedAt: document.uploadedAt ? new Date(document.uploadedAt) : null,
        }));
      }
    },

    close: () => media.close(),
  };
}
