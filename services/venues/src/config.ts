import type { z } from 'zod';
import { serviceConfigSchema } from '@venuebook/service-kit';

/** The venues service's environment: what every service reads (it has no settings of its own yet). */
export const configSchema = serviceConfigSchema('venuebook_venues');

export type VenuesConfig = z.output<typeof configSchema>;
