// The venues service's read model: the list card of every active venue plus its sort keys and search text,
// in memory (the kit's ReadModel). ListVenues is answered from it; the database stays the source of truth.
import { nameKey } from '@venuebook/domain';
import { parseEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import type { Logger, NatsConnection, ReadModel } from '@venuebook/service-kit';
import type { VenueListQuery, VenueListResult, VenueListSort, VenueRecord, VenueSummaryRecord } from '../domain/venue.ts';
import { toVenueSummary } from '../repositories/venue.repository.ts';
import type { VenueDocument, VenueModel } from '../repositories/venue.model.ts';
import { readPage } from './paging.ts';
import { createVenueCollectionReadModel, venueSearchText } from './venue-collection.ts';
import type { VenueSource } from './venue-collection.ts';

/** What the read model keeps of a venue: its list card, the A→Z key and the searched text (never notes). */
export interface VenueListEntry {
  id: string;
  summary: VenueSummaryRecord;
  nameKey: string;
  searchText: string;
}

type EntrySource = VenueSource<'nameKey'>;

function entryOf(doc: EntrySource): VenueListEntry | null {
  if (doc.deletedAt) return null;
  return {
    id: doc._id,
    summary: toVenueSummary(doc),
    nameKey: doc.nameKey || nameKey(doc.name),
    searchText: venueSearchText(doc),
  };
}

/** The entry of a venue the service has just written (e.g. created). */
export function venueListEntry(venue: VenueRecord): VenueListEntry {
  return {
    id: venue.id,
    summary: toVenueSummary({
      ...venue,
      _id: venue.id,
      createdAt: new Date(venue.createdAt),
      updatedAt: new Date(venue.updatedAt),
      activityAt: new Date(venue.activityAt),
    }),
    nameKey: nameKey(venue.name),
    searchText: venueSearchText(venue),
  };
}

const byIdDesc = (a: VenueListEntry, b: VenueListEntry): number => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** The same orders as the Mongo sorts they replace: newest / updated descending with _id descending, name ascending with _id ascending. */
const SORTS: Record<VenueListSort, (a: VenueListEntry, b: VenueListEntry) => number> = {
  newest: (a, b) => descending(a.summary.createdAt, b.summary.createdAt) || byIdDesc(a, b),
  updated: (a, b) => descending(a.summary.activityAt, b.summary.activityAt) || byIdDesc(a, b),
  name: (a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
};

/** Subjects of the venues stream that change a venue's list card, and the venue they name. */
const VENUE_SUBJECT_PREFIX = SUBJECTS.venueCreated.slice(0, SUBJECTS.venueCreated.indexOf('.created.') + 1);
const CONTACT_SUBJECTS: ReadonlySet<string> = new Set([
  SUBJECTS.contactCreated,
  SUBJECTS.contactUpdated,
  SUBJECTS.contactDeleted,
  SUBJECTS.contactRestored,
  SUBJECTS.contactPurged,
]);

/**
 * The venue an event of the venues stream changed: every venue.* subject, and a contact event of a venue's
 * current main contact (the venue keeps a copy of its fields). Other contacts' and venue events' (shows')
 * events leave the venue as it is: no re-read by `_id` for them.
 */
function venueIdOf(subject: string, payload: unknown): string | null {
  if (subject === SUBJECTS.venueCreated) return parseEnvelope(SUBJECTS.venueCreated, payload).data.venueId;
  const data = (payload as { data?: { venueId?: unknown; mainContact?: unknown } } | null)?.data;
  const venueId = typeof data?.venueId === 'string' ? data.venueId : null;
  if (subject.startsWith(VENUE_SUBJECT_PREFIX)) return venueId;
  if (CONTACT_SUBJECTS.has(subject) && data?.mainContact === true) return venueId;
  return null;
}

export type VenueReadModel = ReadModel<EntrySource, VenueListEntry, VenueListSort>;

/** `whole`: every stored venue as the load reads it (to warm the point-read cache from the same scan). */
export function createVenueReadModel(
  model: VenueModel,
  options: { logger: Logger; nc?: NatsConnection; whole?: (doc: VenueDocument) => void },
): VenueReadModel {
  return createVenueCollectionReadModel(model, {
    name: 'venues',
    ...options,
    extraFields: ['nameKey'],
    toRecord: entryOf,
    leaguesOf: (entry) => entry.summary.leagues,
    sorts: SORTS,
    recordIdOf: venueIdOf,
  });
}

/** One list page from the read model (the same answer the Mongo query gave). */
export function listFromReadModel(readModel: VenueReadModel, query: VenueListQuery): VenueListResult {
  return readPage(readModel, { text: query.q ?? '', tags: query.leagues, sort: query.sort }, query, (entry) => entry.summary);
}
