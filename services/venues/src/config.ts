import { z } from 'zod';
import { serviceConfigSchema } from '@venuebook/service-kit';

/** The default budget (VENUE_CACHE_MAX_MB): about 26,000 venues of the demo venues' size (611 JSON characters, counted as 1,211 bytes). */
export const DEFAULT_VENUE_CACHE_MAX_MB = 32;

/** The venues service's environment: what every service reads, plus the point-read cache's budget. */
export const configSchema = serviceConfigSchema('venuebook_venues').extend({
  VENUE_CACHE_MAX_MB: z.coerce
    .number()
    .min(0)
    .max(4096)
    .default(DEFAULT_VENUE_CACHE_MAX_MB)
    .describe(
      'MiB (approximate) of whole venues the point read keeps in memory, least recently read out first; 0 turns it off (every read by `_id` from the database)',
    ),
  VENUE_DATA_CONSUMER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
    .default('venues-venue-data')
    .describe("the JetStream durable consumer, shared by the replicas, of the cards service's venue-data events (the 'Updated' sort)"),
});

export type VenuesConfig = z.output<typeof configSchema>;
