// The documents' read model (the kit's ReadModel): every document of every venue, grouped by venue, newest upload
// first (then id), so a venue's documents, photos and files come from memory (the database answers only by `_id`).
// A document's state is its upload (venue_documents) with its newest revision applied (venue_document_revisions,
// insert-only: repositories/document.model.ts); a tombstoned document is left out. Loaded by one scan of each
// collection (the revisions grouped in memory by document, the newest kept), kept current by this instance's writes
// and the media stream's document events: another replica's change carries the revision it wrote (the whole mutable
// state), applied as it is to the document this instance holds — a revision is never changed, so the event holds what
// a re-read would find, and re-reading the document's revisions ({ documentId }) scans the whole revisions collection
// on FerretDB v1, once per photo of a batch. An event without a revision (an upload, an older publisher), or about a
// document this instance does not hold, is re-read (the upload by `_id`, its revisions). A revision or re-read older
// than what this instance already holds (its own write landed in between) is not applied, nor one of a document this
// instance dropped meanwhile. Photo tags live on the document, so a tag change is one record's change.
import { parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import type { DocumentRevision } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import { matchesKind } from '../domain/documents.ts';
import type { DocumentKindName } from '../domain/documents.ts';
import type { DocumentRepository, DocumentState, VenueDocumentRecord } from '../repositories/document.repository.ts';

export interface DocumentEntry {
  id: string;
  /** The newest revision applied (0: as uploaded); the next change inserts rev + 1. */
  rev: number;
  document: VenueDocumentRecord;
}

const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

export const DOCUMENT_SORTS = {
  newest: (a: DocumentEntry, b: DocumentEntry) => descending(a.document.uploadedAt, b.document.uploadedAt) || descending(a.id, b.id),
};

const DOCUMENT_SUBJECTS: readonly string[] = [SUBJECTS.documentUploaded, SUBJECTS.documentUpdated, SUBJECTS.documentDeleted];

/** Most revisions carried by events kept until the read model asks for them (an own event skipped leaves one here). */
const CARRIED_MAX = 1000;

/** Which document an event names (null: not a document event); the revision it carries is kept in `carried` for the re-read (source.byId) that follows at once. */
function documentIdOf(subject: string, payload: unknown, carried: Map<string, DocumentRevision>): string | null {
  if (!DOCUMENT_SUBJECTS.includes(subject)) return null;
  const { documentId, revision } = parseEnvelope(subject as typeof SUBJECTS.documentUpdated, payload).data;
  if (revision) {
    carried.delete(documentId);
    carried.set(documentId, revision);
    if (carried.size > CARRIED_MAX) carried.delete(carried.keys().next().value!);
  }
  return documentId;
}

/** `held` with `revision` applied (as DocumentRepository.state would answer), or `held` itself when it is as new already. */
function applyCarried(held: DocumentEntry, revision: DocumentRevision): DocumentState {
  if (revision.rev <= held.rev) return { ...held, deleted: false };
  return {
    id: held.id,
    rev: revision.rev,
    deleted: revision.deleted,
    document: { ...held.document, category: revision.category, eventId: revision.eventId, tagCardIds: [...revision.tagCardIds] },
  };
}

export type DocumentReadModel = ReadModel<DocumentState, DocumentEntry, 'newest'>;

/** The entry of a document's state (null: deleted). */
export const entryOf = (state: DocumentState): DocumentEntry | null => (state.deleted ? null : { id: state.id, rev: state.rev, document: state.document });

export function createDocumentReadModel(repository: DocumentRepository, options: { logger: Logger; nc?: NatsConnection }): DocumentReadModel {
  /** Revisions carried by events, until the read model asks for them (at most CARRIED_MAX). */
  const carried = new Map<string, DocumentRevision>();
  const readModel: DocumentReadModel = new ReadModel<DocumentState, DocumentEntry, 'newest'>({
    name: 'documents',
    logger: options.logger,
    source: {
      scan: () => repository.scan(),
      byId: async (id) => {
        const revision = carried.get(id);
        carried.delete(id);
        const known = readModel.get(id);
        if (revision && known) return applyCarried(known, revision);
        const state = await repository.state(id, known?.document);
        const held = readModel.get(id);
        // While the re-read ran, this instance deleted the document (or its venue was purged): it stays gone; or it
        // wrote a newer revision: that stays.
        if (known && !held) return null;
        if (held && state && state.rev < held.rev) return { ...held, deleted: false };
        return state;
      },
    },
    toRecord: entryOf,
    searchText: (entry) => entry.document.fileName,
    tagValues: [],
    tagsOf: () => [],
    groupOf: (entry) => entry.document.venueId,
    sorts: DOCUMENT_SORTS,
    ...(options.nc
      ? { events: { nc: options.nc, stream: STREAMS.media.name, recordIdOf: (subject, payload) => documentIdOf(subject, payload, carried) } }
      : {}),
  });
  return readModel;
}

/** A venue's documents of `kind` (optionally linked to `eventId`), newest first. */
export function documentsOf(readModel: DocumentReadModel, venueId: string, kind: DocumentKindName, eventId?: string): VenueDocumentRecord[] {
  return readModel
    .query({
      group: venueId,
      sort: 'newest',
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
      filter: (entry) => matchesKind(entry.document.fileType, kind) && (!eventId || entry.document.eventId === eventId),
    })
    .items.map((entry) => entry.document);
}
