// InFileNames finds exactly what scoring every earlier row with matchNames finds (its trigram bound only skips
// rows that cannot match), on names made to collide: short, long, repetitive, contained, one edit apart.
import { describe, expect, it } from 'vitest';
import { matchNames, normaliseVenueName } from './duplicate-names.ts';
import { InFileNames, SCORED_PER_MATCH } from './in-file-names.ts';

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('InFileNames', () => {
  it('answers at most `most` matches, the exact ones among them, after a bounded number of scorings (a file of alike names)', () => {
    const names = new InFileNames<number>();
    const name = (i: number) => `Grand Arena Stadium ${String(i).padStart(5, '0')}`;
    for (let i = 0; i < 5_000; i++) names.add(normaliseVenueName(name(i)), i);
    names.add(normaliseVenueName(name(4_999)), 5_000);
    let scorings = 0;
    const accept = () => {
      scorings += 1;
      return true;
    };
    const all = names.matches(normaliseVenueName(name(4_999)), name(4_999), () => true);
    expect(all.length).toBeGreaterThan(1_000);
    const capped = names.matches(normaliseVenueName(name(4_999)), name(4_999), accept, 10);
    expect(capped).toHaveLength(10);
    // The exact ones are always among them (answered in the order the rows were added).
    expect(capped.filter((found) => found.match.exact).map((found) => found.value)).toEqual([4_999, 5_000]);
    // `accept` runs once per exact row and once per scored candidate: the budget, not the 5,000 earlier rows.
    expect(scorings).toBeLessThanOrEqual(2 + 10 * SCORED_PER_MATCH);
  });

  it('matches as matchNames against every earlier row does', () => {
    const random = seeded(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const words = ['arena', 'park', 'the', 'blue', 'hall', 'aa', 'a', 'aaaa', 'centre', 'stadium', 'x', 'o2'];
    const names: string[] = [];
    for (let i = 0; i < 600; i += 1) {
      const kind = random();
      if (kind < 0.3 && names.length > 0) {
        const base = pick(names);
        const at = Math.floor(random() * base.length);
        names.push(`${base.slice(0, at)}${pick(['e', '', 'zz'])}${base.slice(at + 1)}`);
      } else if (kind < 0.45 && names.length > 0) names.push(`${pick(names)} ${pick(words)}`);
      else if (kind < 0.5) names.push('a'.repeat(1 + Math.floor(random() * 12)));
      else names.push(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join(' '));
    }
    const index = new InFileNames<number>();
    const earlier: { row: number; name: string }[] = [];
    let found = 0;
    names.forEach((name, row) => {
      const normalised = normaliseVenueName(name);
      const expected = earlier
        .map((other) => ({ row: other.row, match: matchNames(normalised, name, normaliseVenueName(other.name)) }))
        .filter((result) => result.match !== null)
        .map((result) => ({ value: result.row, match: result.match }));
      const actual = index.matches(normalised, name, () => true);
      expect(actual, name).toEqual(expected);
      found += actual.length;
      index.add(normalised, row);
      earlier.push({ row, name });
    });
    expect(found).toBeGreaterThan(100);
  });

  it('takes only the rows `accept` takes', () => {
    const index = new InFileNames<string>();
    index.add(normaliseVenueName('Blue Arena'), 'OTE');
    index.add(normaliseVenueName('Blue Arenas'), 'OTS');
    expect(index.matches(normaliseVenueName('blue arena'), 'blue arena', (league) => league === 'OTS').map((result) => result.value)).toEqual(['OTS']);
  });
});
