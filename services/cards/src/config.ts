import { z } from 'zod';
import { serviceConfigSchema, venueDirectoryConfigSchema } from '@venuebook/service-kit';

/**
 * The cards service's environment: what every service reads, plus where the venues service answers (venue
 * existence is asked of it over gRPC: a service never reads another's database). The launcher passes it.
 */
export const configSchema = serviceConfigSchema('venuebook_cards')
  .extend(venueDirectoryConfigSchema.shape)
  .extend({
    VENUE_PURGE_CONSUMER_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
      .default('cards-venue-purge')
      .describe("the JetStream durable consumer, shared by the replicas, that removes a purged venue's cards, orders, values and notes"),
  });

export type CardsConfig = z.output<typeof configSchema>;
