import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/limits.ts';
import { pageResultSchema, pagingQueryShape } from '../shared/paging.ts';
import { listVenuesQuerySchema, venueSummarySchema } from './venue.schema.ts';

// The deleted-venues list (spec §2 'Deleted Venues', §7: newest deleted first).

export const deletedVenueSchema = venueSummarySchema
  .extend({ deletedAt: z.iso.datetime({ offset: true }).describe('Soft-delete time (ISO 8601)') })
  .meta({ id: 'DeletedVenue', description: 'A soft-deleted venue as the deleted-venues list shows it' });

export type DeletedVenue = z.infer<typeof deletedVenueSchema>;

export const listDeletedVenuesQuerySchema = z
  .object({
    q: listVenuesQuerySchema.shape.q,
    ...pagingQueryShape({ max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE, what: 'Deleted venues' }),
  })
  .describe('Deleted-venue list query string');

export type ListDeletedVenuesQuery = z.output<typeof listDeletedVenuesQuerySchema>;

export const listDeletedVenuesResultSchema = pageResultSchema(deletedVenueSchema, 'Number of matching deleted venues').meta({
  id: 'ListDeletedVenuesResult',
  description: 'One page of deleted venues, newest deleted first',
});

export type ListDeletedVenuesResult = z.infer<typeof listDeletedVenuesResultSchema>;
