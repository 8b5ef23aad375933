import { Charset, Encoder, Index } from 'flexsearch';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@venuebook/domain/testing';
import { createTermEncoder, PrefixIndex } from './prefix-index.ts';

/** The slots below `size` a search matched. */
function matched(index: PrefixIndex, text: string, size = 64): number[] {
  const { marks, mark } = index.search(text);
  const slots: number[] = [];
  for (let slot = 0; slot < Math.min(size, marks.length); slot += 1) if (marks[slot] === mark) slots.push(slot);
  return slots;
}

function indexOf(texts: Record<number, string>): PrefixIndex {
  const index = new PrefixIndex();
  for (const [slot, text] of Object.entries(texts)) index.add(Number(slot), text);
  return index;
}

describe('PrefixIndex', () => {
  it('matches a query word that starts a word of the record, not one inside it', () => {
    const index = indexOf({ 0: 'madison square garden', 1: 'united center', 2: 'garden state arena' });
    expect(matched(index, 'mad')).toEqual([0]);
    expect(matched(index, 'garden')).toEqual([0, 2]);
    // 'g' is encoded as 'k' (the encoder's phonetic classes): 'center' ('kemter') starts with it too.
    expect(matched(index, 'g')).toEqual([0, 1, 2]);
    expect(matched(index, 'arden')).toEqual([]);
    expect(matched(index, 'madison square garden')).toEqual([0]);
    expect(matched(index, 'madisons')).toEqual([]);
  });

  it('needs every query word (AND), each matched by any word of the record', () => {
    const index = indexOf({ 0: 'madison square garden', 1: 'garden state arena', 2: 'square one' });
    expect(matched(index, 'gar sq')).toEqual([0]);
    expect(matched(index, 'sq gar')).toEqual([0]);
    expect(matched(index, 'garden arena')).toEqual([1]);
    expect(matched(index, 'madison arena')).toEqual([]);
    expect(matched(index, 'garden one')).toEqual([]);
    // Two query words may match the same record word.
    expect(matched(index, 'squ square')).toEqual([0, 2]);
  });

  it('folds accents and keeps the encoder tolerance (phonetic classes, doubled letters)', () => {
    const index = indexOf({ 0: 'Zürich Hallenstadion', 1: 'Łódź Atlas Arena', 2: 'Madison Square' });
    expect(matched(index, 'zurich')).toEqual([0]);
    expect(matched(index, 'ZÜRI')).toEqual([0]);
    expect(matched(index, 'halenstadion')).toEqual([0]);
    expect(matched(index, 'madizon')).toEqual([2]);
  });

  it('matches nothing for a query without words', () => {
    const index = indexOf({ 0: 'madison square garden', 1: 'united center' });
    expect(matched(index, '')).toEqual([]);
    expect(matched(index, '   ')).toEqual([]);
    expect(matched(index, '(*[')).toEqual([]);
  });

  it('takes a removed record out of every term, and an updated one answers by its new text only', () => {
    const index = indexOf({ 0: 'madison square garden', 1: 'garden state arena', 2: 'united center' });
    index.remove(1, 'garden state arena');
    expect(matched(index, 'garden')).toEqual([0]);
    expect(matched(index, 'state')).toEqual([]);
    expect(matched(index, 'arena')).toEqual([]);
    index.remove(0, 'madison square garden');
    index.add(0, 'madison hall');
    expect(matched(index, 'garden')).toEqual([]);
    expect(matched(index, 'square')).toEqual([]);
    expect(matched(index, 'madison hall')).toEqual([0]);
    expect(index.termCount).toBe(4); // madison, hall, united, center
  });

  it('reuses a slot for another record without its former terms', () => {
    const index = indexOf({ 0: 'alpha beta', 1: 'alpha gamma' });
    index.remove(0, 'alpha beta');
    index.add(0, 'delta');
    expect(matched(index, 'alpha')).toEqual([1]);
    expect(matched(index, 'beta')).toEqual([]);
    expect(matched(index, 'delta')).toEqual([0]);
    index.add(2, 'alpha beta');
    expect(matched(index, 'alpha')).toEqual([1, 2]);
    expect(matched(index, 'beta')).toEqual([2]);
  });

  it('holds a term repeated in one text once: one removal takes it out (FlexSearch’s memo repeats a term only sometimes)', () => {
    let calls = 0;
    // Repeats words on the first encodings only, as FlexSearch's Encoder does on a memo hit.
    const index = new PrefixIndex((text) => (calls++ < 2 ? text.split(' ') : [...new Set(text.split(' '))]));
    index.add(1, 'city hall');
    index.add(0, 'hall b hall c hall');
    index.remove(0, 'hall b hall c hall');
    expect(matched(index, 'hall')).toEqual([1]);
    index.remove(1, 'city hall');
    expect(matched(index, 'hall')).toEqual([]);
    expect(index.termCount).toBe(0);
  });

  it('grows for a high slot and keeps answering after many removals (terms without records compacted)', () => {
    const index = new PrefixIndex();
    index.add(5000, 'far away');
    expect(matched(index, 'far', 6000)).toEqual([5000]);
    for (let slot = 0; slot < 3000; slot += 1) index.add(slot, `venue ${slot} common`);
    for (let slot = 0; slot < 2900; slot += 1) index.remove(slot, `venue ${slot} common`);
    const left = Array.from({ length: 100 }, (_, at) => 2900 + at);
    const encode = createTermEncoder();
    // far, away, venue, common and the numbers left (doubled digits collapse: 2900 and 2990 are both 290).
    expect(index.termCount).toBe(4 + new Set(left.flatMap((slot) => encode(String(slot)))).size);
    expect(matched(index, 'venue 29', 6000)).toEqual(left);
    expect(matched(index, 'common', 6000)).toHaveLength(100);
    expect(matched(index, '1', 6000)).toEqual([]);
    index.add(1, 'venue 1 common');
    expect(matched(index, '1 ven', 6000)).toEqual([1]);
  });

  it('matches exactly what FlexSearch’s forward index matched, through adds, updates and removals', () => {
    const next = seededRandom(42);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
    const vocabulary = [
      'Madison',
      'Square',
      'Garden',
      'Zürich',
      'Straße',
      'strasse',
      'Hall',
      'Halle',
      'Hallenstadion',
      'Arena',
      'Łódź',
      'Philips',
      'Filips',
      'Centre',
      'Center',
      'Ballroom',
      'Stage',
      'Königstraße',
      'Øster',
      'Allé',
      'New',
      'York',
      'NY',
      'Ny',
      'Saint',
      'St',
      'Pavilion',
      'Kwame',
      'Chen',
      'O',
      'A',
      'Éloïse',
    ];
    const text = (): string =>
      Array.from({ length: 1 + Math.floor(next() * 6) }, () => (next() < 0.2 ? String(Math.floor(next() * 3000)) : pick(vocabulary))).join(' ');
    const flex = new Index({ tokenize: 'forward', encoder: new Encoder({ ...Charset.LatinBalance, numeric: false }), fastupdate: true, cache: false });
    const ours = new PrefixIndex();
    const texts = new Map<number, string>();
    const size = 300;
    const apply = (slot: number, value: string | undefined): void => {
      const old = texts.get(slot);
      if (old !== undefined) {
        flex.remove(slot);
        ours.remove(slot, old);
        texts.delete(slot);
      }
      if (value !== undefined) {
        flex.add(slot, value);
        ours.add(slot, value);
        texts.set(slot, value);
      }
    };
    const queries = (): string[] => {
      const words = [...vocabulary, ...Array.from({ length: 20 }, () => String(Math.floor(next() * 3000)))];
      const prefixes = words.flatMap((word) => [word.slice(0, 1), word.slice(0, 2), word.slice(0, 3), word]);
      return [
        ...prefixes,
        ...Array.from({ length: 100 }, () => `${pick(prefixes)} ${pick(prefixes)}`),
        ...Array.from({ length: 30 }, () => `${pick(prefixes)} ${pick(prefixes)} ${pick(prefixes)}`),
      ];
    };
    const compare = (): void => {
      for (const query of queries()) {
        const expected = ((flex.search(query, { limit: size }) as number[] | undefined) ?? []).toSorted((a, b) => a - b);
        expect(matched(ours, query, size), query).toEqual(expected);
      }
    };
    for (let slot = 0; slot < size; slot += 1) apply(slot, text());
    compare();
    for (let change = 0; change < 400; change += 1) apply(Math.floor(next() * size), next() < 0.3 ? undefined : text());
    compare();
  });
});
