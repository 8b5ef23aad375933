// Whether a venue exists and is active, asked of the venues service over gRPC (GetVenue): a service never reads
// another's database (ARCHITECTURE.md arrows). Used by every service whose records belong to venues (cards, media).
// Chosen over a copy of venue ids kept from the venues stream: that
// stream keeps 30 days, so a new replica could not learn older venues from it, and GetVenue answers from the
// venues service's memory (its point-read cache), without a database read. The call carries the caller's own signed
// context (every role may view venues).
//
// An active answer is remembered for VENUE_CHECK_CACHE_MS (a venue's card screen asks once per card list, value read
// and save: without the cache every one of them would be a second gRPC hop, the larger part of a value read's
// time), and forgotten at once when the venues stream says the venue was deleted or purged (`forget`, fed by
// main.ts's subscription). Those events reach a replica at most once (core NATS): a lost one leaves a deleted venue
// answering card reads for at most the cache time, never longer. Answers 'not found' are not remembered. Calls for
// one venue in flight at the same time share one GetVenue.
import { z } from 'zod';
import { SERVICES } from '@venuebook/contracts/services';
import type { Venue } from '@venuebook/contracts/venues/v1';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { grpcAddressListSchema } from '../config.ts';
import { createServiceClient } from './service-client.ts';
import type { ServiceClientSettings } from './service-client.ts';

/** The settings of a service that checks venues with the venues service (merge into its config schema). */
export const venueDirectoryConfigSchema = z.object({
  VENUES_GRPC_URL: grpcAddressListSchema
    .default(SERVICES.venues.defaultAddress)
    .describe('where the venues service answers (venue checks): `host:port`, or its replicas separated by commas'),
  VENUES_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(5000).describe('the deadline of a call to the venues service'),
  VENUE_CHECK_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(30_000)
    .describe(
      'how long a venue found active is believed without asking the venues service again (0: ask every time); a deleted or purged venue is forgotten at once from the venues stream',
    ),
  VENUE_CHECK_CACHE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(20_000).describe('the most venues remembered as active (the oldest go first)'),
});

export const VENUE_NOT_FOUND = 'Venue not found';

export interface VenueDirectory {
  /** Throws NOT_FOUND ('Venue not found') unless the venue exists and is not deleted. */
  requireActive(caller: Caller, venueId: string): Promise<void>;
  /** The active venue itself (always asked of the venues service); NOT_FOUND ('Venue not found') otherwise. */
  getActive(caller: Caller, venueId: string): Promise<Venue>;
  /** Forgets that a venue was active (it was deleted or purged): the next check asks the venues service. */
  forget(venueId: string): void;
  close(): void;
}

type DirectoryConfig = z.output<typeof venueDirectoryConfigSchema> & ServiceClientSettings;

export function createVenueDirectory(config: DirectoryConfig, clock: () => number = Date.now): VenueDirectory {
  const venues = createServiceClient('venues', config.VENUES_GRPC_URL, { ...config, deadlineMs: config.VENUES_DEADLINE_MS });
  /** Venue id → until when it counts as active (insertion order: the oldest entry is dropped first when full). */
  const active = new Map<string, number>();
  const inFlight = new Map<string, Promise<void>>();
  /** Counts `forget` calls: a check that was under way when a venue was forgotten does not remember its answer. */
  let forgets = 0;

  async function ask(caller: Caller, venueId: string): Promise<Venue> {
    if (!venueId) throw GrpcError.notFound(VENUE_NOT_FOUND);
    try {
      const { venue } = await venues.client.getVenue({ id: venueId }, venues.as(caller));
      if (!venue || venue.deletedAt) throw GrpcError.notFound(VENUE_NOT_FOUND);
      return venue;
    } catch (error) {
      if (error instanceof GrpcError && (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT))
        throw GrpcError.notFound(VENUE_NOT_FOUND);
      throw error;
    }
  }

  function remember(venueId: string, forgetsAtStart: number): void {
    if (config.VENUE_CHECK_CACHE_MS <= 0 || forgets !== forgetsAtStart) return;
    active.delete(venueId);
    if (active.size >= config.VENUE_CHECK_CACHE_SIZE) active.delete(active.keys().next().value!);
    active.set(venueId, clock() + config.VENUE_CHECK_CACHE_MS);
  }

  return {
    async requireActive(caller, venueId) {
      if (!venueId) throw GrpcError.notFound(VENUE_NOT_FOUND);
      const until = active.get(venueId);
      if (until !== undefined && until > clock()) return;
      const pending = inFlight.get(venueId);
      if (pending) return pending;
      const forgetsAtStart = forgets;
      const check = ask(caller, venueId)
        .then(() => remember(venueId, forgetsAtStart))
        .finally(() => inFlight.delete(venueId));
      inFlight.set(venueId, check);
      return check;
    },
    async getActive(caller, venueId) {
      const forgetsAtStart = forgets;
      const venue = await ask(caller, venueId);
      remember(venueId, forgetsAtStart);
      return venue;
    },
    forget(venueId) {
      forgets += 1;
      active.delete(venueId);
    },
    close: () => venues.close(),
  };
}
