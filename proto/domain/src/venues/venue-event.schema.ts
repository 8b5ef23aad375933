// The HTTP contract of venue events (spec §3 'event': a show or production at a venue; §5 'Event name'):
// shared by the gateway (bodies, queries, answers, OpenAPI) and the venues service (which re-validates).
// Called "event" in the API; VenueEvent in code, beside the service's NATS domain events.
import { z } from 'zod';
import { leagueSchema } from '../shared/enums.schema.ts';
import {
  DEFAULT_EVENT_SORT,
  DEFAULT_EVENTS_PAGE_SIZE,
  DEFAULT_VENUE_EVENTS_PAGE_SIZE,
  EVENT_FIELD_MAX,
  EVENT_SORTS,
  MAX_EVENTS_PAGE_SIZE,
} from '../shared/limits.ts';
import { pageResultSchema, pagingQueryShape, searchQuerySchema } from '../shared/paging.ts';
import { leaguesQuerySchema, NOT_BLANK } from './venue.schema.ts';

export const EVENT_NAME_REQUIRED = 'Event name is required';
export const INVALID_EVENT_DATE = 'Invalid date';

/** A calendar date 'YYYY-MM-DD' (zod's own pattern: real days only, 29 February in leap years). */
const DATE_SOURCE = z.regexes.date.source.slice(1, -1);
/** The same or nothing (no date). */
const DATE_OR_EMPTY = new RegExp(`^(?:${DATE_SOURCE})?$`);

/** 'YYYY-MM-DD', '' or null → the date or null. */
const eventDateInput = z
  .string()
  .regex(DATE_OR_EMPTY, INVALID_EVENT_DATE)
  .nullable()
  .optional()
  .transform((date) => date || null)
  .describe("The event's date 'YYYY-MM-DD' (a real calendar day); null, '' or absent for none");

const EVENT_FIELDS_DESCRIPTION = 'Fields to create or update an event (an update sends every field, as the form does).';

/** An event as a user or an HTTP client types it; parsing a parsed event again gives the same event. */
export const venueEventInputSchema = z
  .object({
    name: z
      .string({ error: EVENT_NAME_REQUIRED })
      .max(EVENT_FIELD_MAX.name, `Event name must be at most ${EVENT_FIELD_MAX.name} characters`)
      .regex(NOT_BLANK, EVENT_NAME_REQUIRED)
      .trim()
      .describe('Event name (required, not blank, trimmed)'),
    eventDate: eventDateInput,
    description: z.string().max(EVENT_FIELD_MAX.description).default('').describe('Description (optional)'),
  })
  .meta({ id: 'EventFields', description: EVENT_FIELDS_DESCRIPTION });

export type VenueEventInput = z.input<typeof venueEventInputSchema>;
export type VenueEventInputParsed = z.output<typeof venueEventInputSchema>;

const isoTimestamp = (description: string) => z.iso.datetime({ offset: true }).describe(description);

export const venueEventSchema = z
  .object({
    id: z.string().describe('Event id (UUID)'),
    venueId: z.string().describe('Venue id (UUID)'),
    name: z.string(),
    eventDate: z.iso.date().nullable().describe("'YYYY-MM-DD', or null when the event has no date"),
    description: z.string(),
    createdBy: z.string().describe('Id of the user who created the event'),
    createdAt: isoTimestamp('Creation time (ISO 8601)'),
    updatedAt: isoTimestamp('Last update (ISO 8601)'),
  })
  .meta({ id: 'Event', description: 'An event (a show or production) at a venue' });

export type VenueEvent = z.infer<typeof venueEventSchema>;

/** An event on the all-events list, with its venue as it is now. */
export const venueEventListItemSchema = venueEventSchema
  .extend({
    venueName: z.string().describe("The venue's current name"),
    venueLeagues: z.array(leagueSchema).describe("The venue's leagues"),
    venueCity: z.string().describe("The venue's city as lists show it"),
  })
  .meta({ id: 'EventListItem', description: 'An event with its venue (the all-events list)' });

export type VenueEventListItem = z.infer<typeof venueEventListItemSchema>;

// ---- Lists ---------------------------------------------------------------------------------

export const venueEventSortSchema = z.enum(EVENT_SORTS).meta({
  id: 'EventSort',
  description: 'newest = event date descending, oldest = ascending (no date last in both, then newest created), a-z / z-a = event name',
});

/** GET /venues/{id}/events: one page of the venue's events, by event date descending (no date last), then newest created. */
export const listVenueEventsQuerySchema = z
  .object({
    ...pagingQueryShape({ max: MAX_EVENTS_PAGE_SIZE, fallback: DEFAULT_VENUE_EVENTS_PAGE_SIZE, what: 'Events' }),
  })
  .describe('Venue events query string');

export type ListVenueEventsQuery = z.output<typeof listVenueEventsQuerySchema>;

const dateQuery = (description: string) =>
  z
    .string()
    .regex(DATE_OR_EMPTY, INVALID_EVENT_DATE)
    .optional()
    .transform((date) => date || undefined)
    .describe(description);

/** GET /events: search, league filter, inclusive date range, sort and page. */
export const listEventsQuerySchema = z
  .object({
    q: searchQuerySchema('Search text; every word must start a word of the event name, description or venue name (any order, case and accents ignored)'),
    leagues: leaguesQuerySchema.describe("Comma-separated leagues, e.g. 'OTE,OT Select'; an event matches when its venue has any of them"),
    from: dateQuery("Earliest event date 'YYYY-MM-DD' (inclusive); events without a date are left out"),
    to: dateQuery("Latest event date 'YYYY-MM-DD' (inclusive); events without a date are left out"),
    sort: venueEventSortSchema.default(DEFAULT_EVENT_SORT),
    ...pagingQueryShape({ max: MAX_EVENTS_PAGE_SIZE, fallback: DEFAULT_EVENTS_PAGE_SIZE, what: 'Events' }),
  })
  .describe('All-events query string');

export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;
export type ListEventsQueryInput = z.input<typeof listEventsQuerySchema>;

export const listVenueEventsResultSchema = pageResultSchema(venueEventSchema, "Number of the venue's events").meta({
  id: 'ListVenueEventsResult',
  description: "One page of a venue's events",
});

export type ListVenueEventsResult = z.infer<typeof listVenueEventsResultSchema>;

export const listEventsResultSchema = pageResultSchema(venueEventListItemSchema, 'Number of matching events').meta({
  id: 'ListEventsResult',
  description: 'One page of the events of every active venue',
});

export type ListEventsResult = z.infer<typeof listEventsResultSchema>;
