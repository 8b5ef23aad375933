// A venue's documents and photos after upload: read one, list (all, photos or files; by event), change the category
// or the event link, delete (the objects and the document), delete photos in a batch, tag and untag photos with data
// cards. Every change inserts the document's next revision (insert-only: repositories/document.model.ts) holding
// `document:<id>`, from the state the read model holds (the database's when it holds none); a revision another replica
// inserted first (E11000 on its `_id`) makes it re-read the document and try again. Lists come from the read model.
import { MEDIA } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { isPhotoMimeType } from '@venuebook/domain';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder, Locks, Logger, VenueDirectory } from '@venuebook/service-kit';
import { MESSAGES, uploadCategory } from '../domain/documents.ts';
import type { DocumentKindName } from '../domain/documents.ts';
import type { MediaEvents } from '../events/media.events.ts';
import { documentsOf, entryOf } from '../read-model/document-read-model.ts';
import type { DocumentReadModel } from '../read-model/document-read-model.ts';
import type { DocumentChanges, DocumentRepository, DocumentState, VenueDocumentRecord } from '../repositories/document.repository.ts';
import { documentKeys } from '../adapters/object-store.ts';
import type { ObjectStore } from '../adapters/object-store.ts';
import { DOCUMENTS_TABLE } from './upload.ts';
import type { VenueLinks } from '@venuebook/service-kit';

export interface DocumentDeps {
  repository: DocumentRepository;
  readModel: DocumentReadModel;
  store: ObjectStore;
  events: MediaEvents;
  audit: AuditRecorder;
  locks: Locks;
  venues: Pick<VenueDirectory, 'requireActive'>;
  links: VenueLinks;
  logger: Logger;
}

export interface DocumentUpdate {
  /** Empty: unchanged. */
  category: string;
  /** Set the event link; with clearEvent, remove it; neither: unchanged. */
  eventId: string;
  clearEvent: boolean;
}

export const NOTHING_TO_CHANGE = 'Name a category or an event';
export const SELECT_PHOTOS = 'Select at least one photo';
export const SELECT_CARDS = 'Select at least one card';

const invalid = (field: string, message: string) => GrpcError.invalidArgument(message, [{ field, message }]);
const distinct = (ids: readonly string[]): string[] => [...new Set(ids)];

/** Tries of a change whose revision other replicas keep taking first. */
const REVISE_TRIES = 5;

type Change = { changes: DocumentChanges } | { delete: true };

export function createDocumentUseCases({ repository, readModel, store, events, audit, locks, venues, links, logger }: DocumentDeps) {
  async function withDocumentLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const done = await locks.withLock(`document:${id}`, work);
    if (!done) throw new GrpcError(GrpcStatus.ABORTED, MESSAGES.busy);
    return done.value;
  }

  /** The document from memory, else from the database (written by another replica a moment ago). */
  async function find(id: string): Promise<VenueDocumentRecord | null> {
    if (!id) return null;
    return readModel.get(id)?.document ?? (await repository.getById(id));
  }

  /**
   * The state a change is written from: the read model's, else (or when `fresh`: a revision was taken) the database's,
   * which the read model then takes too. Null: no such document, or deleted.
   */
  async function latest(id: string, fresh = false): Promise<DocumentState | null> {
    if (!id) return null;
    const known = readModel.get(id);
    if (known && !fresh) return { ...known, deleted: false };
    const state = await repository.state(id, known?.document);
    if (state) readModel.apply(id, state);
    else if (known) readModel.remove(id);
    return state && !state.deleted ? state : null;
  }

  /**
   * Inserts the document's next revision, `change(current)` (null: nothing to write), the caller holding its lock; when
   * another replica inserted that revision first, re-reads and tries again. Null: no such document (or deleted).
   */
  async function revise(
    caller: Caller,
    id: string,
    change: (current: VenueDocumentRecord) => Change | null,
  ): Promise<{ before: DocumentState; after: DocumentState } | null> {
    let fresh = false;
    for (let attempt = 0; attempt < REVISE_TRIES; attempt++) {
      const before = await latest(id, fresh);
      if (!before) return null;
      const wanted = change(before.document);
      if (!wanted) return { before, after: before };
      const result = await repository.revise(before, wanted, caller.userId);
      if (result.inserted) {
        const entry = entryOf(result.state);
        if (entry) readModel.upsert(entry);
        else readModel.remove(id);
        return { before, after: result.state };
      }
      fresh = true;
    }
    logger.warn({ documentId: id, tries: REVISE_TRIES }, 'other writers kept taking the next revision of a document');
    throw new GrpcError(GrpcStatus.ABORTED, MESSAGES.busy);
  }

  /**
   * Deletes a document: a tombstone revision (the read model drops it), then its objects (an object left by a failed
   * removal is invisible; a document without its file is not). Only the venue's when `venueId` is given. Callers hold its lock.
   */
  async function remove(caller: Caller, id: string, venueId?: string): Promise<boolean> {
    const outcome = await revise(caller, id, (current) => (venueId !== undefined && current.venueId !== venueId ? null : { delete: true }));
    if (!outcome?.after.deleted) return false;
    const document = outcome.before.document;
    const keys = documentKeys(document.venueId, document.id);
    await store
      .remove([keys.original, keys.thumb, keys.preview])
      .catch((error: unknown) => logger.warn({ err: error, documentId: document.id }, 'could not remove the objects of a deleted document'));
    const context = auditContextOf(caller);
    await events.document('deleted', document, context, { rev: outcome.after.rev, deleted: true });
    await audit.record({ action: 'delete', table: DOCUMENTS_TABLE, recordId: document.id, oldValues: document, newValues: null }, context);
    return true;
  }

  function checkBatch(documentIds: readonly string[], cardIds?: readonly string[]): void {
    if (documentIds.length === 0) throw invalid('documentIds', SELECT_PHOTOS);
    if (documentIds.length > MEDIA.maxBatch) throw invalid('documentIds', `At most ${MEDIA.maxBatch} photos at once`);
    if (cardIds && cardIds.length === 0) throw invalid('cardIds', SELECT_CARDS);
    if (cardIds && cardIds.length > MEDIA.maxTagCards) throw invalid('cardIds', `At most ${MEDIA.maxTagCards} cards at once`);
  }

  /** The venue's documents named (from memory, else the database); NOT_FOUND naming the first that is not one. */
  async function documentsOfVenue(venueId: string, documentIds: readonly string[]): Promise<VenueDocumentRecord[]> {
    const found: VenueDocumentRecord[] = [];
    const ids = distinct(documentIds);
    for (const [index, id] of ids.entries()) {
      const document = await find(id);
      if (!document || document.venueId !== venueId)
        throw new GrpcError(GrpcStatus.NOT_FOUND, MESSAGES.documentNotFound, [
          { field: `documentIds.${index}`, message: `${MESSAGES.documentNotFound}: ${id}` },
        ]);
      found.push(document);
    }
    return found;
  }

  /** Writes new tags on each document (a revision under its lock); the documents after. */
  async function retag(caller: Caller, venueId: string, documentIds: readonly string[], change: (tags: string[]) => string[]): Promise<VenueDocumentRecord[]> {
    const documents = await documentsOfVenue(venueId, documentIds);
    const tooMany = `A photo can have at most ${MEDIA.maxTagsPerPhoto} tags`;
    // Refused before anything is written (a photo's tags count toward its venue's list, which has one message's room).
    if (documents.some((document) => change(document.tagCardIds).length > Math.max(MEDIA.maxTagsPerPhoto, document.tagCardIds.length)))
      throw invalid('cardIds', tooMany);
    const after: VenueDocumentRecord[] = [];
    const changed: string[] = [];
    const context = auditContextOf(caller);
    for (const listed of documents) {
      const result = await withDocumentLock(listed.id, async () => {
        let elsewhere = false;
        const outcome = await revise(caller, listed.id, (current) => {
          if (current.venueId !== venueId) {
            elsewhere = true;
            return null;
          }
          const tags = change(current.tagCardIds);
          if (tags.length > Math.max(MEDIA.maxTagsPerPhoto, current.tagCardIds.length)) throw invalid('cardIds', tooMany);
          if (tags.length === current.tagCardIds.length && tags.every((tag, index) => tag === current.tagCardIds[index])) return null;
          return { changes: { tagCardIds: tags } };
        });
        if (!outcome || elsewhere) return null;
        const { before, after } = outcome;
        if (after === before) return before.document;
        const written = after.document;
        changed.push(written.id);
        await events.document('updated', written, context, { rev: after.rev, deleted: false });
        await audit.recordUpdate(
          {
            action: 'update',
            table: DOCUMENTS_TABLE,
            recordId: written.id,
            before: { tagCardIds: before.document.tagCardIds },
            after: { tagCardIds: written.tagCardIds },
          },
          context,
        );
        return written;
      });
      if (result) after.push(result);
    }
    if (changed.length > 0) await events.photoTagsChanged(venueId, changed, context);
    return after;
  }

  return {
    async getDocument(caller: Caller, id: string): Promise<VenueDocumentRecord> {
      const document = await find(id);
      if (!document) throw GrpcError.notFound(MESSAGES.documentNotFound);
      await venues.requireActive(caller, document.venueId);
      return document;
    },

    /**
     * Every document (of one venue, or of all), oldest upload first, in pages: the Drive sync worker's bootstrap, which
     * queues them in that order. The list is taken whole when the stream starts (references to the read model's
     * records), so a document added or removed while it is sent shifts nothing: one added later is queued by its own
     * upload event, one removed is found gone by the worker.
     */
    *documentIndex(venueId: string, pageSize: number): Generator<VenueDocumentRecord[]> {
      const group = venueId ? { group: venueId } : {};
      const newestFirst = readModel.query({ sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER, ...group }).items;
      for (let end = newestFirst.length; end > 0; end -= pageSize) {
        yield newestFirst
          .slice(Math.max(0, end - pageSize), end)
          .map((entry) => entry.document)
          .reverse();
      }
    },

    async listDocuments(caller: Caller, venueId: string, kind: DocumentKindName, eventId: string): Promise<VenueDocumentRecord[]> {
      await venues.requireActive(caller, venueId);
      return documentsOf(readModel, venueId, kind, eventId || undefined);
    },

    async updateDocument(caller: Caller, id: string, update: DocumentUpdate): Promise<VenueDocumentRecord> {
      const category = update.category ? uploadCategory(update.category) : undefined;
      if (category === null) throw invalid('category', MESSAGES.unknownCategory(update.category));
      if (!category && !update.eventId && !update.clearEvent) throw invalid('category', NOTHING_TO_CHANGE);
      return withDocumentLock(id, async () => {
        const current = await latest(id);
        if (!current) throw GrpcError.notFound(MESSAGES.documentNotFound);
        await venues.requireActive(caller, current.document.venueId);
        const changes: DocumentChanges = {};
        if (category) changes.category = category;
        if (update.clearEvent) changes.eventId = null;
        else if (update.eventId) {
          if (!(await links.isEventOfVenue(caller, current.document.venueId, update.eventId))) throw invalid('eventId', MESSAGES.eventNotFound);
          changes.eventId = update.eventId;
        }
        const outcome = await revise(caller, id, () => ({ changes }));
        if (!outcome) throw GrpcError.notFound(MESSAGES.documentNotFound);
        const [before, after] = [outcome.before.document, outcome.after.document];
        const context = auditContextOf(caller);
        await events.document('updated', after, context, { rev: outcome.after.rev, deleted: false });
        if (after.category !== before.category) await events.categoryChanged(after, before.category, context);
        await audit.recordUpdate(
          {
            action: 'update',
            table: DOCUMENTS_TABLE,
            recordId: id,
            before: { category: before.category, eventId: before.eventId },
            after: { category: after.category, eventId: after.eventId },
          },
          context,
        );
        return after;
      });
    },

    async deleteDocument(caller: Caller, id: string): Promise<void> {
      await withDocumentLock(id, async () => {
        const current = await latest(id);
        if (!current) throw GrpcError.notFound(MESSAGES.documentNotFound);
        await venues.requireActive(caller, current.document.venueId);
        if (!(await remove(caller, id))) throw GrpcError.notFound(MESSAGES.documentNotFound);
      });
    },

    /** Deletes the venue's photos among `documentIds` (other ids are skipped); how many were deleted. */
    async batchDeletePhotos(caller: Caller, venueId: string, documentIds: readonly string[]): Promise<number> {
      checkBatch(documentIds);
      await venues.requireActive(caller, venueId);
      let deleted = 0;
      for (const id of distinct(documentIds)) {
        const listed = await find(id);
        if (!listed || listed.venueId !== venueId || !isPhotoMimeType(listed.fileType)) continue;
        const removed = await withDocumentLock(id, () => remove(caller, id, venueId));
        if (removed) deleted += 1;
      }
      return deleted;
    },

    async tagPhotos(caller: Caller, venueId: string, documentIds: readonly string[], cardIds: readonly string[]): Promise<VenueDocumentRecord[]> {
      checkBatch(documentIds, cardIds);
      await venues.requireActive(caller, venueId);
      const cards = distinct(cardIds);
      for (const [index, cardId] of cards.entries()) {
        if (!(await links.isCardForVenue(caller, venueId, cardId)))
          throw GrpcError.invalidArgument(MESSAGES.cardNotFound, [{ field: `cardIds.${index}`, message: `${MESSAGES.cardNotFound}: ${cardId}` }]);
      }
      return retag(caller, venueId, documentIds, (tags) => [...tags, ...cards.filter((card) => !tags.includes(card))]);
    },

    async untagPhotos(caller: Caller, venueId: string, documentIds: readonly string[], cardIds: readonly string[]): Promise<VenueDocumentRecord[]> {
      checkBatch(documentIds, cardIds);
      await venues.requireActive(caller, venueId);
      const cards = new Set(cardIds);
      return retag(caller, venueId, documentIds, (tags) => tags.filter((tag) => !cards.has(tag)));
    },
  };
}

export type DocumentUseCases = ReturnType<typeof createDocumentUseCases>;
