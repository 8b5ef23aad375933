import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor } from '@venuebook/contracts/events';
import type { VenueEvent } from '@venuebook/domain';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';

type EventContext = { actor?: Actor; requestId?: string };

/** The domain events (NATS) of venue events, the shows at a venue. None throws: a failed publish is logged. */
export interface VenueEventEvents {
  /** venuebook.venues.venue_event.created.v1 */
  created(event: VenueEvent, context?: EventContext): Promise<void>;
  /** venuebook.venues.venue_event.updated.v1 */
  updated(event: VenueEvent, context?: EventContext): Promise<void>;
  /** venuebook.venues.venue_event.deleted.v1 (hard delete) */
  deleted(event: VenueEvent, context?: EventContext): Promise<void>;
}

/** `origin`: the venue events read model's (its own events are then not read again). */
export function createVenueEventEvents(js: JetStreamClient, logger: Logger, options: { publishTimeoutMs?: number; origin?: string } = {}): VenueEventEvents {
  const events = createEventPublisher(js, logger, options);
  const payload = (event: VenueEvent) => ({ eventId: event.id, venueId: event.venueId, name: event.name });
  return {
    async created(event, context = {}) {
      await events.publish(SUBJECTS.venueEventCreated, payload(event), context);
    },
    async updated(event, context = {}) {
      await events.publish(SUBJECTS.venueEventUpdated, payload(event), context);
    },
    async deleted(event, context = {}) {
      await events.publish(SUBJECTS.venueEventDeleted, payload(event), context);
    },
  };
}
