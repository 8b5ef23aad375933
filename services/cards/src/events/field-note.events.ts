import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor } from '@venuebook/contracts/events';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { FieldNoteRecord } from '../repositories/field-note.repository.ts';

type EventContext = { actor?: Actor; requestId?: string };

/** The domain events of field notes. None throws: a failed publish is logged. */
export interface FieldNoteEvents {
  /** field_note.stored, one per inserted document (the other replicas add it as it is). */
  stored(record: FieldNoteRecord, context?: EventContext): Promise<void>;
  /** field_note.stored with `purged`: Clean Field Notes removed the document. */
  purged(venueId: string, noteId: string, context?: EventContext): Promise<void>;
  /** venue_data.updated after a save (the venues service raises the venue's 'Updated' time; no versionId: not a value). */
  venueDataUpdated(venueId: string, at: Date, context?: EventContext): Promise<void>;
}

/** `origin`: the field note read model's (its own events are then not read again). */
export function createFieldNoteEvents(js: JetStreamClient, logger: Logger, options: { publishTimeoutMs?: number; origin?: string } = {}): FieldNoteEvents {
  const events = createEventPublisher(js, logger, options);
  return {
    async stored(record, context = {}) {
      const { id, venueId, createdAt, ...note } = record;
      await events.publish(SUBJECTS.fieldNoteStored, { venueId, noteId: id, note: { ...note, createdAt: createdAt.toISOString() } }, context);
    },
    async purged(venueId, noteId, context = {}) {
      await events.publish(SUBJECTS.fieldNoteStored, { venueId, noteId, purged: true }, context);
    },
    async venueDataUpdated(venueId, at, context = {}) {
      await events.publish(SUBJECTS.venueDataUpdated, { venueId, updatedAt: at.toISOString() }, context);
    },
  };
}
