import { describe, expect, it } from 'vitest';
import { deletedCardKind, newestDeletedFirst, relativeAge } from './deleted-card-values.ts';

describe('relativeAge', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('says how long ago, as relative time', () => {
    expect(relativeAge('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeAge('2026-11-23T11:59:40Z', now)).toBe('less than a minute ago');
    expect(relativeAge('2026-11-23T10:00:00Z', now)).toBe('about 2 hours ago');
    expect(relativeAge('2025-11-01T12:00:00Z', now)).toBe('about 1 year ago');
  });
  it('is empty without a valid time', () => {
    expect(relativeAge(null, now)).toBe('');
    expect(relativeAge('not a date', now)).toBe('');
  });
});

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
