// What a document may point at beyond its venue, asked of the services that own them over gRPC with the caller's
// own signed context (like the kit's venue directory): an event of the venue (venues service, ListVenueEvents) and
// a data card of the venue or a master template (cards service, GetCard).
import { CardsService } from '@venuebook/proto/cards/v1';
import { MAX_EVENTS_PAGE_SIZE } from '@venuebook/proto/domain';
import { createClient, GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { Caller } from '@venuebook/proto/grpc';
import { VenuesService } from '@venuebook/proto/venues/v1';
import { grpcClientCredentials, userContextSigner } from '@venuebook/service-kit';
import type { MediaConfig } from '../config.ts';

export interface VenueLinks {
  /** Whether `eventId` is an event of the venue. */
  isEventOfVenue(caller: Caller, venueId: string, eventId: string): Promise<boolean>;
  /** Whether `cardId` is an active card of the venue or an active master template. */
  isCardForVenue(caller: Caller, venueId: string, cardId: string): Promise<boolean>;
  close(): void;
}

type LinksConfig = Pick<
  MediaConfig,
  'VENUES_GRPC_URL' | 'CARDS_GRPC_URL' | 'VENUES_DEADLINE_MS' | 'USER_CONTEXT_KEY' | 'GRPC_TLS_CA' | 'GRPC_TLS_CERT' | 'GRPC_TLS_KEY'
>;

const notFound = (error: unknown): boolean => error instanceof GrpcError && (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT);

export function createVenueLinks(config: LinksConfig): VenueLinks {
  const credentials = config.GRPC_TLS_CA ? grpcClientCredentials(config) : undefined;
  const options = { deadlineMs: config.VENUES_DEADLINE_MS, ...(credentials ? { credentials } : {}) };
  const venues = createClient(VenuesService, config.VENUES_GRPC_URL, options);
  const cards = createClient(CardsService, config.CARDS_GRPC_URL, options);
  return {
    async isEventOfVenue(caller, venueId, eventId) {
      const metadata = userContextSigner(caller, config.USER_CONTEXT_KEY);
      try {
        for (let page = 1; ; page++) {
          const answer = await venues.listVenueEvents({ venueId, page, pageSize: MAX_EVENTS_PAGE_SIZE }, { metadata });
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
        const { card } = await cards.getCard({ id: cardId }, { metadata: userContextSigner(caller, config.USER_CONTEXT_KEY) });
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
