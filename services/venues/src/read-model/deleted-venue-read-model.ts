// The deleted-venues list (spec §2 'Deleted Venues', §7 newest deleted first), in memory: the venues read
// model keeps only active venues, this one only soft-deleted ones (the kit's ReadModel, the same collection).
import { LEAGUES } from '@venuebook/proto/domain';
import type { DeletedVenue, ListDeletedVenuesQuery, ListDeletedVenuesResult } from '@venuebook/proto/domain';
import { SUBJECTS, STREAMS } from '@venuebook/proto/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import type { VenueRecord } from '../domain/venue.ts';
import { SEARCH_FIELDS, SUMMARY_FIELDS, toVenueSummary } from '../repositories/venue.repository.ts';
import type { VenueDocument, VenueModel } from '../repositories/venue.model.ts';

/** What the list keeps of a deleted venue: its list card with the deletion time, and the searched text. */
export interface DeletedVenueEntry {
  id: string;
  venue: DeletedVenue;
  searchText: string;
}

type EntrySource = Pick<VenueDocument, '_id' | 'deletedAt' | (typeof SUMMARY_FIELDS)[number]>;

const FIELDS = ['_id', 'deletedAt', ...SUMMARY_FIELDS].join(' ');

function entryOf(doc: EntrySource): DeletedVenueEntry | null {
  if (!doc.deletedAt) return null;
  return {
    id: doc._id,
    venue: { ...toVenueSummary(doc), deletedAt: new Date(doc.deletedAt).toISOString() },
    searchText: SEARCH_FIELDS.map((field) => doc[field] ?? '').join('\n'),
  };
}

/** The entry of a venue the service has just soft-deleted. */
export function deletedVenueEntry(venue: VenueRecord): DeletedVenueEntry {
  if (!venue.deletedAt) throw new Error(`venue ${venue.id} is not deleted`);
  return entryOf({ ...venue, _id: venue.id, createdAt: new Date(venue.createdAt), updatedAt: new Date(venue.updatedAt), activityAt: new Date(venue.activityAt), deletedAt: new Date(venue.deletedAt) })!;
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
  return new ReadModel<EntrySource, DeletedVenueEntry, DeletedVenueSort>({
    name: 'deleted-venues',
    logger: options.logger,
    source: {
      scan: () => model.find({}).select(FIELDS).lean<EntrySource[]>().cursor({ batchSize: 1000 }),
      byId: (id) => model.findById(id).select(FIELDS).lean<EntrySource>().exec(),
    },
    toRecord: entryOf,
    searchText: (entry) => entry.searchText,
    tagValues: LEAGUES.map((league) => league.value),
    tagsOf: (entry) => entry.venue.leagues,
    sorts: SORTS,
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.venues.name, recordIdOf: venueIdOf } } : {}),
  });
}

/** One page of deleted venues, newest deleted first. */
export function listDeletedFromReadModel(readModel: DeletedVenueReadModel, query: ListDeletedVenuesQuery): ListDeletedVenuesResult {
  const page = readModel.query({ text: query.q ?? '', sort: 'deleted', offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
  return { items: page.items.map((entry) => entry.venue), total: page.total, page: query.page, pageSize: query.pageSize };
}
