// Whether a venue exists and is active, asked of the venues service over gRPC (GetVenue): a service never reads
// another's database (ARCHITECTURE.md arrows). Chosen over a copy of venue ids kept from the venues stream: that
// stream keeps 30 days, so a new cards replica could not learn older venues from it, and GetVenue answers from the
// venues service's memory (its point-read cache) in about a millisecond. The call carries the caller's own signed
// context (every role may view venues).
import { VenuesService } from '@venuebook/proto/venues/v1';
import { createClient, GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { Caller } from '@venuebook/proto/grpc';
import { grpcClientCredentials, userContextSigner } from '@venuebook/service-kit';
import type { CardsConfig } from '../config.ts';

export const VENUE_NOT_FOUND = 'Venue not found';

export interface VenueDirectory {
  /** Throws NOT_FOUND ('Venue not found') unless the venue exists and is not deleted. */
  requireActive(caller: Caller, venueId: string): Promise<void>;
  close(): void;
}

export function createVenueDirectory(config: Pick<CardsConfig, 'VENUES_GRPC_URL' | 'VENUES_DEADLINE_MS' | 'USER_CONTEXT_KEY' | 'GRPC_TLS_CA' | 'GRPC_TLS_CERT' | 'GRPC_TLS_KEY'>): VenueDirectory {
  // TLS to venues when this service's deployment sets a CA (mutual TLS: its own certificate as the client's too).
  const credentials = config.GRPC_TLS_CA ? grpcClientCredentials(config) : undefined;
  const venues = createClient(VenuesService, config.VENUES_GRPC_URL, { deadlineMs: config.VENUES_DEADLINE_MS, ...(credentials ? { credentials } : {}) });
  return {
    async requireActive(caller, venueId) {
      if (!venueId) throw GrpcError.notFound(VENUE_NOT_FOUND);
      try {
        const { venue } = await venues.getVenue({ id: venueId }, { metadata: userContextSigner(caller, config.USER_CONTEXT_KEY) });
        if (!venue || venue.deletedAt) throw GrpcError.notFound(VENUE_NOT_FOUND);
      } catch (error) {
        if (error instanceof GrpcError && (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT)) throw GrpcError.notFound(VENUE_NOT_FOUND);
        throw error;
      }
    },
    close: () => venues.close(),
  };
}
