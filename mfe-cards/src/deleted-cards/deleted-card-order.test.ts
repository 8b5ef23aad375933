import { describe, expect, it } from 'vitest';
import { deletedCardKind, newestDeletedFirst } from './deleted-card-order.ts';

describe('deleted cards', () => {
  it('names the kind of card', () => {
    expect(deletedCardKind({ isTemplate: true })).toBe('Master template');
    expect(deletedCardKind({ isTemplate: false })).toBe('Venue card');
  });
  it('lists the most recently deleted first', () => {
    const cards = [
      { title: 'B', deletedAt: '2026-11-01T00:00:00Z' },
      { title: 'A', deletedAt: '2026-11-03T00:00:00Z' },
      { title: 'C', deletedAt: '2026-11-01T00:00:00Z' },
    ];
    expect(newestDeletedFirst(cards).map((c) => c.title)).toEqual(['A', 'B', 'C']);
  });
});
