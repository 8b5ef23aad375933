import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_VENUE_SORT,
  LEAGUES,
  MAX_SEARCH_LENGTH,
  parseLeague,
  VENUE_SORTS,
  type League,
  type VenueListFilter,
  type VenueSort,
} from '@venuebook/sdk';

/** Home list state, kept in the URL (`?q=&sort=&leagues=`) so it survives reload and sharing. */
export interface HomeQuery {
  /** Search text as typed (trimmed only when sent). */
  q: string;
  sort: VenueSort;
  /** Selected leagues in LEAGUES order; empty = all. */
  leagues: League[];
}

export const DEFAULT_HOME_QUERY: HomeQuery = { q: '', sort: DEFAULT_VENUE_SORT, leagues: [] };

function isVenueSort(value: unknown): value is VenueSort {
  return typeof value === 'string' && (VENUE_SORTS as readonly string[]).includes(value);
}

/** Leagues in display order, without duplicates. */
export function normalizeLeagues(leagues: Iterable<League>): League[] {
  const set = new Set(leagues);
  return LEAGUES.map((l) => l.value).filter((value) => set.has(value));
}

/**
 * Reads the Home state from URL search params. Unknown sorts fall back to the default;
 * leagues may be given comma-separated or repeated, by value or label ('OTS'); unknown ones are dropped.
 */
export function parseHomeQuery(params: URLSearchParams): HomeQuery {
  const q = (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const sortParam = params.get('sort');
  const sort = isVenueSort(sortParam) ? sortParam : DEFAULT_VENUE_SORT;
  const leagues = normalizeLeagues(
    params
      .getAll('leagues')
      .flatMap((value) => value.split(','))
      .map(parseLeague)
      .filter((league): league is League => league !== undefined),
  );
  return { q, sort, leagues };
}

/** The URL search params for a Home state; defaults are left out so the plain URL is `/`. */
export function serializeHomeQuery(query: HomeQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q);
  if (query.sort !== DEFAULT_VENUE_SORT) params.set('sort', query.sort);
  const leagues = normalizeLeagues(query.leagues);
  if (leagues.length > 0) params.set('leagues', leagues.join(','));
  return params;
}

/** True when a search or a league filter narrows the list (chooses the empty-state text). */
export function isFiltered(query: HomeQuery): boolean {
  return query.q.trim() !== '' || query.leagues.length > 0;
}

export function toggleLeague(leagues: readonly League[], league: League): League[] {
  return leagues.includes(league) ? leagues.filter((l) => l !== league) : normalizeLeagues([...leagues, league]);
}

/** The API list for a Home state (pages are the list query's own). */
export function toListFilter(query: HomeQuery, pageSize: number = DEFAULT_PAGE_SIZE): VenueListFilter {
  const q = query.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(query.leagues.length > 0 ? { leagues: [...query.leagues] } : {}),
    sort: query.sort,
    pageSize,
  };
}

export const EMPTY_TEXT = {
  filtered: 'No venues match your filters',
  none: 'No venues found',
} as const;

export function emptyText(query: HomeQuery): string {
  return isFiltered(query) ? EMPTY_TEXT.filtered : EMPTY_TEXT.none;
}
