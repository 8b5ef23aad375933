import { z } from 'zod';
import { MAX_PATH_PARAM_LENGTH } from '../shared/limits.ts';
import { venueInputSchema } from './venue.schema.ts';

// The duplicate check of the add-venue flow (spec §3 'Duplicate-check result', §5 'Duplicate check').

export const duplicateCheckRequestSchema = z
  .object({
    name: venueInputSchema.shape.name,
    leagues: venueInputSchema.shape.leagues.describe('Leagues to compare within (any shared league); none means OTE, OT7, OTX and OT Select'),
    excludeId: z.string().max(MAX_PATH_PARAM_LENGTH).optional().describe('A venue left out of the comparison (the one being edited)'),
  })
  .meta({ id: 'DuplicateCheckRequest', description: 'The name (and leagues) of a venue about to be created or renamed' });

export type DuplicateCheckRequest = z.output<typeof duplicateCheckRequestSchema>;

export const similarVenueSchema = z
  .object({
    id: z.string().describe('Venue id (UUID)'),
    name: z.string(),
    reason: z.string().describe("Why it matched: 'Exact name match', 'Very similar name', 'Name contains \"…\"' or 'Name is contained in \"…\"'"),
    similarity: z.number().min(0).max(1).describe('0 to 1; 1 = the same normalised name (the dialog shows it as a rounded percentage)'),
  })
  .meta({ id: 'SimilarVenue', description: 'An active venue whose name matches' });

export type SimilarVenue = z.infer<typeof similarVenueSchema>;

export const duplicateCheckResultSchema = z
  .object({
    duplicateFound: z.boolean().describe('Some venue matched'),
    exactMatch: z.boolean().describe("Some venue has the same normalised name ('Create Anyway' is blocked)"),
    similarVenues: z.array(similarVenueSchema).describe('Best first, at most 10'),
  })
  .meta({ id: 'DuplicateCheckResult', description: 'Active venues sharing a league whose names equal or resemble the name checked' });

export type DuplicateCheckResult = z.infer<typeof duplicateCheckResultSchema>;
