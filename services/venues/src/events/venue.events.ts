import { createEnvelope, SUBJECTS } from '@venuebook/proto/events';
import type { Actor } from '@venuebook/proto/events';
import { publishEvent } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { VenueRecord } from '../domain/venue.ts';

export interface VenueEvents {
  /** Publishes venuebook.venues.venue.created.v1. Never throws: a failed publish is logged. */
  venueCreated(venue: VenueRecord, context?: { actor?: Actor; requestId?: string }): Promise<void>;
}

export interface VenueEventsOptions {
  /**
   * How long a create waits for the stream's acknowledgement. Kept well below the callers' gRPC deadline, so
   * that an unreachable NATS delays a create a little but never fails it.
   */
  publishTimeoutMs?: number;
}

export function createVenueEvents(js: JetStreamClient, logger: Logger, options: VenueEventsOptions = {}): VenueEvents {
  const timeoutMs = options.publishTimeoutMs ?? 1500;
  return {
    async venueCreated(venue, context = {}) {
      const subject = SUBJECTS.venueCreated;
      try {
        const envelope = createEnvelope(
          subject,
          { venueId: venue.id, name: venue.name, leagues: venue.leagues },
          context.actor ? { actor: context.actor } : {},
        );
        const ack = await publishEvent(js, subject, envelope, { timeoutMs });
        logger.debug({ subject, eventId: envelope.id, seq: ack.seq, venueId: venue.id }, 'event published');
      } catch (error) {
        logger.error({ err: error, subject, venueId: venue.id, requestId: context.requestId }, 'failed to publish event');
      }
    },
  };
}
