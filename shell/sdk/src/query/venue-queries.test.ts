import type { ListVenuesResult, VenueSummary } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import { createVenueQueries, nextVenueListPage } from './venue-queries.ts';

const page = (ids: string[], total: number): ListVenuesResult =>
  ({ items: ids.map((id) => ({ id }) as VenueSummary), total, page: 1, pageSize: ids.length }) as ListVenuesResult;

describe('nextVenueListPage', () => {
  it('asks for the next page until the distinct venues loaded reach the total', () => {
    const first = page(['a', 'b'], 5);
    expect(nextVenueListPage(first, [first], 1)).toBe(2);
    const second = page(['c', 'd'], 5);
    expect(nextVenueListPage(second, [first, second], 2)).toBe(3);
    const third = page(['e'], 5);
    expect(nextVenueListPage(third, [first, second, third], 3)).toBeUndefined();
  });

  it('counts a row repeated by offset paging once', () => {
    const first = page(['a', 'b'], 3);
    const second = page(['b', 'c'], 3);
    expect(nextVenueListPage(second, [first, second], 2)).toBeUndefined();
    const shifted = page(['b', 'b2'], 4);
    expect(nextVenueListPage(shifted, [first, shifted], 2)).toBe(3);
  });

  it('stops at an empty page whatever the total says', () => {
    const first = page(['a'], 10);
    const empty = page([], 10);
    expect(nextVenueListPage(empty, [first, empty], 2)).toBeUndefined();
  });
});

describe('venue query keys', () => {
  const queries = createVenueQueries(createApiClient({ baseUrl: 'http://gateway.invalid/api/v1' }));

  it('nest under venues, lists and details', () => {
    const list = queries.list({ q: 'arena', sort: 'name', pageSize: 50 }).queryKey;
    expect(list.slice(0, 2)).toEqual([...queries.lists()]);
    expect(queries.lists().slice(0, 1)).toEqual([...queries.all]);
    expect(queries.detail('v1').queryKey).toEqual([...queries.details(), 'v1']);
    expect(queries.details().slice(0, 1)).toEqual([...queries.all]);
  });
});
