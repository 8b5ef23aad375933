// UploadDocument (spec §5 'Document upload', §7 upload-enhanced): a client stream of one header and the file's
// bytes. Everything that can be refused from the header is refused before a byte is stored; the first 64 KiB are
// then held to check the content against the extension (file-type; the type stored is the detected one) and to
// read an image's EXIF date; the head and the rest stream into the object store (one PUT written while the file
// arrives; nothing held beyond the stream's buffers) while they are counted: a file longer or shorter than announced, over the limit, a .txt that turns out not to be
// UTF-8 text, or a cancelled call stores nothing. An image then gets its previews (previews.ts). Only then is the
// document inserted, so a document always has its file.
import { randomUUID } from 'node:crypto';
import exifr from 'exifr';
import { fileTypeFromBuffer } from 'file-type';
import { fileExtension, isPhotoMimeType, isUuid } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import type { UploadDocumentRequest, UploadHeader } from '@venuebook/contracts/media/v1';
import { auditContextOf, isDuplicateKeyError, workerUserId } from '@venuebook/service-kit';
import type { AuditRecorder, Logger, VenueDirectory } from '@venuebook/service-kit';
import { cleanFileName } from '@venuebook/domain';
import type { MediaConfig } from '../config.ts';
import {
  contentTypeFor,
  dateTaken,
  DRIVE_WORKER,
  HEAD_BYTES,
  isAllowedExtension,
  MESSAGES,
  TextCheck,
  TEXT_PLAIN,
  uploadCategory,
} from '../domain/documents.ts';
import type { MediaEvents } from '../events/media.events.ts';
import type { DocumentReadModel } from '../read-model/document-read-model.ts';
import type { DocumentRepository, VenueDocumentRecord } from '../repositories/document.repository.ts';
import { documentKeys } from '../adapters/object-store.ts';
import type { ObjectStore } from '../adapters/object-store.ts';
import { makePreviews } from './previews.ts';
import type { Previews } from './previews.ts';
import type { VenueLinks } from '@venuebook/service-kit';

export const DOCUMENTS_TABLE = 'venue_documents';
const MAX_DESCRIPTION = 2000;

export interface UploadDeps {
  config: Pick<MediaConfig, 'MEDIA_MAX_UPLOAD_BYTES' | 'IMAGE_MAX_PIXELS' | 'IMAGE_MAX_BYTES' | 'SYNC_MAX_RETRIES' | 'UPLOAD_IDLE_TIMEOUT_MS'>;
  repository: DocumentRepository;
  readModel: DocumentReadModel;
  store: ObjectStore;
  events: MediaEvents;
  audit: AuditRecorder;
  venues: Pick<VenueDirectory, 'requireActive'>;
  links: VenueLinks;
  logger: Logger;
}

const IMPORTED_ALREADY = 'This file was imported already';

const invalid = (field: string, message: string) => GrpcError.invalidArgument(message, [{ field, message }]);

/**
 * The requests of the call; a pending read fails at once when the call is cancelled, and after `idleMs` without a
 * message (a client that stops sending but keeps the call open would hold its buffers and the unfinished PUT to
 * the store until the stream deadline). The listener and the timer go when the read settles. (Not Promise.race
 * against one long-lived "cancelled" promise: every race leaves a reaction on it that keeps its settled result, so
 * each chunk of the file would stay reachable until the call ended and the process would grow by the file's size.)
 */
function reader(requests: AsyncIterable<UploadDocumentRequest>, signal: AbortSignal, idleMs: number) {
  const iterator = requests[Symbol.asyncIterator]();
  const cancelled = () => new GrpcError(GrpcStatus.CANCELLED, 'Upload cancelled');
  let pending = false;
  return {
    next(): Promise<IteratorResult<UploadDocumentRequest>> {
      if (signal.aborted) return Promise.reject(cancelled());
      return new Promise((resolve, reject) => {
        const settle = () => {
          pending = false;
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          settle();
          reject(cancelled());
        };
        const timer = setTimeout(() => {
          settle();
          reject(new GrpcError(GrpcStatus.DEADLINE_EXCEEDED, MESSAGES.stalled(idleMs)));
        }, idleMs);
        signal.addEventListener('abort', onAbort, { once: true });
        pending = true;
        iterator.next().then(
          (result) => {
            settle();
            resolve(result);
          },
          (error: unknown) => {
            settle();
            reject(error as Error);
          },
        );
      });
    },
    async close() {
      // A read left pending by the idle timeout ends only with the call (after the answer): do not wait for it.
      const closing = iterator.return?.().catch(() => undefined);
      if (!pending) await closing;
    },
  };
}

export function createUploadUseCase(deps: UploadDeps) {
  const { config, repository, readModel, store, events, audit, venues, links, logger } = deps;

  async function checkHeader(caller: Caller, header: UploadHeader) {
    const fileName = cleanFileName(header.fileName);
    const ext = fileExtension(fileName);
    if (!fileName || !isAllowedExtension(ext)) throw invalid('file', MESSAGES.typeNotAllowed(ext));
    const category = uploadCategory(header.category);
    if (!category) throw invalid('category', MESSAGES.unknownCategory(header.category));
    const size = header.fileSize;
    if (!Number.isSafeInteger(size) || size < 0) throw invalid('size', 'The file size must be a whole number of bytes');
    if (size > config.MEDIA_MAX_UPLOAD_BYTES) throw invalid('file', MESSAGES.tooLarge(config.MEDIA_MAX_UPLOAD_BYTES));
    if (header.description.length > MAX_DESCRIPTION) throw invalid('description', `A description must be at most ${MAX_DESCRIPTION} characters`);
    // An import from Drive (the Drive sync worker, and only it) names its document's id; nothing else.
    const importing = caller.userId === workerUserId(DRIVE_WORKER);
    if (importing !== (header.documentId !== ''))
      throw invalid('documentId', importing ? 'An import names its document id' : 'Only an import names its document id');
    if (importing && (!isUuid(header.documentId) || header.eventId || header.dataCardIdForTag)) throw invalid('documentId', 'Invalid import');
    // Imported before, even if its document was deleted since: its id stays taken.
    if (importing && (readModel.get(header.documentId) || (await repository.state(header.documentId))))
      throw new GrpcError(GrpcStatus.ALREADY_EXISTS, IMPORTED_ALREADY);
    await venues.requireActive(caller, header.venueId);
    const [eventOk, cardOk] = await Promise.all([
      header.eventId ? links.isEventOfVenue(caller, header.venueId, header.eventId) : true,
      header.dataCardIdForTag ? links.isCardForVenue(caller, header.venueId, header.dataCardIdForTag) : true,
    ]);
    if (!eventOk) throw invalid('eventId', MESSAGES.eventNotFound);
    if (!cardOk) throw invalid('dataCardId', MESSAGES.cardNotFound);
    return { fileName, ext, category, size };
  }

  return {
    async upload(caller: Caller, requests: AsyncIterable<UploadDocumentRequest>, signal: AbortSignal): Promise<VenueDocumentRecord> {
      const input = reader(requests, signal, config.UPLOAD_IDLE_TIMEOUT_MS);
      const stored: string[] = [];
      try {
        const first = await input.next();
        if (first.done) throw invalid('file', MESSAGES.noBytes);
        if (first.value.part.case !== 'header') throw invalid('file', MESSAGES.headerFirst);
        const header = first.value.part.value;
        const { fileName, ext, category, size } = await checkHeader(caller, header);

        // The head: the first 64 KiB (or the whole file when smaller).
        const headParts: Uint8Array[] = [];
        let headLength = 0;
        let ended = false;
        while (headLength < HEAD_BYTES) {
          const next = await input.next();
          if (next.done) {
            ended = true;
            break;
          }
          if (next.value.part.case !== 'chunk') throw invalid('file', MESSAGES.headerFirst);
          headParts.push(next.value.part.value);
          headLength += next.value.part.value.byteLength;
          if (headLength > size)
            throw invalid('file', headLength > config.MEDIA_MAX_UPLOAD_BYTES ? MESSAGES.tooLarge(config.MEDIA_MAX_UPLOAD_BYTES) : MESSAGES.sizeMismatch);
        }
        const head = Buffer.concat(headParts);
        if (ended && head.length !== size) throw invalid('file', MESSAGES.sizeMismatch);
        const detected = head.length > 0 ? (await fileTypeFromBuffer(head))?.mime : undefined;
        const fileType = contentTypeFor(ext, detected, head.subarray(0, HEAD_BYTES), ended);
        if (!fileType) throw invalid('file', MESSAGES.contentMismatch(ext));
        const isImage = isPhotoMimeType(fileType);
        if (isImage && size > config.IMAGE_MAX_BYTES) throw invalid('file', MESSAGES.imageTooLarge);
        const exifDate = isImage ? await exifDateOf(head) : undefined;

        const id = header.documentId || randomUUID();
        const keys = documentKeys(header.venueId, id);
        const text = fileType === TEXT_PLAIN ? new TextCheck() : undefined;
        if (text) text.push(head);
        async function* body(): AsyncGenerator<Uint8Array> {
          let count = head.length;
          yield head;
          while (!ended) {
            const next = await input.next();
            if (next.done) break;
            if (next.value.part.case !== 'chunk') throw invalid('file', MESSAGES.headerFirst);
            const chunk = next.value.part.value;
            count += chunk.byteLength;
            if (count > size)
              throw invalid('file', count > config.MEDIA_MAX_UPLOAD_BYTES ? MESSAGES.tooLarge(config.MEDIA_MAX_UPLOAD_BYTES) : MESSAGES.sizeMismatch);
            if (text && !text.push(chunk)) throw invalid('file', MESSAGES.contentMismatch(ext));
            yield chunk;
          }
          if (count !== size) throw invalid('file', MESSAGES.sizeMismatch);
          if (text && !text.end()) throw invalid('file', MESSAGES.contentMismatch(ext));
        }
        stored.push(keys.original);
        await store.put(keys.original, body(), size, fileType);
        let previews: Previews | undefined;
        if (isImage) {
          stored.push(keys.thumb, keys.preview);
          previews = await makePreviews(store, keys, config.IMAGE_MAX_PIXELS);
        }
        if (signal.aborted) throw new GrpcError(GrpcStatus.CANCELLED, 'Upload cancelled');

        const uploadedAt = new Date();
        const document = await repository.create({
          _id: id,
          venueId: header.venueId,
          fileName,
          fileType,
          fileSize: size,
          category,
          description: header.description,
          uploadedAt,
          dateTaken: dateTaken(exifDate, header.lastModifiedMs, uploadedAt),
          eventId: header.eventId || null,
          tagCardIds: header.dataCardIdForTag ? [header.dataCardIdForTag] : [],
          hasPreviews: !!previews,
          width: previews?.width ?? null,
          height: previews?.height ?? null,
          uploadedBy: caller.userId,
          sync: { status: 'pending', retryCount: 0, maxRetries: config.SYNC_MAX_RETRIES, error: null, syncedAt: null, updatedAt: uploadedAt },
        });
        stored.length = 0;
        readModel.upsert({ id: document.id, rev: 0, document });
        const context = auditContextOf(caller);
        // The events (in their order) and the audit entry are independent: one round trip's wait instead of two.
        const publish = async (): Promise<void> => {
          await events.document('uploaded', document, context);
          if (document.tagCardIds.length > 0) await events.photoTagsChanged(document.venueId, [document.id], context);
        };
        const settled = await Promise.allSettled([
          publish(),
          audit.record({ action: 'create', table: DOCUMENTS_TABLE, recordId: document.id, oldValues: null, newValues: document }, context),
        ]);
        const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed) throw failed.reason;
        return document;
      } catch (error) {
        // A document with this id was stored meanwhile (two imports of one file): the objects under its keys are its.
        if (isDuplicateKeyError(error)) throw new GrpcError(GrpcStatus.ALREADY_EXISTS, IMPORTED_ALREADY);
        if (stored.length > 0)
          await store.remove(stored).catch((cause: unknown) => logger.warn({ err: cause, keys: stored }, 'could not remove the objects of a failed upload'));
        throw error;
      } finally {
        await input.close();
      }
    },
  };
}

/** DateTimeOriginal, else CreateDate, from the EXIF in the file's first bytes (undefined when there is none). */
async function exifDateOf(head: Buffer): Promise<Date | undefined> {
  try {
    const tags = (await exifr.parse(head, { pick: ['DateTimeOriginal', 'CreateDate'] })) as { DateTimeOriginal?: unknown; CreateDate?: unknown } | undefined;
    const value = tags?.DateTimeOriginal ?? tags?.CreateDate;
    return value instanceof Date && !Number.isNaN(value.getTime()) ? value : undefined;
  } catch {
    return undefined;
  }
}

export type UploadUseCase = ReturnType<typeof createUploadUseCase>;
