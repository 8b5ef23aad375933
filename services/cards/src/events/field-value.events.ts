import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor } from '@venuebook/contracts/events';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { FieldVersionRecord } from '../domain/field-values.ts';

type EventContext = { actor?: Actor; requestId?: string };

/** The domain events of field values. None throws: a failed publish is logged. */
export interface FieldValueEvents {
  /**
   * venuebook.cards.venue_data.updated.v1, one per stored version: the venues service raises the venue's 'Updated'
   * time (its payload: venueId, updatedAt), the other cards replicas add the version it carries (`versionId`, `version`).
   */
  stored(record: FieldVersionRecord, context?: EventContext): Promise<void>;
}

/** `origin`: the field value read model's (its own events are then not read again). */
export function createFieldValueEvents(js: JetStreamClient, logger: Logger, options: { publishTimeoutMs?: number; origin?: string } = {}): FieldValueEvents {
  const events = createEventPublisher(js, logger, options);
  return {
    async stored(record, context = {}) {
      const { id, venueId, savedAt, ...version } = record;
      await events.publish(
        SUBJECTS.venueDataUpdated,
        { venueId, updatedAt: savedAt.toISOString(), versionId: id, version: { ...version, savedAt: savedAt.toISOString() } },
        context,
      );
    },
  };
}
