// The duplicate check's name rules (spec §5 'Duplicate check'): how venue names are normalised and scored.
// Pure; the read model supplies the candidates (read-model/duplicate-check.ts).
import { distance } from 'fastest-levenshtein';
import type { League } from '@venuebook/domain';
import { foldText } from '@venuebook/service-kit';

/** The leagues compared within when the user chose none (spec §5). */
export const DUPLICATE_CHECK_DEFAULT_LEAGUES: readonly League[] = ['OTE', 'OT7', 'OTX', 'OT Select'];

/** At most this many matches are answered (the dialog's list scrolls at 15rem). */
export const MAX_SIMILAR_VENUES = 10;

/**
 * Levenshtein similarity (1 − distance / longer length) from which two names are 'Very similar'. 0.8 keeps
 * abbreviations and typos ('Madison Square Garden' / 'Madison Sq Garden' 0.81, 'Staples Center' / 'Staples
 * Centre' 0.86, 'Wembley Stadium' / 'Wembly Stadium' 0.93) and leaves different venues sharing a word out
 * ('State Farm Arena' / 'State Farm Stadium' 0.67, 'Rogers Arena' / 'Rogers Centre' 0.62, 'Madison Square
 * Garden' / 'Madison Avenue Hotel' 0.52).
 */
export const SIMILAR_NAME_THRESHOLD = 0.8;

/**
 * A name whose words appear whole in the other name counts when it covers at least this share of the longer
 * name's characters: 'Arena' / 'Arena 2' (0.71) and 'Madison Square Garden' / 'Madison Square Garden Theater'
 * (0.72) match, 'Arena' / 'Crypto.com Arena' (0.31) does not (every "… Arena" would).
 */
export const CONTAINED_NAME_COVERAGE = 0.5;

/** A name as compared: its words joined by one space, and without spaces (for the exact match). */
export interface NormalisedName {
  words: string;
  compact: string;
}

/**
 * Lower case, accents folded (the read model's foldText), '&' read as 'and', apostrophes dropped ("Joe's" =
 * "Joes"), other punctuation a word break, the word 'the' dropped ('The O2 Arena' = 'O2 Arena': an article,
 * never what tells two venues apart; 'a' and 'an' stay, 'Stage A' is a name), spaces collapsed.
 */
export function normaliseVenueName(name: string): NormalisedName {
  const words = foldText(name)
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && word !== 'the');
  return { words: words.join(' '), compact: words.join('') };
}

export interface NameMatch {
  similarity: number;
  reason: string;
  exact: boolean;
}

/** Rounded to 2 decimals (what the dialog shows as a percentage; keeps the answer stable). */
const rounded = (value: number): number => Math.round(value * 100) / 100;

/**
 * How `candidate` (an existing venue's name) matches `typed` (the name being added), or null when it does not:
 * the same normalised name (spaces aside: 'Crypto.com Arena' = 'Cryptocom Arena') is an exact match (1);
 * Levenshtein similarity ≥ SIMILAR_NAME_THRESHOLD is 'Very similar name'; one name inside the other as whole
 * words, covering ≥ CONTAINED_NAME_COVERAGE of it, is 'Name contains "…"' / 'Name is contained in "…"'.
 */
export function matchNames(typed: NormalisedName, typedAsEntered: string, candidate: NormalisedName): NameMatch | null {
  if (typed.compact === '' || candidate.compact === '') return null;
  if (typed.compact === candidate.compact) return { similarity: 1, reason: 'Exact name match', exact: true };
  const a = typed.words;
  const b = candidate.words;
  const longer = Math.max(a.length, b.length);
  const shorter = Math.min(a.length, b.length);
  // Neither rule can hold: the distance is at least the length difference, and containment needs the coverage.
  if (shorter / longer < Math.min(SIMILAR_NAME_THRESHOLD, CONTAINED_NAME_COVERAGE)) return null;
  const similarity = 1 - distance(a, b) / longer;
  if (similarity >= SIMILAR_NAME_THRESHOLD) return { similarity: rounded(similarity), reason: 'Very similar name', exact: false };
  const coverage = shorter / longer;
  if (coverage < CONTAINED_NAME_COVERAGE) return null;
  const score = rounded(Math.max(similarity, coverage));
  if (a.length < b.length && ` ${b} `.includes(` ${a} `)) return { similarity: score, reason: `Name contains "${typedAsEntered.trim()}"`, exact: false };
  if (b.length < a.length && ` ${a} `.includes(` ${b} `)) return { similarity: score, reason: `Name is contained in "${typedAsEntered.trim()}"`, exact: false };
  return null;
}
