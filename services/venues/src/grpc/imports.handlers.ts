import { contactInputFromProto } from '@venuebook/contracts/codecs/contacts';
import { importRowOutcomeToProto } from '@venuebook/contracts/codecs/imports';
import { sortFromProto, venueInputFromProto, venueToProto } from '@venuebook/contracts/codecs/venues';
import { GrpcError } from '@venuebook/grpc';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { VenuesService } from '@venuebook/contracts/venues/v1';
import { requirePermission } from '@venuebook/service-kit';
import type { ImportUseCases } from '../use-cases/imports.ts';

type ImportRpc = 'exportVenues' | 'importVenues' | 'importContacts';

/**
 * The CSV RPCs: export for anyone who may view venues (main.ts wraps it with hidingContactDetails),
 * import — preview and commit — for those who may create venues or contacts.
 */
export function createImportHandlers(useCases: ImportUseCases): Pick<ServiceHandlers<typeof VenuesService>, ImportRpc> {
  return {
    async exportVenues(request, call) {
      requirePermission(call, 'venue.view');
      const sort = sortFromProto(request.sort);
      if (sort === null) throw GrpcError.invalidArgument('Invalid request', [{ field: 'sort', message: `Unknown sort: ${request.sort}` }]);
      const result = await useCases.exportVenues({ query: request.query, leagues: request.leagues, sort, offset: request.offset, limit: request.limit });
      return { venues: result.venues.map(venueToProto), total: result.total, nextOffset: result.nextOffset };
    },

    async importVenues(request, call) {
      const caller = requirePermission(call, 'venue.create');
      const rowOf = (row: (typeof request.rows)[number]) => ({ row: row.row, input: venueInputFromProto(row.venue) });
      const results = await useCases.importVenues(caller, {
        rows: request.rows.map(rowOf),
        commit: request.commit,
        confirmedRows: request.confirmedRows,
        earlierRows: request.earlierRows.map(rowOf),
        signal: call.signal,
      });
      return { results: results.map(importRowOutcomeToProto) };
    },

    async importContacts(request, call) {
      const caller = requirePermission(call, 'contact.create');
      const rowOf = (row: (typeof request.rows)[number]) => ({ row: row.row, venue: row.venue, input: contactInputFromProto(row.contact) });
      const results = await useCases.importContacts(caller, {
        rows: request.rows.map(rowOf),
        commit: request.commit,
        confirmedRows: request.confirmedRows,
        earlierRows: request.earlierRows.map(rowOf),
      });
      return { results: results.map(importRowOutcomeToProto) };
    },
  };
}
