import {
  deletedVenueToProto,
  duplicateCheckFromProto,
  duplicateCheckResultToProto,
  linksFromProto,
  listDeletedQueryFromProto,
  sortFromProto,
  venueInputFromProto,
  venueSummaryToProto,
  venueToProto,
} from '@venuebook/contracts/codecs/venues';
import { GrpcError } from '@venuebook/grpc';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { VenuesService } from '@venuebook/contracts/venues/v1';
import { requirePermission, requireWorkerCaller } from '@venuebook/service-kit';
import type { VenueUseCases } from '../use-cases/venues.ts';

/** The venue RPCs of VenuesService (contacts and events have their own handlers, merged in main.ts). */
type VenueRpc =
  | 'createVenue'
  | 'getVenue'
  | 'updateVenue'
  | 'deleteVenue'
  | 'restoreVenue'
  | 'listVenues'
  | 'checkDuplicates'
  | 'updateVenueLinks'
  | 'listDeletedVenues'
  | 'purgeVenue'
  | 'setVenueDriveFolder';

/** The Drive sync worker's name: the only caller of SetVenueDriveFolder. */
export const DRIVE_WORKER = 'drive';

/** The gRPC face of the venues service: decode the request, check the permission, run the use case, encode the reply. */
export function createVenuesHandlers(useCases: VenueUseCases): Pick<ServiceHandlers<typeof VenuesService>, VenueRpc> {
  return {
    async createVenue(request, call) {
      const caller = requirePermission(call, 'venue.create');
      return { venue: venueToProto(await useCases.createVenue(caller, venueInputFromProto(request.venue))) };
    },

    async getVenue(request, call) {
      requirePermission(call, 'venue.view');
      return { venue: venueToProto(await useCases.getVenue(request.id)) };
    },

    async updateVenue(request, call) {
      const caller = requirePermission(call, 'venue.edit');
      return { venue: venueToProto(await useCases.updateVenue(caller, request.id, venueInputFromProto(request.venue))) };
    },

    async deleteVenue(request, call) {
      const caller = requirePermission(call, 'venue.delete');
      return { venue: venueToProto(await useCases.deleteVenue(caller, request.id)) };
    },

    async restoreVenue(request, call) {
      const caller = requirePermission(call, 'venue.restore');
      return { venue: venueToProto(await useCases.restoreVenue(caller, request.id)) };
    },

    async listVenues(request, call) {
      requirePermission(call, 'venue.view');
      const sort = sortFromProto(request.sort);
      if (sort === null) throw GrpcError.invalidArgument('Invalid request', [{ field: 'sort', message: `Unknown sort: ${request.sort}` }]);
      const result = useCases.listVenues({ query: request.query, leagues: request.leagues, sort, page: request.page, pageSize: request.pageSize });
      return { venues: result.items.map(venueSummaryToProto), total: result.total, page: result.page, pageSize: result.pageSize };
    },

    async checkDuplicates(request, call) {
      requirePermission(call, 'venue.create');
      return duplicateCheckResultToProto(useCases.checkDuplicates(duplicateCheckFromProto(request)));
    },

    async updateVenueLinks(request, call) {
      const caller = requirePermission(call, 'venue.links.edit');
      return { venue: venueToProto(await useCases.updateVenueLinks(caller, request.id, linksFromProto(request.links))) };
    },

    async listDeletedVenues(request, call) {
      requirePermission(call, 'venue.view_deleted');
      const result = useCases.listDeletedVenues(listDeletedQueryFromProto(request));
      return { venues: result.items.map(deletedVenueToProto), total: result.total, page: result.page, pageSize: result.pageSize };
    },

    async purgeVenue(request, call) {
      const caller = requirePermission(call, 'venue.purge');
      await useCases.purgeVenue(caller, request.id);
      return {};
    },

    async setVenueDriveFolder(request, call) {
      const caller = requireWorkerCaller(call, DRIVE_WORKER);
      await useCases.setDriveFolder(caller, request.venueId, request.folderId);
      return {};
    },
  };
}
