// What a record of a venue (a document) may point at beyond its venue, asked of the services that own them over gRPC
// with the caller's own signed context (like the venue directory): an event of the venue (venues service,
// ListVenueEvents) and a data card of the venue or a master template (cards service, GetCard).
import { z } from 'zod';
import { MAX_EVENTS_PAGE_SIZE } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { SERVICES } from '@venuebook/contracts/services';
import { grpcAddressListSchema } from '../config.ts';
import { createServiceClient } from './service-client.ts';
import type { ServiceClientSettings } from './service-client.ts';
import type { venueDirectoryConfigSchema } from './venue-directory.ts';

/** The settings of a service that checks links to cards with the cards service (merge into its config schema). */
export const cardsClientConfigSchema = z.object({
  CARDS_GRPC_URL: grpcAddressListSchema
    .default(SERVICES.cards.defaultAddress)
    .describe('where the cards service answers (photo tags): `host:port`, or its replicas separated by commas'),
});

export interface VenueLinks {
  /** Whether `eventId` is an event of the venue. */
  isEventOfVenue(caller: Caller, venueId: string, eventId: string): Promise<boolean>;
  /** Whether `cardId` is an active card of the venue or an active master template. */
  isCardForVenue(caller: Caller, venueId: string, cardId: string): Promise<boolean>;
  close(): void;
}

type LinksConfig = Pick<z.output<typeof venueDirectoryConfigSchema>, 'VENUES_GRPC_URL' | 'VENUES_DEADLINE_MS'> &
  z.output<typeof cardsClientConfigSchema> &
  ServiceClientSettings;

const notFound = (error: unknown): boolean => error instanceof GrpcError && (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT);

export function createVenueLinks(config: LinksConfig): VenueLinks {
  const settings = { ...config, deadlineMs: config.VENUES_DEADLINE_MS };
  const venues = createServiceClient('venues', config.VENUES_GRPC_URL, settings);
  const cards = createServiceClient('cards', config.CARDS_GRPC_URL, settings);
  return {
    async isEventOfVenue(caller, venueId, eventId) {
      try {
        for (let page = 1; ; page++) {
          const answer = await venues.client.listVenueEvents({ venueId, page, pageSize: MAX_EVENTS_PAGE_SIZE }, venues.as(caller));
          if (answer.events.some((event) => event.id === eventId)) return true;
          if (answer.events.length === 0 || page * answer.pageSize >= answer.total) return false;
        }
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async isCardForVenue(caller, venueId, cardId) {
      try {
        const { card } = await cards.client.getCard({ id: cardId }, cards.as(caller));
        return !!card && !card.deletedAt && (card.isTemplate || card.venueId === venueId);
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    close() {
      venues.close();
      cards.close();
    },
  };
}
