import { GrpcError } from '@venuebook/proto/grpc';
import { requirePermission } from '@venuebook/service-kit';
import type { ServiceHandlers } from '@venuebook/proto/grpc';
import type { VenuesService } from '@venuebook/proto/venues/v1';
import { isVenueId, validateListRequest, validateVenueInput } from '../domain/venue-rules.ts';
import type { VenueEvents } from '../events/venue.events.ts';
import type { VenueRepository } from '../repositories/venue.repository.ts';
import { sortFromProto, venueInputFromProto, venueToProto } from '@venuebook/proto/codecs/venues';

export const VENUE_NOT_FOUND = 'Venue not found';

export interface VenuesHandlerDeps {
  repository: VenueRepository;
  events: VenueEvents;
}

export function createVenuesHandlers({ repository, events }: VenuesHandlerDeps): ServiceHandlers<typeof VenuesService> {
  return {
    async createVenue(request, call) {
      const caller = requirePermission(call, 'venue.create');
      const input = validateVenueInput(venueInputFromProto(request.venue));
      if (!input.ok) throw GrpcError.invalidArgument('Invalid venue', input.fieldErrors);
      const venue = await repository.create(input.value, { createdBy: caller.userId });
      await events.venueCreated(venue, { actor: { userId: caller.userId, email: caller.email }, requestId: caller.requestId });
      return { venue: venueToProto(venue) };
    },

    async getVenue(request, call) {
      requirePermission(call, 'venue.view');
      if (!request.id) throw GrpcError.invalidArgument('Invalid request', [{ field: 'id', message: 'Venue id is required' }]);
      const venue = isVenueId(request.id) ? await repository.getById(request.id) : null;
      if (!venue) throw GrpcError.notFound(VENUE_NOT_FOUND);
      return { venue: venueToProto(venue) };
    },

    async listVenues(request, call) {
      requirePermission(call, 'venue.view');
      const sort = sortFromProto(request.sort);
      if (sort === null) throw GrpcError.invalidArgument('Invalid request', [{ field: 'sort', message: `Unknown sort: ${request.sort}` }]);
      const query = validateListRequest({
        query: request.query,
        leagues: request.leagues,
        sort,
        page: request.page,
        pageSize: request.pageSize,
      });
      if (!query.ok) throw GrpcError.invalidArgument('Invalid request', query.fieldErrors);
      const result = await repository.list(query.value);
      return { venues: result.items.map(venueToProto), total: result.total, page: result.page, pageSize: result.pageSize };
    },
  };
}
