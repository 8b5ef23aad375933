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
});

export type CardsConfig = z.output<typeof configSchema>;
