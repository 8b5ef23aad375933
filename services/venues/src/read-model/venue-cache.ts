// GetVenue's point-read cache: whole venue records (the kit's RecordCache), filled on read, dropped by every
// change the venue read model applies. So a point read costs no database round trip once a venue was read,
// and the database (on FerretDB v1 a `{_id}` read scans until it meets the row) is off the hot path.
//
// Staleness: this replica's own writes (create, update, delete, restore: each calls readModel.upsert/remove
// after the database write) drop the venue before the call returns, so the replica that wrote never serves
// the old venue; another replica serves its cached copy until the write's event (venue.updated/deleted/…)
// has been applied by its read model (the venue-replicas bench's target: p99 ≤ 1 s); a rebuild (missed events) empties the cache.
import { RecordCache } from '@venuebook/service-kit';
import type { VenueRecord } from '../domain/venue.ts';
import type { VenueDocument } from '../repositories/venue.model.ts';
import { toVenueRecord } from '../repositories/venue.repository.ts';
import type { VenueRepository } from '../repositories/venue.repository.ts';
import type { VenueReadModel } from './venue-read-model.ts';

/**
 * Per venue beyond its JSON length: the object, its arrays, string headers and the cache's own entry. JSON + 600
 * over-counts a venue's heap size (V8, 64 bits), so the budget is an upper bound (text outside Latin-1 takes two
 * bytes a character and is counted once).
 */
const OBJECT_OVERHEAD_BYTES = 600;

export type VenueCache = RecordCache<VenueRecord>;

/**
 * What the venue read model's load hands over (`whole`): active venues go into the cache until it is 95 % full
 * (past that, the LRU would only churn). So after a start the first read of a venue costs no database read either
 * (a cold read is a `{_id}` read, a scan on FerretDB v1, and a cold export pays one per venue:
 * docs/decisions/0002-read-models-instead-of-database-queries.md). A rebuild empties the cache (its changes are unknown).
 */
export function venueCacheWarmer(cache: VenueCache, maxMb: number): (doc: VenueDocument) => void {
  const limit = maxMb * 1024 * 1024 * 0.95;
  return (doc) => {
    if (doc.deletedAt || cache.bytes >= limit) return;
    cache.set(doc._id, toVenueRecord(doc));
  };
}

export function createVenueCache(repository: VenueRepository, readModel: VenueReadModel, maxMb: number): VenueCache {
  const cache = new RecordCache<VenueRecord>({
    maxBytes: Math.round(maxMb * 1024 * 1024),
    load: (id) => repository.getById(id),
    sizeOf: (venue) => JSON.stringify(venue).length + OBJECT_OVERHEAD_BYTES,
  });
  cache.follow(readModel);
  return cache;
}
