import { eventSortFromProto, venueEventInputFromProto, venueEventListItemToProto, venueEventToProto } from '@venuebook/contracts/codecs/venue-events';
import { GrpcError } from '@venuebook/grpc';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { VenuesService } from '@venuebook/contracts/venues/v1';
import { requirePermission } from '@venuebook/service-kit';
import type { VenueEventUseCases } from '../use-cases/venue-events.ts';

type VenueEventHandlers = Pick<ServiceHandlers<typeof VenuesService>, 'listVenueEvents' | 'listEvents' | 'createEvent' | 'updateEvent' | 'deleteEvent'>;

/** The gRPC face of venue events: decode, check the permission, run the use case, encode. */
export function createVenueEventHandlers(useCases: VenueEventUseCases): VenueEventHandlers {
  return {
    async listVenueEvents(request, call) {
      requirePermission(call, 'venue.view');
      const result = await useCases.listVenueEvents(request.venueId, { page: request.page, pageSize: request.pageSize });
      return { events: result.items.map(venueEventToProto), total: result.total, page: result.page, pageSize: result.pageSize };
    },

    async listEvents(request, call) {
      requirePermission(call, 'venue.view');
      const sort = eventSortFromProto(request.sort);
      if (sort === null) throw GrpcError.invalidArgument('Invalid request', [{ field: 'sort', message: `Unknown sort: ${request.sort}` }]);
      const result = useCases.listEvents({
        query: request.query,
        leagues: request.leagues,
        sort,
        from: request.from,
        to: request.to,
        page: request.page,
        pageSize: request.pageSize,
      });
      return { items: result.items.map(venueEventListItemToProto), total: result.total, page: result.page, pageSize: result.pageSize };
    },

    async createEvent(request, call) {
      const caller = requirePermission(call, 'event.create');
      return { event: venueEventToProto(await useCases.createEvent(caller, request.venueId, venueEventInputFromProto(request.event))) };
    },

    async updateEvent(request, call) {
      const caller = requirePermission(call, 'event.edit');
      return { event: venueEventToProto(await useCases.updateEvent(caller, request.id, venueEventInputFromProto(request.event))) };
    },

    async deleteEvent(request, call) {
      const caller = requirePermission(call, 'event.delete');
      return { event: venueEventToProto(await useCases.deleteEvent(caller, request.id)) };
    },
  };
}
