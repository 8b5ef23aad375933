import { z } from 'zod';
import { venueInputSchema } from './venue.schema.ts';

/** The links editor's save (spec §5 'Links editor'): the venue's whole list of links. */
export const venueLinksInputSchema = z
  .object({
    links: venueInputSchema.shape.links,
  })
  .meta({
    id: 'VenueLinks',
    description:
      "A venue's links: rows missing display text or URL are dropped, 'https://' is added to a URL without http(s), then it must be an http(s) address ('Invalid URL: …')",
  });

export type VenueLinksInput = z.output<typeof venueLinksInputSchema>;
