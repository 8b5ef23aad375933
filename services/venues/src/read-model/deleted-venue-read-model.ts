// The deleted-venues list (spec §2 'Deleted Venues', §7 newest deleted first), in memory: the venues read
// model keeps only active venues, this one only soft-deleted ones (the kit's ReadModel, the same collection).
import type { DeletedVenue, ListDeletedVenuesQuery, ListDeletedVenuesResult } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import type { Logger, NatsConnection, ReadModel } from '@venuebook/service-kit';
import type { VenueRecord } from '../domain/venue.ts';
import { toVenueSummary } from '../repositories/venue.repository.ts';
import type { VenueModel } from '../repositories/venue.model.ts';
import { readPage } from './paging.ts';
import { createVenueCollectionReadModel, venueSearchText } from './venue-collection.ts';
import type { VenueSource } from './venue-collection.ts';

/** What the list keeps of a deleted venue: its list card with the deletion time, and the searched text. */
export interface DeletedVenueEntry {
  id: string;
  venue: DeletedVenue;
  searchText: string;
}

type EntrySource = VenueSource;

function entryOf(doc: EntrySource): DeletedVenueEntry | null {
  if (!doc.deletedAt) return null;
  return {
    id: doc._id,
    venue: { ...toVenueSummary(doc), deletedAt: new Date(doc.deletedAt).toISOString() },
    searchText: venueSearchText(doc),
  };
}

/** The entry of a venue the service has just soft-deleted. */
export function deletedVenueEntry(venue: VenueRecord): DeletedVenueEntry {
  if (!venue.deletedAt) throw new Error(`venue ${venue.id} is not deleted`);
  return entryOf({
    ...venue,
    _id: venue.id,
    createdAt: new Date(venue.createdAt),
    updatedAt: new Date(venue.updatedAt),
    activityAt: new Date(venue.activityAt),
    deletedAt: new Date(venue.deletedAt),
  })!;
}

type DeletedVenueSort = 'deleted';

const SORTS: Record<DeletedVenueSort, (a: DeletedVenueEntry, b: DeletedVenueEntry) => number> = {
  // Newest deleted first, then _id descending (a total order).
  deleted: (a, b) => (a.venue.deletedAt < b.venue.deletedAt ? 1 : a.venue.deletedAt > b.venue.deletedAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
};

/** Only these events change whether a venue is deleted (an update of a deleted venue is refused). */
const DELETION_SUBJECTS: readonly string[] = [SUBJECTS.venueDeleted, SUBJECTS.venueRestored, SUBJECTS.venuePurged];

function venueIdOf(subject: string, payload: unknown): string | null {
  if (!DELETION_SUBJECTS.includes(subject)) return null;
  const data = (payload as { data?: { venueId?: unknown } } | null)?.data;
  return typeof data?.venueId === 'string' ? data.venueId : null;
}

export type DeletedVenueReadModel = ReadModel<EntrySource, DeletedVenueEntry, DeletedVenueSort>;

/**
 * Another replica's delete, restore or purge arrives as its event and is re-read by `_id` (one read per such
 * event, admin actions only); this instance's own are applied at once by the use cases.
 */
export function createDeletedVenueReadModel(model: VenueModel, options: { logger: Logger; nc?: NatsConnection }): DeletedVenueReadModel {
  return createVenueCollectionReadModel(model, {
    name: 'deleted-venues',
    ...options,
    extraFields: [],
    toRecord: entryOf,
    leaguesOf: (entry) => entry.venue.leagues,
    sorts: SORTS,
    recordIdOf: venueIdOf,
  });
}

/** One page of deleted venues, newest deleted first. */
export function listDeletedFromReadModel(readModel: DeletedVenueReadModel, query: ListDeletedVenuesQuery): ListDeletedVenuesResult {
  return readPage(readModel, { text: query.q ?? '', sort: 'deleted' }, query, (entry) => entry.venue);
}
