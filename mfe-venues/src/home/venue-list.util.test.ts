import type { VenueSummary } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import { appendUnique, venueTypesSummary } from './venue-list.util.ts';

const v = (id: string) => ({ id }) as VenueSummary;

describe('appendUnique', () => {
  it('appends the next page without repeating rows already shown', () => {
    expect(appendUnique([v('a'), v('b')], [v('b'), v('c')]).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(appendUnique([], [v('a')]).map((x) => x.id)).toEqual(['a']);
  });
});

describe('venueTypesSummary', () => {
  it('shows the first three types and counts the rest', () => {
    expect(venueTypesSummary([])).toBe('');
    expect(venueTypesSummary(['Arena', 'Club'])).toBe('Arena · Club');
    expect(venueTypesSummary(['Arena', 'Club', 'Hotel', 'Office', 'School'])).toBe('Arena · Club · Hotel +2');
  });
});
