// The documents' read model (the kit's ReadModel): every document of every venue, grouped by venue, newest upload
// first (then id), so a venue's documents, photos and files come from memory (the database answers only by `_id`).
// A document's state is its upload (venue_documents) with its newest revision applied (venue_document_revisions,
// insert-only: repositories/document.model.ts); a tombstoned document is left out. Loaded by one scan of each
// collection (the revisions grouped in memory by document, the newest kept), kept current by this instance's writes
// and the media stream's document events: another replica's change is re-read as the document's revisions
// ({ documentId }, a scan of the revisions only) applied to the upload this instance holds (read by `_id` when it
// does not hold it, e.g. a new upload). A re-read older than what this instance already holds (its own write landed
// in between) is not applied, nor one of a document this instance dropped meanwhile. Photo tags live on the document, so a tag change is one record's change.
import { parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/proto/events';
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

function documentIdOf(subject: string, payload: unknown): string | null {
  if (!DOCUMENT_SUBJECTS.includes(subject)) return null;
  return parseEnvelope(subject as typeof SUBJECTS.documentUploaded, payload).data.documentId;
}

export type DocumentReadModel = ReadModel<DocumentState, DocumentEntry, 'newest'>;

/** The entry of a document's state (null: deleted). */
export const entryOf = (state: DocumentState): DocumentEntry | null => (state.deleted ? null : { id: state.id, rev: state.rev, document: state.document });

export function createDocumentReadModel(repository: DocumentRepository, options: { logger: Logger; nc?: NatsConnection }): DocumentReadModel {
  const readModel: DocumentReadModel = new ReadModel<DocumentState, DocumentEntry, 'newest'>({
    name: 'documents',
    logger: options.logger,
    source: {
      scan: () => repository.scan(),
      byId: async (id) => {
        const known = readModel.get(id);
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
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.media.name, recordIdOf: documentIdOf } } : {}),
  });
  return readModel;
}

/** A venue's documents of `kind` (optionally linked to `eventId`), newest first. */
export function documentsOf(readModel: DocumentReadModel, venueId: string, kind: DocumentKindName, eventId?: string): VenueDocumentRecord[] {
  return readModel
    .query({ group: venueId, sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER, filter: (entry) => matchesKind(entry.document.fileType, kind) && (!eventId || entry.document.eventId === eventId) })
    .items.map((entry) => entry.document);
}
