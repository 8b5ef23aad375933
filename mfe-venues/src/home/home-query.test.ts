import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOME_QUERY,
  EMPTY_TEXT,
  emptyText,
  isFiltered,
  parseHomeQuery,
  serializeHomeQuery,
  toggleLeague,
  toListFilter,
  type HomeQuery,
} from './home-query.ts';

const parse = (qs: string) => parseHomeQuery(new URLSearchParams(qs));

describe('parseHomeQuery', () => {
  it('defaults to no search, Newest, all leagues', () => {
    expect(parse('')).toEqual({ q: '', sort: 'newest', leagues: [] });
    expect(DEFAULT_HOME_QUERY).toEqual({ q: '', sort: 'newest', leagues: [] });
  });

  it('reads q, sort and leagues', () => {
    expect(parse('q=new%20york&sort=name&leagues=OTE,OT%20Select')).toEqual({
      q: 'new york',
      sort: 'name',
      leagues: ['OTE', 'OT Select'],
    });
  });

  it('falls back to Newest for an unknown sort', () => {
    expect(parse('sort=oldest').sort).toBe('newest');
  });

  it('accepts repeated params and display labels, drops unknown leagues, dedupes, keeps display order', () => {
    expect(parse('leagues=Other&leagues=ots,OTE,bogus,OTE').leagues).toEqual(['OTE', 'OT Select', 'Other']);
  });
});

describe('serializeHomeQuery', () => {
  it('leaves defaults out so the plain list is /', () => {
    expect(serializeHomeQuery(DEFAULT_HOME_QUERY).toString()).toBe('');
    expect(serializeHomeQuery({ q: '   ', sort: 'newest', leagues: [] }).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const query: HomeQuery = { q: 'Red Rocks', sort: 'updated', leagues: ['Studio', 'OT7'] };
    const params = serializeHomeQuery(query);
    expect(params.get('leagues')).toBe('OT7,Studio');
    expect(parseHomeQuery(new URLSearchParams(params.toString()))).toEqual({ ...query, leagues: ['OT7', 'Studio'] });
  });
});

describe('filters', () => {
  it('toggles a league on and off in display order', () => {
    expect(toggleLeague(['Other'], 'OTE')).toEqual(['OTE', 'Other']);
    expect(toggleLeague(['OTE', 'Other'], 'OTE')).toEqual(['Other']);
  });

  it('picks the empty text from whether a search or filter is active', () => {
    expect(isFiltered(DEFAULT_HOME_QUERY)).toBe(false);
    expect(emptyText(DEFAULT_HOME_QUERY)).toBe('No venues found');
    expect(emptyText({ ...DEFAULT_HOME_QUERY, q: 'x' })).toBe('No venues match your filters');
    expect(emptyText({ ...DEFAULT_HOME_QUERY, leagues: ['OTX'] })).toBe(EMPTY_TEXT.filtered);
    expect(isFiltered({ ...DEFAULT_HOME_QUERY, q: '  ' })).toBe(false);
  });
});

describe('toListFilter', () => {
  it('sends trimmed search, leagues, sort and 50-row pages', () => {
    expect(toListFilter({ q: ' arena ', sort: 'name', leagues: ['OTE'] })).toEqual({
      q: 'arena',
      leagues: ['OTE'],
      sort: 'name',
      pageSize: 50,
    });
    expect(toListFilter(DEFAULT_HOME_QUERY)).toEqual({ sort: 'newest', pageSize: 50 });
  });

  it('gives equal filters for the same state, so both share one cached list', () => {
    expect(toListFilter({ q: 'arena  ', sort: 'name', leagues: [] })).toEqual(toListFilter({ q: ' arena', sort: 'name', leagues: [] }));
  });
});
