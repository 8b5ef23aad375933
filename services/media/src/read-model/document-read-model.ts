// The documents' read model (the kit's ReadModel): every document of every venue, grouped by venue, newest upload
// first (then id), so a venue's documents, photos and files come from memory (the database answers only by `_id`).
// Kept current by this instance's writes and the media stream's document events (re-read by `_id`). Photo tags
// live on the document, so a tag change is one record's change.
import { parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/proto/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import { matchesKind } from '../domain/documents.ts';
import type { DocumentKindName } from '../domain/documents.ts';
import type { DocumentDocument, DocumentModel } from '../repositories/document.model.ts';
import { toDocumentRecord } from '../repositories/document.repository.ts';
import type { VenueDocumentRecord } from '../repositories/document.repository.ts';

export interface DocumentEntry {
  id: string;
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

export type DocumentReadModel = ReadModel<DocumentDocument, DocumentEntry, 'newest'>;

export function createDocumentReadModel(model: DocumentModel, options: { logger: Logger; nc?: NatsConnection }): DocumentReadModel {
  return new ReadModel<DocumentDocument, DocumentEntry, 'newest'>({
    name: 'documents',
    logger: options.logger,
    source: {
      scan: () => model.find({}).lean<DocumentDocument[]>().cursor({ batchSize: 1000 }),
      byId: (id) => model.findById(id).lean<DocumentDocument>().exec(),
    },
    toRecord: (doc) => ({ id: doc._id, document: toDocumentRecord(doc) }),
    searchText: (entry) => entry.document.fileName,
    tagValues: [],
    tagsOf: () => [],
    groupOf: (entry) => entry.document.venueId,
    sorts: DOCUMENT_SORTS,
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.media.name, recordIdOf: documentIdOf } } : {}),
  });
}

/** A venue's documents of `kind` (optionally linked to `eventId`), newest first. */
export function documentsOf(readModel: DocumentReadModel, venueId: string, kind: DocumentKindName, eventId?: string): VenueDocumentRecord[] {
  return readModel
    .query({ group: venueId, sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER, filter: (entry) => matchesKind(entry.document.fileType, kind) && (!eventId || entry.document.eventId === eventId) })
    .items.map((entry) => entry.document);
}
