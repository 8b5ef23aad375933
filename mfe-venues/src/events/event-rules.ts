// The events pages' values and pure rules (spec §2 'Events', §5 'Event name', §8 'Events', §9). No React here,
// so every rule has a unit test.
import { DEFAULT_EVENT_SORT, EVENT_SORTS, MAX_SEARCH_LENGTH, parseLeague, type EventSort, type League, type VenueEvent } from '@venuebook/sdk';
import type { EventListFilter } from '@venuebook/sdk';
import { format, isValid, parseISO } from 'date-fns';
import { normalizeLeagues } from '../home/home-query.ts';

/** Spec §9: dates are shown as 'MMM d, yyyy' (date-fns tokens). */
export const DISPLAY_DATE_FORMAT = 'MMM d, yyyy';

/**
 * A calendar day 'YYYY-MM-DD' or an ISO time as 'MMM d, yyyy' (a day is read as that day, whatever the time zone;
 * a time in the browser's zone); '' for none, the text itself when it is not a date.
 */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, DISPLAY_DATE_FORMAT) : value;
}

/** What the event form holds: the date as the date input gives it ('' for none). */
export interface EventFormValues {
  name: string;
  eventDate: string;
  description: string;
}

export function emptyEventForm(): EventFormValues {
  return { name: '', eventDate: '', description: '' };
}

export function eventToFormValues(event: VenueEvent): EventFormValues {
  return { name: event.name, eventDate: event.eventDate ?? '', description: event.description };
}

/** Spec §5: the event name is required (trimmed): submit is disabled while it is empty. */
export function canSubmitEvent(name: string | undefined): boolean {
  return (name ?? '').trim() !== '';
}

export type EventWrite = 'create' | 'update' | 'delete';

/** Success toasts (spec §8: shown for created, updated and deleted; their texts are not given). */
export const EVENT_SUCCESS_TEXT: Readonly<Record<EventWrite, string>> = {
  create: 'Event created',
  update: 'Event updated',
  delete: 'Event deleted',
};

/** Spec §8: 'Failed to create, update or delete event: {message}', with the verb of the write that failed. */
export function eventFailedText(write: EventWrite, message: string | undefined): string {
  return `Failed to ${write} event: ${message?.trim() || 'Unknown error'}`;
}

// ---- All events (/events) -------------------------------------------------------------------

/** Spec §9: the event sort options, with their button labels. */
export const EVENT_SORT_LABELS: Readonly<Record<EventSort, string>> = {
  newest: 'Newest',
  oldest: 'Oldest',
  'a-z': 'A→Z',
  'z-a': 'Z→A',
};

/** The all-events list state, kept in the URL (`?q=&sort=&leagues=&from=&to=`). */
export interface EventsQuery {
  q: string;
  sort: EventSort;
  leagues: League[];
  /** Inclusive date range 'YYYY-MM-DD', '' for open. */
  from: string;
  to: string;
}

export const DEFAULT_EVENTS_QUERY: EventsQuery = { q: '', sort: DEFAULT_EVENT_SORT, leagues: [], from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'YYYY-MM-DD', else ''. */
function dayOrEmpty(value: string | null): string {
  if (!value || !DAY.test(value)) return '';
  return isValid(parseISO(value)) && format(parseISO(value), 'yyyy-MM-dd') === value ? value : '';
}

function isEventSort(value: unknown): value is EventSort {
  return typeof value === 'string' && (EVENT_SORTS as readonly string[]).includes(value);
}

/** Reads the list state from URL search params; unknown sorts, leagues and dates are dropped. */
export function parseEventsQuery(params: URLSearchParams): EventsQuery {
  const sortParam = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    sort: isEventSort(sortParam) ? sortParam : DEFAULT_EVENT_SORT,
    leagues: normalizeLeagues(
      params
        .getAll('leagues')
        .flatMap((value) => value.split(','))
        .map(parseLeague)
        .filter((league): league is League => league !== undefined),
    ),
    from: dayOrEmpty(params.get('from')),
    to: dayOrEmpty(params.get('to')),
  };
}

/** The URL search params of a list state; defaults are left out so the plain URL is `/events`. */
export function serializeEventsQuery(query: EventsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q);
  if (query.sort !== DEFAULT_EVENT_SORT) params.set('sort', query.sort);
  const leagues = normalizeLeagues(query.leagues);
  if (leagues.length > 0) params.set('leagues', leagues.join(','));
  if (dayOrEmpty(query.from)) params.set('from', query.from);
  if (dayOrEmpty(query.to)) params.set('to', query.to);
  return params;
}

/** Whether a search, league or date narrows the list. */
export function isEventsFiltered(query: EventsQuery): boolean {
  return query.q.trim() !== '' || query.leagues.length > 0 || query.from !== '' || query.to !== '';
}

/** A date range whose start lies after its end matches nothing: the UI says so rather than asking. */
export function isRangeReversed(query: Pick<EventsQuery, 'from' | 'to'>): boolean {
  return query.from !== '' && query.to !== '' && query.from > query.to;
}

/** The API filter of a list state (pages are the list query's own). */
export function toEventListFilter(query: EventsQuery, pageSize?: number): EventListFilter {
  const q = query.q.trim();
  return {
    ...(q ? { q } : {}),
    sort: query.sort,
    ...(query.leagues.length > 0 ? { leagues: [...query.leagues] } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    ...(pageSize === undefined ? {} : { pageSize }),
  };
}

/** Spec §8 empty state of the all-events list. */
export const NO_EVENTS_FOUND = 'No events found';
