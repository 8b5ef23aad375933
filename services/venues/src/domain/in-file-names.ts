// The names of the rows of one import file, for its in-file duplicate check: an exact match is a Map lookup on
// the compact normalised name, and a row is scored with matchNames only against the earlier rows that can match it
// by the trigram count bound below — not against every earlier row (synchronous Levenshtein against every earlier
// row grows with the square of the file: docs/decisions/0006-csv-import-in-bounded-windows.md).
import { CONTAINED_NAME_COVERAGE, matchNames, SIMILAR_NAME_THRESHOLD } from './duplicate-names.ts';
import type { NameMatch, NormalisedName } from './duplicate-names.ts';

interface Entry<T> {
  index: number;
  normalised: NormalisedName;
  grams: ReadonlySet<string>;
  value: T;
}

/** The distinct trigrams of a name's words with a space either side (so a name inside another as whole words has all its trigrams in the other). */
function trigrams(words: string): Set<string> {
  const padded = ` ${words} `;
  const grams = new Set<string>();
  for (let at = 0; at + 3 <= padded.length; at += 1) grams.add(padded.slice(at, at + 3));
  return grams;
}

/** The most edits a 'Very similar name' of this length may be from it. */
function maxEdits(length: number): number {
  return Math.floor(length * (1 - SIMILAR_NAME_THRESHOLD) + 1e-9);
}

/**
 * Whether two names sharing `shared` distinct trigrams can match by matchNames' rules. An edit changes at most 3
 * trigrams, so a Levenshtein match (at most maxEdits(longer) edits, which needs shorter ≥ longer − maxEdits) shares
 * at least min(|grams|) − 3·maxEdits(longer); a whole-word containment shares all the shorter name's trigrams.
 */
function mayMatch(a: Entry<unknown>, b: Entry<unknown>, shared: number): boolean {
  const longer = Math.max(a.normalised.words.length, b.normalised.words.length);
  const shorter = Math.min(a.normalised.words.length, b.normalised.words.length);
  if (shorter / longer < Math.min(SIMILAR_NAME_THRESHOLD, CONTAINED_NAME_COVERAGE)) return false;
  const fewer = Math.min(a.grams.size, b.grams.size);
  const needed = shorter >= longer - maxEdits(longer) ? fewer - 3 * maxEdits(longer) : fewer;
  return shared >= needed;
}

/** A name that may match one sharing no trigram with it (very repetitive, e.g. 'aaaaaaa'): always scored. */
function isLoose(entry: Entry<unknown>): boolean {
  const length = entry.normalised.words.length;
  return entry.grams.size - 3 * maxEdits(Math.ceil(length / SIMILAR_NAME_THRESHOLD)) <= 0;
}

/** How many candidates `matches` scores per match it may answer (see `most`). */
export const SCORED_PER_MATCH = 20;

export class InFileNames<T> {
  private readonly entries: Entry<T>[] = [];
  private readonly byCompact = new Map<string, Entry<T>[]>();
  private readonly postings = new Map<string, number[]>();
  private readonly loose: number[] = [];
  /**
   * Per entry, 1 + the trigrams it shares with the probe being matched (0: not a candidate), reset after each probe.
   * A typed array, not a Map: a gram common to most names ('the', a shared prefix) adds every entry to the count, and
   * over a whole file (10,000 rows, each against every earlier one) a Map would be most of the preview's time.
   */
  private counts = new Uint32Array(1024);

  /**
   * The earlier rows whose name matches `normalised` (exact or similar) and that `accept` takes, in the order they
   * were added. With `most`, at most that many (exact ones first) after scoring at most `most` × SCORED_PER_MATCH
   * candidates: otherwise a file of thousands of alike names ('Grand Arena 00001' …) makes each row score every
   * earlier one, and a single window costs minutes of CPU and millions of matches
   * (docs/decisions/0006-csv-import-in-bounded-windows.md).
   */
  matches(normalised: NormalisedName, asEntered: string, accept: (value: T) => boolean, most = Number.POSITIVE_INFINITY): { value: T; match: NameMatch }[] {
    if (normalised.compact === '') return [];
    const probe: Entry<T> = { index: -1, normalised, grams: trigrams(normalised.words), value: undefined as T };
    const found = new Map<number, { value: T; match: NameMatch }>();
    for (const entry of this.byCompact.get(normalised.compact) ?? []) {
      if (found.size >= most) break;
      if (accept(entry.value)) found.set(entry.index, { value: entry.value, match: { similarity: 1, reason: 'Exact name match', exact: true } });
    }
    const budget = most * SCORED_PER_MATCH;
    let scored = 0;
    const counts = this.counts;
    const candidates: number[] = [];
    const consider = (index: number): void => {
      if (counts[index] === 0) {
        counts[index] = 1;
        candidates.push(index);
      }
    };
    if (isLoose(probe)) for (const entry of this.entries) consider(entry.index);
    else for (const index of this.loose) consider(index);
    for (const gram of probe.grams) {
      for (const index of this.postings.get(gram) ?? []) {
        consider(index);
        counts[index]! += 1;
      }
    }
    for (const index of candidates) {
      const shared = counts[index]! - 1;
      counts[index] = 0;
      const entry = this.entries[index]!;
      if (found.size >= most || scored >= budget || found.has(index) || !mayMatch(probe, entry, shared) || !accept(entry.value)) continue;
      scored += 1;
      const match = matchNames(normalised, asEntered, entry.normalised);
      if (match) found.set(index, { value: entry.value, match });
    }
    return [...found.entries()].sort(([a], [b]) => a - b).map(([, result]) => result);
  }

  add(normalised: NormalisedName, value: T): void {
    if (normalised.compact === '') return;
    const entry: Entry<T> = { index: this.entries.length, normalised, grams: trigrams(normalised.words), value };
    this.entries.push(entry);
    if (this.entries.length > this.counts.length) {
      const grown = new Uint32Array(this.counts.length * 2);
      grown.set(this.counts);
      this.counts = grown;
    }
    const same = this.byCompact.get(normalised.compact);
    if (same) same.push(entry);
    else this.byCompact.set(normalised.compact, [entry]);
    for (const gram of entry.grams) {
      const list = this.postings.get(gram);
      if (list) list.push(entry.index);
      else this.postings.set(gram, [entry.index]);
    }
    if (isLoose(entry)) this.loose.push(entry.index);
  }
}
