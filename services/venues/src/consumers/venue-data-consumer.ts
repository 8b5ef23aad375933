import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { consumeDurable } from '@venuebook/service-kit';
import type { Logger, NatsConnection, RunningDurableConsumer } from '@venuebook/service-kit';
import type { VenueUseCases } from '../use-cases/venues.ts';

/**
 * The 'Updated' sort of spec §5 ('the latest of the venue's update and its venue_data update'): a JetStream durable
 * consumer (VENUE_DATA_CONSUMER_NAME, shared by the replicas) of the cards service's venue_data.updated events raises
 * the venue's activityAt to the event's updatedAt when later. Events published while the service is down are taken
 * when it is back; a redelivery or an older time changes nothing. A time further ahead than MAX_CLOCK_SKEW_MS counts as
 * now plus that skew: a forged or broken event (9999-12-31) cannot pin a venue to the top of the sort for good.
 */
/** How far ahead of this service's clock a card-data time is believed (another machine's clock may run ahead). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export function startVenueDataConsumer(
  nc: NatsConnection,
  options: { durable: string; logger: Logger; useCases: Pick<VenueUseCases, 'recordVenueActivity'> },
): Promise<RunningDurableConsumer> {
  const { logger, useCases } = options;
  return consumeDurable(nc, { stream: STREAMS.cards, durable: options.durable, filterSubject: SUBJECTS.venueDataUpdated, logger }, async (event) => {
    const { venueId, updatedAt } = event.data;
    const raised = await useCases.recordVenueActivity(venueId, new Date(Math.min(Date.parse(updatedAt), Date.now() + MAX_CLOCK_SKEW_MS)));
    if (!raised) logger.debug({ eventId: event.id, venueId }, 'venue data update changes no venue activity');
  });
}
