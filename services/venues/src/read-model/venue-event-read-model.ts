// The venue events' read model (the kit's ReadModel): every event with its venue's current name, leagues and
// city, searchable (event name, description, venue name), pre-sorted (newest, oldest, a-z, z-a) and grouped by
// venue. The venue fields come from the venues read model of the same process and follow it at once (onChange): a
// renamed venue's events are found by the new name, a deleted venue's events leave the lists (they stay here
// without tags, so no list shows them, and come back with the venue on restore).
import { LEAGUES, nameKey } from '@venuebook/domain';
import type { EventSort, League, ListEventsQuery, ListEventsResult, ListVenueEventsQuery, ListVenueEventsResult, VenueEvent } from '@venuebook/domain';
import { parseEnvelope, SUBJECTS, STREAMS } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import { toVenueEventRecord } from '../repositories/event.repository.ts';
import type { VenueEventSource } from '../repositories/event.repository.ts';
import type { VenueEventModel } from '../repositories/venue-event.model.ts';
import type { VenueReadModel } from './venue-read-model.ts';
import { readPage } from './paging.ts';

/** What the read model keeps of an event: the whole event (a few KB at most) and its venue as the venues read model has it now. */
export interface VenueEventEntry {
  id: string;
  event: VenueEvent;
  nameKey: string;
  /** Whether the venue is active (in the venues read model): the lists show only these. */
  venueActive: boolean;
  /** The venue's name, leagues and city ('' and [] while the venue is not active). */
  venueName: string;
  venueLeagues: League[];
  venueCity: string;
}

const FIELDS = '_id venueId name eventDate description createdBy createdAt updatedAt';

/**
 * The tag every event of an active venue carries besides its venue's leagues; an event of a deleted venue carries
 * none. A list asks for its leagues, or for this tag when it has none, so the bitmask walk leaves deleted venues'
 * events out without a filter function.
 */
const ACTIVE_TAG = '*active';
const TAG_VALUES = [...LEAGUES.map((league) => league.value), ACTIVE_TAG];

const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);
const ascending = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Event date in `direction`, events without a date after every dated one. */
function byDate(a: VenueEventEntry, b: VenueEventEntry, direction: (x: string, y: string) => number): number {
  const x = a.event.eventDate;
  const y = b.event.eventDate;
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return direction(x, y);
}

/** The last tie-breakers of every order: newest created first, then id descending. */
const newestCreated = (a: VenueEventEntry, b: VenueEventEntry): number => descending(a.event.createdAt, b.event.createdAt) || descending(a.id, b.id);

/**
 * newest = event date descending, oldest = ascending (no date last in both), then newest created (spec §7: 'ordered
 * by event_date ascending then created_at descending'); a-z / z-a = the name's case-insensitive key, then newest.
 */
export const VENUE_EVENT_SORTS: Record<EventSort, (a: VenueEventEntry, b: VenueEventEntry) => number> = {
  newest: (a, b) => byDate(a, b, descending) || newestCreated(a, b),
  oldest: (a, b) => byDate(a, b, ascending) || newestCreated(a, b),
  'a-z': (a, b) => ascending(a.nameKey, b.nameKey) || byDate(a, b, descending) || newestCreated(a, b),
  'z-a': (a, b) => descending(a.nameKey, b.nameKey) || byDate(a, b, descending) || newestCreated(a, b),
};

/** Which event a domain event on the venues stream names (null: not a venue event). */
function eventIdOf(subject: string, payload: unknown): string | null {
  switch (subject) {
    case SUBJECTS.venueEventCreated:
    case SUBJECTS.venueEventUpdated:
    case SUBJECTS.venueEventDeleted:
      return parseEnvelope(subject, payload).data.eventId;
    default:
      return null;
  }
}

export type VenueEventReadModel = ReadModel<VenueEventSource, VenueEventEntry, EventSort>;

/** The read model's handle: the events plus the venues they are listed with. */
export interface VenueEventLists {
  readModel: VenueEventReadModel;
  /** The entry of an event as just stored by this instance (with its venue as the venues read model has it now). */
  entryOf(event: VenueEvent): VenueEventEntry;
  /** One page of a venue's events (newest order); the caller has checked the venue is active. */
  listOfVenue(venueId: string, query: ListVenueEventsQuery): ListVenueEventsResult;
  /** One page of the events of active venues. */
  list(query: ListEventsQuery): ListEventsResult;
  /** Stops following the venues read model (the events read model is stopped apart). */
  detach(): void;
}

export function createVenueEventLists(model: VenueEventModel, venues: VenueReadModel, options: { logger: Logger; nc?: NatsConnection }): VenueEventLists {
  function entryOf(event: VenueEvent): VenueEventEntry {
    const venue = venues.get(event.venueId)?.summary;
    return {
      id: event.id,
      event,
      nameKey: nameKey(event.name),
      venueActive: !!venue,
      venueName: venue?.name ?? '',
      venueLeagues: venue ? [...venue.leagues] : [],
      venueCity: venue?.city ?? '',
    };
  }

  const readModel: VenueEventReadModel = new ReadModel<VenueEventSource, VenueEventEntry, EventSort>({
    name: 'venue-events',
    logger: options.logger,
    source: {
      scan: () => model.find({}).select(FIELDS).lean<VenueEventSource[]>().cursor({ batchSize: 1000 }),
      byId: (id) => model.findById(id).select(FIELDS).lean<VenueEventSource>().exec(),
    },
    toRecord: (doc) => entryOf(toVenueEventRecord(doc)),
    searchText: (entry) => `${entry.event.name}\n${entry.event.description}\n${entry.venueName}`,
    tagValues: TAG_VALUES,
    tagsOf: (entry) => (entry.venueActive ? [...entry.venueLeagues, ACTIVE_TAG] : []),
    groupOf: (entry) => entry.event.venueId,
    sorts: VENUE_EVENT_SORTS,
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.venues.name, recordIdOf: eventIdOf } } : {}),
  });

  const all = (filter?: (entry: VenueEventEntry) => boolean): VenueEventEntry[] =>
    readModel.query({ sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER, ...(filter ? { filter } : {}) }).items;

  /** Puts the venue's state and current name, leagues and city on its events (`undefined`: every venue, after a rebuild). */
  function follow(venueId: string | undefined): void {
    const stale = (entry: VenueEventEntry): boolean => {
      const venue = venues.get(entry.event.venueId)?.summary;
      if (!venue) return entry.venueActive;
      return !entry.venueActive || venue.name !== entry.venueName || venue.city !== entry.venueCity || venue.leagues.join() !== entry.venueLeagues.join();
    };
    const entries =
      venueId === undefined ? all(stale) : readModel.query({ group: venueId, sort: 'newest', filter: stale, offset: 0, limit: Number.MAX_SAFE_INTEGER }).items;
    for (const entry of entries) readModel.upsert(entryOf(entry.event));
  }
  const detach = venues.onChange(follow);

  return {
    readModel,
    entryOf,
    detach,

    listOfVenue(venueId, query) {
      return readPage(readModel, { group: venueId, sort: 'newest' }, query, (entry) => entry.event);
    },

    list(query) {
      const { from, to } = query;
      return readPage(
        readModel,
        {
          text: query.q ?? '',
          // Events of active venues only (ACTIVE_TAG), of the venues with any of these leagues when given.
          tags: query.leagues.length > 0 ? query.leagues : [ACTIVE_TAG],
          sort: query.sort,
          ...(from === undefined && to === undefined
            ? {}
            : {
                filter: (entry: VenueEventEntry) => {
                  const date = entry.event.eventDate;
                  return date !== null && (from === undefined || date >= from) && (to === undefined || date <= to);
                },
              }),
        },
        query,
        (entry) => ({ ...entry.event, venueName: entry.venueName, venueLeagues: [...entry.venueLeagues], venueCity: entry.venueCity }),
      );
    },
  };
}
