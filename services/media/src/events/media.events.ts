import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor, DocumentRevision } from '@venuebook/contracts/events';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { VenueDocumentRecord } from '../repositories/document.repository.ts';

type EventContext = { actor?: Actor; requestId?: string };

export type DocumentEventKind = 'uploaded' | 'updated' | 'deleted';

const SUBJECT_OF = { uploaded: SUBJECTS.documentUploaded, updated: SUBJECTS.documentUpdated, deleted: SUBJECTS.documentDeleted } as const;

/** The media domain events (NATS, the media stream). None throws: a failed publish is logged. */
export interface MediaEvents {
  /**
   * venuebook.media.document.<kind>.v1 (the Drive-sync worker copies or removes the file; replicas apply `revision`
   * — the revision written, for updated and deleted — to the document they hold, or re-read it by id).
   */
  document(kind: DocumentEventKind, document: VenueDocumentRecord, context?: EventContext, revision?: Pick<DocumentRevision, 'rev' | 'deleted'>): Promise<void>;
  /** venuebook.media.document.category_changed.v1 (the Drive copy moves folder). */
  categoryChanged(document: VenueDocumentRecord, previousCategory: string, context?: EventContext): Promise<void>;
  /** venuebook.media.photo_tags.changed.v1 (each changed document also gets document.updated, which replicas follow). */
  photoTagsChanged(venueId: string, documentIds: string[], context?: EventContext): Promise<void>;
  /** venuebook.media.gallery.changed.v1 */
  galleryChanged(venueId: string, context?: EventContext): Promise<void>;
}

/** `origin`: the document read model's id (its own events are then not read again). */
export function createMediaEvents(js: JetStreamClient, logger: Logger, options: { origin?: string } = {}): MediaEvents {
  const publisher = createEventPublisher(js, logger, options.origin ? { origin: options.origin } : {});
  const payload = (document: VenueDocumentRecord) => ({
    documentId: document.id,
    venueId: document.venueId,
    fileName: document.fileName,
    category: document.category,
  });
  return {
    async document(kind, document, context = {}, revision) {
      const state = revision
        ? { revision: { ...revision, category: document.category, eventId: document.eventId ?? null, tagCardIds: [...document.tagCardIds] } }
        : {};
      await publisher.publish(SUBJECT_OF[kind], { ...payload(document), ...state }, context);
    },
    async categoryChanged(document, previousCategory, context = {}) {
      await publisher.publish(SUBJECTS.documentCategoryChanged, { ...payload(document), previousCategory }, context);
    },
    async photoTagsChanged(venueId, documentIds, context = {}) {
      await publisher.publish(SUBJECTS.photoTagsChanged, { venueId, documentIds }, context);
    },
    async galleryChanged(venueId, context = {}) {
      await publisher.publish(SUBJECTS.galleryChanged, { venueId }, context);
    },
  };
}
