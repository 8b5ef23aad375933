import { z } from 'zod';
import { SERVICES } from '@venuebook/proto/services';
import { grpcAddressListSchema, serviceConfigSchema } from '@venuebook/service-kit';

/**
 * The cards service's environment: what every service reads, plus where the venues service answers (venue
 * existence is asked of it over gRPC: a service never reads another's database). The launcher passes it.
 */
export const configSchema = serviceConfigSchema('venuebook_cards').extend({
  VENUES_GRPC_URL: grpcAddressListSchema.default(SERVICES.venues.defaultAddress),
  /** Deadline of a GetVenue call to the venues service. */
  VENUES_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How long a venue found active is believed without asking again (0: ask every time); deleted or purged venues are forgotten at once from the venues stream. */
  VENUE_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** The JetStream durable consumer (shared by the replicas) that removes a purged venue's card data. */
  VENUE_PURGE_CONSUMER_NAME: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _').default('cards-venue-purge'),
  /** Most venues remembered as active (the oldest go first). */
  VENUE_CHECK_CACHE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
});

export type CardsConfig = z.output<typeof configSchema>;
