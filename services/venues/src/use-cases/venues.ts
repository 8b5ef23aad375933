import { GrpcError } from '@venuebook/proto/grpc';
import type { Caller } from '@venuebook/proto/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder } from '@venuebook/service-kit';
import { isVenueId, validateListRequest, validateVenueInput } from '../domain/venue-rules.ts';
import type { RawListRequest } from '../domain/venue-rules.ts';
import type { VenueListResult, VenueRecord } from '../domain/venue.ts';
import type { VenueEvents } from '../events/venue.events.ts';
import { listFromReadModel, venueListEntry } from '../read-model/venue-read-model.ts';
import type { VenueReadModel } from '../read-model/venue-read-model.ts';
import type { VenueRepository } from '../repositories/venue.repository.ts';

export const VENUE_NOT_FOUND = 'Venue not found';

export interface VenueDeps {
  repository: VenueRepository;
  events: VenueEvents;
  /** The audit log (the kit's recorder): every mutation records itself after it is stored. */
  audit: AuditRecorder;
  /** The in-memory list of venues (lists and search); each write here updates it at once. */
  readModel: VenueReadModel;
}

/** The use cases of the venues service. The gRPC handlers have checked the caller's permission. */
export function createVenueUseCases({ repository, events, audit, readModel }: VenueDeps) {
  return {
    /** Validates and normalises the input (spec §5), stores the venue and publishes venue.created. */
    async createVenue(caller: Caller, input: unknown): Promise<VenueRecord> {
      const validated = validateVenueInput(input);
      if (!validated.ok) throw GrpcError.invalidArgument('Invalid venue', validated.fieldErrors);
      const venue = await repository.create(validated.value, { createdBy: caller.userId });
      readModel.upsert(venueListEntry(venue));
      await events.venueCreated(venue, { actor: { userId: caller.userId, email: caller.email }, requestId: caller.requestId });
      await audit.record({ action: 'create', table: 'venues', recordId: venue.id, newValues: venue }, auditContextOf(caller));
      return venue;
    },

    /** An active venue; NOT_FOUND for an unknown, malformed or deleted id. */
    async getVenue(id: string): Promise<VenueRecord> {
      if (!id) throw GrpcError.invalidArgument('Invalid request', [{ field: 'id', message: 'Venue id is required' }]);
      const venue = isVenueId(id) ? await repository.getById(id) : null;
      if (!venue) throw GrpcError.notFound(VENUE_NOT_FOUND);
      return venue;
    },

    /** One page of active venues from the read model: search, league filter, sort (defaults applied). */
    listVenues(request: RawListRequest): VenueListResult {
      const query = validateListRequest(request);
      if (!query.ok) throw GrpcError.invalidArgument('Invalid request', query.fieldErrors);
      return listFromReadModel(readModel, query.value);
    },
  };
}

export type VenueUseCases = ReturnType<typeof createVenueUseCases>;
