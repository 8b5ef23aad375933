// What a service whose records belong to venues (cards, media) does when the venues service deletes or purges a
// venue (venues stream events):
// - every replica forgets that the venue was active (a core subscription: venue.deleted and venue.purged), so a
//   deleted venue's records stop answering at once rather than after the venue check's cache time;
// - every replica drops a purged venue's records from its read models (same subscription);
// - one replica (a JetStream durable consumer shared by the replicas: nothing is missed while the service is down)
//   removes them from the database (and wherever else they live).
import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { consumeDurable } from './durable-consumer.ts';
import type { RunningDurableConsumer } from './durable-consumer.ts';
import { subscribeDomainEvents } from './event-subscription.ts';
import type { Logger } from './logger.ts';
import type { NatsConnection } from './nats.ts';

export interface VenueLifecycleOptions {
  durable: string;
  logger: Logger;
  /** The venue is no longer active: forget the cached venue check. */
  forget(venueId: string): void;
  /** Drop the purged venue's records from this replica's memory. */
  dropFromMemory(venueId: string): void;
  /** Remove the purged venue's documents (idempotent); answers how many were removed. */
  purge(venueId: string): Promise<number>;
}

export interface RunningVenueLifecycle {
  stop(): Promise<void>;
}

export async function startVenueLifecycle(nc: NatsConnection, options: VenueLifecycleOptions): Promise<RunningVenueLifecycle> {
  const { logger } = options;
  const deleted = subscribeDomainEvents(nc, SUBJECTS.venueDeleted, (event) => options.forget(event.data.venueId), { logger });
  const purged = subscribeDomainEvents(
    nc,
    SUBJECTS.venuePurged,
    (event) => {
      options.forget(event.data.venueId);
      options.dropFromMemory(event.data.venueId);
    },
    { logger },
  );
  const consumer: RunningDurableConsumer = await consumeDurable(
    nc,
    { stream: STREAMS.venues, durable: options.durable, filterSubject: SUBJECTS.venuePurged, logger },
    async (event) => {
      const { venueId } = event.data;
      options.dropFromMemory(venueId);
      const removed = await options.purge(venueId);
      logger.info({ eventId: event.id, venueId, removed }, 'removed the records of a purged venue');
    },
  );
  return {
    async stop() {
      deleted.unsubscribe();
      purged.unsubscribe();
      await consumer.stop();
    },
  };
}
