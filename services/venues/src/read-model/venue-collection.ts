// What the venue read models (active venues: venue-read-model.ts; soft-deleted ones: deleted-venue-read-model.ts)
// share: the kit's ReadModel over the venues collection (one scan, re-reads by `_id`, only the list card's
// fields), entries that carry their search text and are tagged by the venue's leagues.
import { LEAGUES } from '@venuebook/domain';
import { STREAMS } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection, ReadRecord } from '@venuebook/service-kit';
import { SEARCH_FIELDS, SUMMARY_FIELDS } from '../repositories/venue.repository.ts';
import type { VenueDocument, VenueModel } from '../repositories/venue.model.ts';

/** The fields a venue read model reads: `_id`, `deletedAt`, the list card's and `Extra`. */
export type VenueSource<Extra extends keyof VenueDocument = never> = Pick<VenueDocument, '_id' | 'deletedAt' | Extra | (typeof SUMMARY_FIELDS)[number]>;

/** The text a venue is searched by (SEARCH_FIELDS, joined). */
export const venueSearchText = (venue: Pick<VenueDocument, (typeof SEARCH_FIELDS)[number]>): string =>
  SEARCH_FIELDS.map((field) => venue[field] ?? '').join('\n');

export interface VenueReadModelOptions<Extra extends keyof VenueDocument, Entry extends ReadRecord & { searchText: string }, Sort extends string> {
  /** For the log. */
  name: string;
  logger: Logger;
  /** With it, another replica's writes arrive as events of the venues stream. */
  nc?: NatsConnection | undefined;
  /** Fields read besides `_id`, `deletedAt` and the list card's. */
  extraFields: readonly Extra[];
  /** The entry of a venue, or null when this list leaves it out. */
  toRecord(doc: VenueSource<Extra>): Entry | null;
  leaguesOf(entry: Entry): readonly string[];
  sorts: Record<Sort, (a: Entry, b: Entry) => number>;
  /** The venue an event of the venues stream changed (null: none of this list's). */
  recordIdOf(subject: string, payload: unknown): string | null;
  /**
   * With it, the load reads whole documents (FerretDB reads them whole anyway and projects in Go) and hands each
   * to `whole` before the read model takes its fields: one scan warms the point-read cache too.
   */
  whole?: ((doc: VenueDocument) => void) | undefined;
}

export function createVenueCollectionReadModel<Extra extends keyof VenueDocument, Entry extends ReadRecord & { searchText: string }, Sort extends string>(
  model: VenueModel,
  options: VenueReadModelOptions<Extra, Entry, Sort>,
): ReadModel<VenueSource<Extra>, Entry, Sort> {
  const fields = ['_id', 'deletedAt', ...options.extraFields, ...SUMMARY_FIELDS].join(' ');
  return new ReadModel<VenueSource<Extra>, Entry, Sort>({
    name: options.name,
    logger: options.logger,
    source: {
      // One scan, streamed in batches (pages by {_id: {$gt}} would each scan the whole collection on FerretDB v1).
      scan: options.whole
        ? async function* () {
            for await (const doc of model.find({}).lean<VenueDocument[]>().cursor({ batchSize: 1000 })) {
              options.whole!(doc);
              yield doc;
            }
          }
        : () => model.find({}).select(fields).lean<VenueSource<Extra>[]>().cursor({ batchSize: 1000 }),
      byId: (id) => model.findById(id).select(fields).lean<VenueSource<Extra>>().exec(),
    },
    toRecord: options.toRecord,
    searchText: (entry) => entry.searchText,
    tagValues: LEAGUES.map((league) => league.value),
    tagsOf: options.leaguesOf,
    sorts: options.sorts,
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.venues.name, recordIdOf: options.recordIdOf } } : {}),
  });
}
