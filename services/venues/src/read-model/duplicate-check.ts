// The duplicate check over the read model (never the database): the active venues sharing a league, each
// scored by the name rules of domain/duplicate-names.ts.
import type { DuplicateCheckRequest, DuplicateCheckResult } from '@venuebook/domain';
import { DUPLICATE_CHECK_DEFAULT_LEAGUES, matchNames, MAX_SIMILAR_VENUES, normaliseVenueName } from '../domain/duplicate-names.ts';
import type { NameMatch, NormalisedName } from '../domain/duplicate-names.ts';
import { InFileNames } from '../domain/in-file-names.ts';
import type { VenueListEntry, VenueReadModel } from './venue-read-model.ts';

/**
 * Each entry's normalised name, made on its first check. The read model replaces an entry object on every
 * change (upsert), so a renamed venue is normalised again and a removed one is let go with its entry.
 */
const normalised = new WeakMap<VenueListEntry, NormalisedName>();

function nameOf(entry: VenueListEntry): NormalisedName {
  let name = normalised.get(entry);
  if (!name) {
    name = normaliseVenueName(entry.summary.name);
    normalised.set(entry, name);
  }
  return name;
}

/** Active venues with any of the leagues (the defaults when none), best match first, at most MAX_SIMILAR_VENUES. */
export function checkDuplicates(readModel: VenueReadModel, request: DuplicateCheckRequest): DuplicateCheckResult {
  const typed = normaliseVenueName(request.name);
  const leagues = request.leagues.length > 0 ? request.leagues : DUPLICATE_CHECK_DEFAULT_LEAGUES;
  const matches: { id: string; name: string; reason: string; similarity: number; exact: boolean }[] = [];
  readModel.query({
    tags: leagues,
    sort: 'name',
    offset: 0,
    limit: 0,
    // The walk over the league's venues scores each one; the page itself stays empty.
    filter: (entry) => {
      if (entry.id === request.excludeId) return false;
      const match = matchNames(typed, request.name, nameOf(entry));
      if (match) matches.push({ id: entry.id, name: entry.summary.name, ...match });
      return false;
    },
  });
  return resultOf(matches);
}

/** The best MAX_SIMILAR_VENUES of `matches` (in name order: the read model walks A→Z, so equal scores stay A→Z, a stable sort). */
function resultOf(matches: ({ id: string; name: string } & NameMatch)[]): DuplicateCheckResult {
  matches.sort((a, b) => b.similarity - a.similarity);
  const best = matches.slice(0, MAX_SIMILAR_VENUES);
  return {
    duplicateFound: best.length > 0,
    exactMatch: best.some((match) => match.exact),
    similarVenues: best.map(({ id, name, reason, similarity }) => ({ id, name, reason, similarity })),
  };
}

/**
 * checkDuplicates for many names at once (a CSV import of thousands of rows): the active venues are indexed once by
 * trigrams (domain/in-file-names.ts), so each name is scored only against the venues that can match it, not every
 * venue of its leagues (10,000 rows × 10,000 venues would be ~10⁸ Levenshtein distances). The same answers as
 * checkDuplicates (the index finds what scoring every pair finds); the venues as they were when it was made.
 */
export function duplicateChecker(readModel: VenueReadModel): (request: DuplicateCheckRequest) => DuplicateCheckResult {
  const index = new InFileNames<{ id: string; name: string; leagues: readonly string[] }>();
  readModel.query({
    sort: 'name',
    offset: 0,
    limit: 0,
    filter: (entry) => {
      index.add(nameOf(entry), { id: entry.id, name: entry.summary.name, leagues: entry.summary.leagues });
      return false;
    },
  });
  return (request) => {
    const leagues: readonly string[] = request.leagues.length > 0 ? request.leagues : DUPLICATE_CHECK_DEFAULT_LEAGUES;
    const found = index.matches(
      normaliseVenueName(request.name),
      request.name,
      (venue) => venue.id !== request.excludeId && venue.leagues.some((league) => leagues.includes(league)),
    );
    return resultOf(found.map(({ value, match }) => ({ id: value.id, name: value.name, ...match })));
  };
}
