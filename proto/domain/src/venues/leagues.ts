export const LEAGUE_VALUES = ['OTE', 'OT7', 'OTX', 'OT Select', 'Studio', 'Other'] as const;

export type League = (typeof LEAGUE_VALUES)[number];

export interface LeagueOption {
  readonly value: League;
  /** Display name ('OT Select' is shown as 'OTS'). */
  readonly label: string;
  /** Chakra UI colour palette name, distinct per league. */
  readonly color: string;
}

/** The six leagues of spec §3, each with its own colour. */
export const LEAGUES: readonly LeagueOption[] = [
  { value: 'OTE', label: 'OTE', color: 'blue' },
  { value: 'OT7', label: 'OT7', color: 'purple' },
  { value: 'OTX', label: 'OTX', color: 'orange' },
  { value: 'OT Select', label: 'OTS', color: 'teal' },
  { value: 'Studio', label: 'Studio', color: 'pink' },
  { value: 'Other', label: 'Other', color: 'gray' },
];

/** When no league is chosen, the duplicate check uses these (spec §5). */
export const DUPLICATE_CHECK_DEFAULT_LEAGUES: readonly League[] = ['OTE', 'OT7', 'OTX', 'OT Select'];

export function isLeague(value: unknown): value is League {
  return typeof value === 'string' && (LEAGUE_VALUES as readonly string[]).includes(value);
}

/** Display name of a league value; unknown values are shown as given. */
export function leagueLabel(value: string): string {
  return LEAGUES.find((l) => l.value === value)?.label ?? value;
}

/** Chakra colour palette of a league value; unknown values are gray. */
export function leagueColor(value: string): string {
  return LEAGUES.find((l) => l.value === value)?.color ?? 'gray';
}

/**
 * Parses a league given as its value or its display label, case-insensitively
 * ('ots' → 'OT Select', 'ote' → 'OTE'). Returns undefined when unknown.
 */
export function parseLeague(value: string): League | undefined {
  const v = value.trim().toLowerCase();
  if (!v) return undefined;
  return LEAGUES.find((l) => l.value.toLowerCase() === v || l.label.toLowerCase() === v)?.value;
}
