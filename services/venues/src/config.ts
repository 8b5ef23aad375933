import { z } from 'zod';
import { serviceConfigSchema } from '@venuebook/service-kit';
import { DEFAULT_VENUE_CACHE_MAX_MB } from './read-model/venue-cache.ts';

/** The venues service's environment: what every service reads, plus the point-read cache's budget. */
export const configSchema = serviceConfigSchema('venuebook_venues').extend({
  /** Megabytes (approximate) of whole venues GetVenue keeps in memory, least recently read out first; 0 turns it off. */
  VENUE_CACHE_MAX_MB: z.coerce.number().min(0).max(4096).default(DEFAULT_VENUE_CACHE_MAX_MB),
});

export type VenuesConfig = z.output<typeof configSchema>;
