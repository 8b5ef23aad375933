import { SUBJECTS } from '@venuebook/proto/events';
import type { Actor } from '@venuebook/proto/events';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { VenueRecord } from '../domain/venue.ts';

export interface VenueEvents {
  /** Publishes venuebook.venues.venue.created.v1. Never throws: a failed publish is logged. */
  venueCreated(venue: VenueRecord, context?: { actor?: Actor; requestId?: string }): Promise<void>;
}

export function createVenueEvents(js: JetStreamClient, logger: Logger, options: { publishTimeoutMs?: number } = {}): VenueEvents {
  const events = createEventPublisher(js, logger, options);
  return {
    async venueCreated(venue, context = {}) {
      await events.publish(SUBJECTS.venueCreated, { venueId: venue.id, name: venue.name, leagues: venue.leagues }, context);
    },
  };
}
