import { z } from 'zod';
import { leagueSchema, venueTypeSchema } from '../shared/enums.schema.ts';
import { LEAGUE_VALUES, LEAGUES, parseLeague } from './leagues.ts';
import { nameListPattern, OPTIONAL_EMAIL_INPUT_PATTERN, TRIMMED_SPACE } from '../shared/input-patterns.ts';
import type { League } from './leagues.ts';
import {
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_SIZE,
  DEFAULT_VENUE_SORT,
  MAX_PAGE_SIZE,
  PHONE_MAX_DIGITS,
  VENUE_FIELD_MAX,
  VENUE_MAX_BYTES,
  VENUE_SORTS,
  VENUE_STORED_URL_MAX,
} from '../shared/limits.ts';
import { pageResultSchema, pagingQueryShape, searchQuerySchema } from '../shared/paging.ts';
import { isHttpUrl, normalizeLinkUrl, normalizeWebsite, utf8ByteLength, venueCityDisplay, WEBSITE_INPUT_PATTERN } from './venue-display.ts';

// ---- Helpers --------------------------------------------------------------------

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/**
 * Optional single-line string: trimmed, default ''. The maximum applies to the string as sent (as the OpenAPI
 * document states it); the trimmed string is never longer.
 */
const optionalLine = (max: number, description: string) => z.string().max(max).trim().default('').describe(description);

/** Some character String.prototype.trim() keeps: a search pattern (unanchored, as JSON Schema reads patterns). */
export const NOT_BLANK = new RegExp(`[^${TRIMMED_SPACE.slice(1, -1)}]`);

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

/**
 * Which maxima a website or link URL is checked against. 'typed': what a user or an HTTP client types (the
 * gateway, the forms, the OpenAPI document). 'stored': what the venues service receives, which the gateway has
 * already normalised: 'https://' may have been added, so the stored maximum is the typed one plus that prefix.
 * Normalising twice changes nothing, so the service re-parses what the gateway parsed to the same value.
 */
type UrlForm = 'typed' | 'stored';

const invalidUrl = (issue: { input?: unknown }) => `Invalid URL: ${String(issue.input)}`;

const LINK_FIELDS_DESCRIPTION = 'A link button as entered; https:// is added when the URL lacks http';

function linkInput(form: UrlForm) {
  return z
    .object({
      displayText: z.string().trim().min(1, 'Display text is required').max(VENUE_FIELD_MAX.linkDisplayText),
      url: z
        .string()
        .trim()
        .min(1, 'URL is required')
        .max(form === 'typed' ? VENUE_FIELD_MAX.linkUrl : VENUE_STORED_URL_MAX.linkUrl)
        .transform(normalizeLinkUrl)
        .refine(isHttpUrl, { error: invalidUrl }),
    })
    .meta({ description: LINK_FIELDS_DESCRIPTION });
}

/** One link row as entered: url normalised (https:// added when it lacks http) and validated. */
export const linkInputSchema = linkInput('typed').meta({ id: 'LinkFields', description: LINK_FIELDS_DESCRIPTION });

/** Link rows of the links editor: rows missing display text or URL are dropped (spec §5). */
function linksInput(form: UrlForm) {
  return z
    .array(
      // Every row as sent, dropped or not, is checked against what the document states of it.
      z.object({
        displayText: z.string().max(VENUE_FIELD_MAX.linkDisplayText).optional(),
        url: z
          .string()
          .max(form === 'typed' ? VENUE_FIELD_MAX.linkUrl : VENUE_STORED_URL_MAX.linkUrl)
          .regex(WEBSITE_INPUT_PATTERN, { error: invalidUrl })
          .optional()
          .describe("An http or https address; 'https://' is added when it has no scheme"),
      }),
    )
    .max(VENUE_FIELD_MAX.links)
    .default([])
    .transform((rows) => rows.filter((r) => (r.displayText ?? '').trim() !== '' && (r.url ?? '').trim() !== ''))
    .pipe(z.array(form === 'typed' ? linkInputSchema : linkInput(form)))
    .describe('Link buttons; rows missing display text or URL are dropped');
}

export const linksInputSchema = linksInput('typed');

/** A website: 'https://' added when no scheme is present (spec §5); it must then be an http(s) URL. */
function websiteInput(form: UrlForm) {
  return z
    .string()
    .max(form === 'typed' ? VENUE_FIELD_MAX.website : VENUE_STORED_URL_MAX.website)
    .regex(WEBSITE_INPUT_PATTERN, { error: invalidUrl })
    .default('')
    .transform(normalizeWebsite)
    .refine((url) => url === '' || isHttpUrl(url), { error: invalidUrl })
    .describe("Website: an http or https address; 'https://' is added when no scheme is present");
}

/** Every string of a venue input (fields, leagues, venue types, link texts and URLs). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The UTF-8 size of a venue's text and links (what VENUE_MAX_BYTES bounds). */
export function venueByteSize(venue: object): number {
  return stringsOf(venue).reduce((sum, text) => sum + utf8ByteLength(text), 0);
}

const KIB = 1024;

/** The message of an over-size venue, e.g. 'A venue can hold at most 256 KB of text and links; this one has 300 KB'. */
export function venueTooLargeMessage(bytes: number): string {
  return `A venue can hold at most ${VENUE_MAX_BYTES / KIB} KB of text and links; this one has ${Math.ceil(bytes / KIB)} KB. Shorten the notes or remove links.`;
}

const VENUE_FIELDS_DESCRIPTION = `Fields to create or update a venue. All its text, leagues, venue types and links together may take at most ${VENUE_MAX_BYTES} bytes of UTF-8 (${VENUE_MAX_BYTES / KIB} KB); a larger venue is refused with 400.`;

function venueInput(form: UrlForm) {
  return z
    .object({
      name: z
        .string({ error: 'Venue name is required' })
        .max(VENUE_FIELD_MAX.name, `Venue name must be at most ${VENUE_FIELD_MAX.name} characters`)
        .regex(NOT_BLANK, 'Venue name is required')
        .trim()
        .describe('Venue name (required, not blank, trimmed)'),
      country: z
        .string()
        .max(VENUE_FIELD_MAX.country)
        .trim()
        .default(DEFAULT_COUNTRY)
        .transform((c) => c || DEFAULT_COUNTRY)
        .describe(`Country (default '${DEFAULT_COUNTRY}')`),
      address: optionalText(VENUE_FIELD_MAX.address, 'Multi-line postal address'),
      displayCityAs: optionalLine(VENUE_FIELD_MAX.displayCityAs, 'Overrides the city shown in lists'),
      deliveryAddress: optionalText(VENUE_FIELD_MAX.deliveryAddress, 'Delivery address'),
      deliveryNotes: optionalText(VENUE_FIELD_MAX.deliveryNotes, 'Delivery notes'),
      website: websiteInput(form),
      leagues: z
        .array(leagueSchema)
        .max(LEAGUE_VALUES.length * 2)
        .default([])
        .transform(unique)
        .describe('Leagues'),
      venueTypes: z.array(venueTypeSchema).max(100).default([]).transform(unique).describe('Venue types'),
      links: form === 'typed' ? linksInputSchema : linksInput(form),
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
    .superRefine((venue, ctx) => {
      const bytes = venueByteSize(venue);
      if (bytes > VENUE_MAX_BYTES) ctx.addIssue({ code: 'custom', message: venueTooLargeMessage(bytes), input: venue });
    })
    .meta({ description: VENUE_FIELDS_DESCRIPTION });
}

/** A venue as a user or an HTTP client types it (the gateway's body, the forms, the OpenAPI document). */
export const venueInputSchema = venueInput('typed').meta({ id: 'VenueFields', description: VENUE_FIELDS_DESCRIPTION });

/**
 * The same rules for what the venues service receives: the gateway has normalised the website and link URLs,
 * which may therefore be up to 'https://' longer than typed. Parsing a parsed venue again gives the same venue.
 */
export const storedVenueInputSchema = venueInput('stored');

/** What a client sends (optional fields may be omitted). */
export type VenueInput = z.input<typeof venueInputSchema>;
/** After parsing: defaults applied, strings trimmed, website normalised. */
export type VenueInputParsed = z.output<typeof venueInputSchema>;

// ---- Venue ------------------------------------------------------------------------------

/** A main-contact field of a venue: a copy of its current main contact's; null for a user who may not see contact details (spec §5). */
const hiddenContactField = (description: string) =>
  z.string().nullable().describe(`${description} ('' when none); null when the user may not see contact details`);

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
    contactName: hiddenContactField("The main contact's name"),
    contactTitle: hiddenContactField("The main contact's title"),
    contactPhone: hiddenContactField("The main contact's phone"),
    contactEmail: hiddenContactField("The main contact's e-mail"),
    createdBy: z.string().describe('Id of the user who created the venue'),
    createdAt: isoTimestamp('Creation time (ISO 8601)'),
    updatedAt: isoTimestamp('Last update of the venue record (ISO 8601)'),
    deletedAt: isoTimestamp('Soft-delete time (ISO 8601); null when active').nullable(),
    googleDriveFolderId: z.string().describe("Cloud-drive folder id ('' when none)"),
    activityAt: isoTimestamp("Latest of the venue's update and its data updates (ISO 8601); used by sort 'updated'"),
  })
  .meta({ id: 'Venue', description: 'A venue' });

export type Venue = z.infer<typeof venueSchema>;

// ---- Venue summary (lists) ----------------------------------------------------------------

/**
 * What a list carries of a venue: the fields of a home-list card and its sorts, never the notes, links or
 * contact. Each field has a small maximum, so a page of summaries stays small whatever the venues hold.
 */
export const venueSummarySchema = z
  .object({
    id: z.string().describe('Venue id (UUID)'),
    name: z.string(),
    city: z.string().describe("The venue's city as lists show it (display city, else the address's last line and a foreign country)"),
    country: z.string(),
    website: z.string(),
    leagues: z.array(leagueSchema),
    venueTypes: z.array(z.string()).describe('Venue types (see VenueType)'),
    createdAt: isoTimestamp('Creation time (ISO 8601)'),
    updatedAt: isoTimestamp('Last update of the venue record (ISO 8601)'),
    activityAt: isoTimestamp("Latest of the venue's update and its data updates (ISO 8601); used by sort 'updated'"),
  })
  .meta({ id: 'VenueSummary', description: 'A venue as lists show it (GET /venues/{id} has the whole venue)' });

export type VenueSummary = z.infer<typeof venueSummarySchema>;

/** The summary of a venue (its list card). */
export function venueSummaryOf(
  venue: Pick<Venue, 'id' | 'name' | 'displayCityAs' | 'address' | 'country' | 'website' | 'leagues' | 'venueTypes' | 'createdAt' | 'updatedAt' | 'activityAt'>,
): VenueSummary {
  return {
    id: venue.id,
    name: venue.name,
    city: venueCityDisplay(venue),
    country: venue.country,
    website: venue.website,
    leagues: [...venue.leagues],
    venueTypes: [...venue.venueTypes],
    createdAt: venue.createdAt,
    updatedAt: venue.updatedAt,
    activityAt: venue.activityAt,
  };
}

// ---- List venues ------------------------------------------------------------------------

export const venueSortSchema = z.enum(VENUE_SORTS).meta({ id: 'VenueSort', description: 'newest = creation time, updated = activityAt, name = A→Z' });

/** Splits 'OTE,OT Select' or ['OTE','OTX'] (or a mix) into League values; accepts display labels ('OTS'). */
/** What the transform below accepts, stated for the OpenAPI document (the transform names the unknown league). */
const leagueListSchema = z.string().meta({ pattern: nameListPattern(LEAGUES.flatMap((league) => [league.value, league.label])).source });
export const leaguesQuerySchema = z
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
    q: searchQuerySchema('Search text; matches name, address, country and display city, case-insensitively'),
    leagues: leaguesQuerySchema,
    sort: venueSortSchema.default(DEFAULT_VENUE_SORT),
    ...pagingQueryShape({ max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE, what: 'Venues' }),
  })
  // No component id: OpenAPI documents a query string as individual parameters, never as a $ref.
  .describe('Venue list query string');

/** Parsed query (defaults applied, leagues as League[]). */
export type ListVenuesQuery = z.output<typeof listVenuesQuerySchema>;
/** Query as sent by a client. */
export type ListVenuesQueryInput = z.input<typeof listVenuesQuerySchema>;

export const listVenuesResultSchema = pageResultSchema(venueSummarySchema, 'Number of matching venues').meta({
  id: 'ListVenuesResult',
  description: 'One page of venue summaries',
});

export type ListVenuesResult = z.infer<typeof listVenuesResultSchema>;
