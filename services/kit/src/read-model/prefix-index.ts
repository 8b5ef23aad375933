// A compact prefix index for the read models' search: every query term must be a prefix of some term of the
// record (AND over the query's terms). It holds each distinct term once, sorted, with the slots of the records
// that have it; a query term's matches are the slots of the terms in its prefix range (binary search).
//
// It replaces FlexSearch's `Index` with `tokenize: 'forward'`, which stores every prefix of every term with
// its own posting list, so its memory and build time grow with every prefix rather than every distinct term;
// `fastupdate: false` shrinks it but then a removal scans the whole index (figures:
// docs/decisions/0002-read-models-instead-of-database-queries.md). The terms still come from FlexSearch's Encoder
// (see `createTermEncoder`), so the matching, accent folding and phonetic tolerance stay the same.
import { Charset, Encoder } from 'flexsearch';

/** Splits and encodes a text into its terms; the same function encodes records and queries (a pure function: `remove` encodes again). */
export type TermEncoder = (text: string) => readonly string[];

/** The terms of FlexSearch's balanced Latin charset (phonetic letter classes, doubled letters collapsed), numbers kept whole. */
export function createTermEncoder(): TermEncoder {
  // No memo: with it the encoder is slower here (every record's text is new) and may repeat a term in one text.
  const encoder = new Encoder({ ...Charset.LatinBalance, numeric: false, cache: false });
  // Distinct terms (the second argument, missing from the typings), as FlexSearch's index encodes a record or a query.
  const encode = encoder.encode.bind(encoder) as (content: string, dedupeTerms: boolean) => string[];
  return (text) => encode(text, true);
}

/** No slot (a term whose last record went; compacted away later). */
const NONE = -1;

/** A distinct term and its postings: one slot as a number (most terms, e.g. numbers, are in one record), more as an array. */
class Term {
  readonly term: string;
  slots: number | number[];
  constructor(term: string, slots: number | number[]) {
    this.term = term;
    this.slots = slots;
  }
}

function byTerm(a: Term, b: Term): number {
  return a.term < b.term ? -1 : a.term > b.term ? 1 : 0;
}

/**
 * What a search matched: the slots `s` with `marks[s] === mark`. Valid until the next search of the same
 * index (the marks are reused).
 */
export interface PrefixMatches {
  readonly marks: Uint32Array;
  readonly mark: number;
}

/**
 * Records by slot (small non-negative integers, reused after removal) with their text's terms. `add` and
 * `remove` take the record's text (the same text for both: the index keeps no per-record term list).
 */
export class PrefixIndex {
  readonly #encode: TermEncoder;
  readonly #terms = new Map<string, Term>();
  /** Every term (empty ones too until compacted), sorted by code unit, except those still in #pending. */
  #sorted: Term[] = [];
  /** New terms not yet in #sorted (merged before a search: a bulk load sorts once). */
  #pending: Term[] = [];
  /** Terms without slots still held. */
  #empty = 0;
  #marks = new Uint32Array(1024);
  /** The last mark value handed out (each search takes fresh ones). */
  #generation = 0;

  constructor(encode: TermEncoder = createTermEncoder()) {
    this.#encode = encode;
  }

  /** Distinct terms held (with slots). */
  get termCount(): number {
    return this.#terms.size - this.#empty;
  }

  /** Indexes the record in `slot` (which holds no record) under the terms of `text`. */
  add(slot: number, text: string): void {
    if (slot >= this.#marks.length) {
      const grown = new Uint32Array(Math.max(slot + 1, this.#marks.length * 2));
      grown.set(this.#marks);
      this.#marks = grown;
    }
    for (const term of this.#encode(text)) {
      const entry = this.#terms.get(term);
      if (!entry) {
        const created = new Term(term, slot);
        this.#terms.set(term, created);
        this.#pending.push(created);
      } else if (typeof entry.slots !== 'number') {
        // A term repeated in one text is held once (its slot was just pushed).
        if (entry.slots.at(-1) !== slot) entry.slots.push(slot);
      } else if (entry.slots === NONE) {
        entry.slots = slot;
        this.#empty -= 1;
      } else if (entry.slots !== slot) entry.slots = [entry.slots, slot];
    }
  }

  /** Takes the record in `slot` out; `text` is the text it was added with. */
  remove(slot: number, text: string): void {
    for (const term of this.#encode(text)) {
      const entry = this.#terms.get(term);
      if (!entry) continue;
      const slots = entry.slots;
      if (typeof slots === 'number') {
        if (slots !== slot) continue;
        entry.slots = NONE;
        this.#empty += 1;
        continue;
      }
      const at = slots.lastIndexOf(slot);
      if (at < 0) continue;
      slots[at] = slots[slots.length - 1]!;
      slots.pop();
      if (slots.length === 1) entry.slots = slots[0]!;
    }
    if (this.#empty > 1024 && this.#empty * 4 > this.#terms.size) this.#compact();
  }

  /** Drops the terms without slots. */
  #compact(): void {
    this.#flush();
    this.#sorted = this.#sorted.filter((entry) => {
      if (entry.slots !== NONE) return true;
      this.#terms.delete(entry.term);
      return false;
    });
    this.#empty = 0;
  }

  /** Merges the new terms into the sorted ones (call after a bulk load, so the first search does not pay for it). */
  flush(): void {
    this.#flush();
  }

  #flush(): void {
    const pending = this.#pending;
    if (pending.length === 0) return;
    this.#pending = [];
    const sorted = this.#sorted;
    if (pending.length <= 16) {
      for (const entry of pending) sorted.splice(this.#lowerBound(entry.term), 0, entry);
      return;
    }
    pending.sort(byTerm);
    const merged = new Array<Term>(sorted.length + pending.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < sorted.length && j < pending.length) merged[k++] = sorted[i]!.term <= pending[j]!.term ? sorted[i++]! : pending[j++]!;
    while (i < sorted.length) merged[k++] = sorted[i++]!;
    while (j < pending.length) merged[k++] = pending[j++]!;
    this.#sorted = merged;
  }

  /** The first position in #sorted whose term is not before `term`. */
  #lowerBound(term: string): number {
    const sorted = this.#sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]!.term < term) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first position in #sorted after the terms that start with `prefix`. */
  #prefixEnd(prefix: string): number {
    const sorted = this.#sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const term = sorted[middle]!.term;
      if (term < prefix || term.startsWith(prefix)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The slots whose record has, for every term of `text`, a term it is a prefix of (a text without terms
   * matches nothing). Each query term marks the slots the previous ones left (fresh mark values per search).
   */
  search(text: string): PrefixMatches {
    const words = this.#encode(text);
    this.#flush();
    if (this.#generation + words.length + 1 >= 0xffffffff) {
      this.#marks.fill(0);
      this.#generation = 0;
    }
    const start = this.#generation;
    const marks = this.#marks;
    const sorted = this.#sorted;
    const final = start + Math.max(words.length, 1);
    this.#generation = final;
    for (let w = 0; w < words.length; w += 1) {
      const prefix = words[w]!;
      const from = start + w;
      const to = from + 1;
      let marked = 0;
      const end = this.#prefixEnd(prefix);
      for (let at = this.#lowerBound(prefix); at < end; at += 1) {
        const slots = sorted[at]!.slots;
        if (typeof slots === 'number') {
          if (slots === NONE) continue;
          if (w === 0 || marks[slots] === from) {
            marks[slots] = to;
            marked += 1;
          }
        } else if (w === 0) {
          for (const slot of slots) marks[slot] = to;
          marked += slots.length;
        } else {
          for (const slot of slots) {
            if (marks[slot] === from) {
              marks[slot] = to;
              marked += 1;
            }
          }
        }
      }
      if (marked === 0) break;
    }
    return { marks, mark: final };
  }
}
