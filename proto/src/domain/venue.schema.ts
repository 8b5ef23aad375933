import { z } from 'zod';
import { LEAGUE_VALUES, LEAGUES, leagueSchema, parseLeague } from './leagues.ts';
import { nameListPattern, OPTIONAL_EMAIL_INPUT_PATTERN } from './input-patterns.ts';
import type { League } from './leagues.ts';
import {
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_SIZE,
  DEFAULT_VENUE_SORT,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  PHONE_MAX_DIGITS,
  VENUE_FIELD_MAX,
  VENUE_SORTS,
} from './limits.ts';
import { pageQuerySchema, pageSizeQuerySchema } from './paging.ts';
import { venueTypeSchema } from './venue-types.ts';
import { isHttpUrl, normalizeLinkUrl, normalizeWebsite } from './venue-display.ts';

// ---- Helpers --------------------------------------------------------------------

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** Optional single-line string: trimmed, default ''. */
const optionalLine = (max: number, description: string) =>
  z.string().trim().max(max).default('').describe(description);

/** Optional multi-line text: kept as typed (leading indentation matters), default ''. */
const optionalText = (max: number, description: string) => z.string().max(max).default('').describe(description);

const isoTimestamp = (description: string) => z.iso.datetime({ offset: true }).describe(description);

// ---- Links ----------------------------------------------------------------------

/** A venue link as stored and returned. */
export const linkSchema = z
  .object({
    displayText: z.string().describe('Button text'),
    url: z.string().describe('Absolute http(s) URL'),
  })
  .meta({ id: 'Link', description: 'A link button on a venue' });

export type Link = z.infer<typeof linkSchema>;

/** One link row as entered: url normalised (https:// added when it lacks http) and validated. */
export const linkInputSchema = z
  .object({
    displayText: z.string().trim().min(1, 'Display text is required').max(VENUE_FIELD_MAX.linkDisplayText),
    url: z
      .string()
      .trim()
      .min(1, 'URL is required')
      .max(VENUE_FIELD_MAX.linkUrl)
      .transform(normalizeLinkUrl)
      .refine(isHttpUrl, { error: (issue) => `Invalid URL: ${String(issue.input)}` }),
  })
  .meta({ id: 'LinkFields', description: 'A link button as entered; https:// is added when the URL lacks http' });

/** Link rows of the links editor: rows missing display text or URL are dropped (spec §5). */
export const linksInputSchema = z
  .array(
    z.object({
      displayText: z.string().optional(),
      url: z.string().optional(),
    }),
  )
  .max(VENUE_FIELD_MAX.links)
  .default([])
  .transform((rows) => rows.filter((r) => (r.displayText ?? '').trim() !== '' && (r.url ?? '').trim() !== ''))
  .pipe(z.array(linkInputSchema))
  .describe('Link buttons; rows missing display text or URL are dropped');

// ---- Venue input ----------------------------------------------------------------------

export const venueInputSchema = z
  .object({
    name: z
      .string({ error: 'Venue name is required' })
      .trim()
      .min(1, 'Venue name is required')
      .max(VENUE_FIELD_MAX.name)
      .describe('Venue name (required, trimmed)'),
    country: z
      .string()
      .trim()
      .max(VENUE_FIELD_MAX.country)
      .default(DEFAULT_COUNTRY)
      .transform((c) => c || DEFAULT_COUNTRY)
      .describe(`Country (default '${DEFAULT_COUNTRY}')`),
    address: optionalText(VENUE_FIELD_MAX.address, 'Multi-line postal address'),
    displayCityAs: optionalLine(VENUE_FIELD_MAX.displayCityAs, 'Overrides the city shown in lists'),
    deliveryAddress: optionalText(VENUE_FIELD_MAX.deliveryAddress, 'Delivery address'),
    deliveryNotes: optionalText(VENUE_FIELD_MAX.deliveryNotes, 'Delivery notes'),
    website: z
      .string()
      .max(VENUE_FIELD_MAX.website)
      .default('')
      .transform(normalizeWebsite)
      .describe("Website; 'https://' is added when no scheme is present"),
    leagues: z.array(leagueSchema).max(LEAGUE_VALUES.length * 2).default([]).transform(unique).describe('Leagues'),
    venueTypes: z.array(venueTypeSchema).max(100).default([]).transform(unique).describe('Venue types'),
    links: linksInputSchema,
    generalNotes: optionalText(VENUE_FIELD_MAX.generalNotes, 'General notes'),
    contactName: optionalLine(VENUE_FIELD_MAX.contactName, 'Legacy main-contact name'),
    contactTitle: optionalLine(VENUE_FIELD_MAX.contactTitle, 'Legacy main-contact title'),
    contactPhone: optionalLine(VENUE_FIELD_MAX.contactPhone, 'Legacy main-contact phone')
      .refine((p) => p.replace(/\D/g, '').length <= PHONE_MAX_DIGITS, `Phone number can have at most ${PHONE_MAX_DIGITS} digits`)
      // The digit limit, stated for the OpenAPI document.
      .meta({ pattern: `^[^0-9]*(?:[0-9][^0-9]*){0,${PHONE_MAX_DIGITS}}$` }),
    contactEmail: z
      .string()
      .max(VENUE_FIELD_MAX.contactEmail)
      .regex(OPTIONAL_EMAIL_INPUT_PATTERN, 'Invalid email')
      .trim()
      .default('')
      .describe('Legacy main-contact e-mail'),
  })
  .meta({ id: 'VenueFields', description: 'Fields to create or update a venue' });

/** What a client sends (optional fields may be omitted). */
export type VenueInput = z.input<typeof venueInputSchema>;
/** After parsing: defaults applied, strings trimmed, website normalised. */
export type VenueInputParsed = z.output<typeof venueInputSchema>;

// ---- Venue ------------------------------------------------------------------------------

export const venueSchema = z
  .object({
    id: z.string().describe('Venue id (UUID)'),
    name: z.string(),
    country: z.string(),
    address: z.string(),
    displayCityAs: z.string(),
    deliveryAddress: z.string(),
    deliveryNotes: z.string(),
    website: z.string(),
    leagues: z.array(leagueSchema),
    venueTypes: z.array(z.string()).describe('Venue types (see VenueType)'),
    links: z.array(linkSchema),
    generalNotes: z.string(),
    contactName: z.string(),
    contactTitle: z.string(),
    contactPhone: z.string(),
    contactEmail: z.string(),
    createdBy: z.string().describe('Id of the user who created the venue'),
    createdAt: isoTimestamp('Creation time (ISO 8601)'),
    updatedAt: isoTimestamp('Last update of the venue record (ISO 8601)'),
    deletedAt: isoTimestamp('Soft-delete time (ISO 8601); null when active').nullable(),
    googleDriveFolderId: z.string().describe("Cloud-drive folder id ('' when none)"),
    activityAt: isoTimestamp("Latest of the venue's update and its data updates (ISO 8601); used by sort 'updated'"),
  })
  .meta({ id: 'Venue', description: 'A venue' });

export type Venue = z.infer<typeof venueSchema>;

// ---- List venues ------------------------------------------------------------------------

export const venueSortSchema = z
  .enum(VENUE_SORTS)
  .meta({ id: 'VenueSort', description: "newest = creation time, updated = activityAt, name = A→Z" });

/** Splits 'OTE,OT Select' or ['OTE','OTX'] (or a mix) into League values; accepts display labels ('OTS'). */
/** What the transform below accepts, stated for the OpenAPI document (the transform names the unknown league). */
const leagueListSchema = z.string().meta({ pattern: nameListPattern(LEAGUES.flatMap((league) => [league.value, league.label])).source });
const leaguesQuerySchema = z
  .union([leagueListSchema, z.array(leagueListSchema)])
  .optional()
  .transform((raw, ctx): League[] => {
    const parts = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const leagues: League[] = [];
    for (const part of parts) {
      const league = parseLeague(part);
      if (league) leagues.push(league);
      else ctx.addIssue({ code: 'custom', message: `Unknown league: ${part}`, input: part });
    }
    return unique(leagues);
  })
  .describe("Comma-separated leagues, e.g. 'OTE,OT Select'; a venue matches when it has any of them");

export const listVenuesQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH)
      .optional()
      .transform((q) => q || undefined)
      .describe('Search text; matches name, address, country and display city, case-insensitively'),
    leagues: leaguesQuerySchema,
    sort: venueSortSchema.default(DEFAULT_VENUE_SORT),
    page: pageQuerySchema,
    pageSize: pageSizeQuerySchema({ max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE, what: 'Venues' }),
  })
  // No component id: OpenAPI documents a query string as individual parameters, never as a $ref.
  .describe('Venue list query string');

/** Parsed query (defaults applied, leagues as League[]). */
export type ListVenuesQuery = z.output<typeof listVenuesQuerySchema>;
/** Query as sent by a client. */
export type ListVenuesQueryInput = z.input<typeof listVenuesQuerySchema>;

export const listVenuesResultSchema = z
  .object({
    items: z.array(venueSchema),
    total: z.number().int().min(0).describe('Number of matching venues'),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  })
  .meta({ id: 'ListVenuesResult', description: 'One page of venues' });

export type ListVenuesResult = z.infer<typeof listVenuesResultSchema>;
