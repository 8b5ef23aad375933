import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, VENUE_FIELD_MAX, venueInputSchema } from '@venuebook/domain';
import { isVenueId, validateListRequest, validateVenueInput } from './venue-rules.ts';

describe('validateVenueInput', () => {
  it('normalises a minimal venue: trims the name, defaults the country, adds https:// to the website', () => {
    const result = validateVenueInput({ name: '  Madison Square Garden  ', country: '', website: 'msg.com' });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Madison Square Garden',
        country: 'United States',
        website: 'https://msg.com',
        leagues: [],
        venueTypes: [],
        links: [],
        address: '',
        contactEmail: '',
      }),
    });
  });

  it('keeps a website that has a scheme and drops incomplete link rows', () => {
    const result = validateVenueInput({
      name: 'Arena',
      website: 'http://arena.example',
      links: [
        { displayText: 'Tickets', url: 'tickets.example/a' },
        { displayText: '', url: 'x.example' },
        { displayText: 'No url', url: '   ' },
      ],
    });
    expect(result.ok && result.value.website).toBe('http://arena.example');
    expect(result.ok && result.value.links).toEqual([{ displayText: 'Tickets', url: 'https://tickets.example/a' }]);
  });

  it("refuses a website that is not http(s) after normalisation with 'Invalid URL: {url}'", () => {
    for (const website of ['javascript://x', 'javascript:alert(document.cookie)', 'data:text/html,hi', 'ftp://files.example']) {
      expect(validateVenueInput({ name: 'Arena', website })).toEqual({ ok: false, fieldErrors: [{ field: 'website', message: `Invalid URL: ${website}` }] });
    }
  });

  it('accepts what the gateway parsed, up to the typed maximum plus the added https:// (idempotent)', () => {
    const typed = { name: 'Arena', website: 'w'.repeat(VENUE_FIELD_MAX.website), links: [{ displayText: 'L', url: 'u'.repeat(VENUE_FIELD_MAX.linkUrl) }] };
    const parsedByGateway = venueInputSchema.parse(typed);
    expect(parsedByGateway.website).toHaveLength(VENUE_FIELD_MAX.website + 'https://'.length);
    expect(validateVenueInput(parsedByGateway)).toEqual({ ok: true, value: parsedByGateway });
  });

  it('refuses a venue over the size limit with a clear message', () => {
    const result = validateVenueInput({ name: 'Arena', generalNotes: '€'.repeat(100_000) });
    expect(result).toEqual({
      ok: false,
      fieldErrors: [{ field: '', message: expect.stringMatching(/^A venue can hold at most 256 KB of text and links; this one has 293 KB\./) }],
    });
  });

  it('rejects a blank name with a field error', () => {
    const result = validateVenueInput({ name: '   ' });
    expect(result).toEqual({ ok: false, fieldErrors: [{ field: 'name', message: 'Venue name is required' }] });
  });

  it('rejects unknown leagues and venue types, naming the element', () => {
    const result = validateVenueInput({ name: 'Arena', leagues: ['OTE', 'NBA'], venueTypes: ['Spaceport'] });
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.fieldErrors.map((error) => error.field);
    expect(fields).toEqual(['leagues.1', 'venueTypes.0']);
  });

  it('de-duplicates leagues', () => {
    const result = validateVenueInput({ name: 'Arena', leagues: ['OTE', 'OTE', 'OT Select'] });
    expect(result.ok && result.value.leagues).toEqual(['OTE', 'OT Select']);
  });

  it('rejects an invalid contact e-mail', () => {
    const result = validateVenueInput({ name: 'Arena', contactEmail: 'not-an-email' });
    expect(result).toEqual({ ok: false, fieldErrors: [{ field: 'contactEmail', message: 'Invalid email' }] });
  });
});

describe('validateListRequest', () => {
  const base = { query: '', leagues: [], sort: undefined, page: 0, pageSize: 0 };

  it('applies defaults for zero values', () => {
    expect(validateListRequest(base)).toEqual({
      ok: true,
      value: { q: undefined, leagues: [], sort: 'newest', page: 1, pageSize: DEFAULT_PAGE_SIZE },
    });
  });

  it('trims the search text and accepts league values and labels', () => {
    const result = validateListRequest({ ...base, query: '  arena ', leagues: ['OTE', 'OTS'], sort: 'name', page: 3, pageSize: 10 });
    expect(result).toEqual({ ok: true, value: { q: 'arena', leagues: ['OTE', 'OT Select'], sort: 'name', page: 3, pageSize: 10 } });
  });

  it('rejects a page size above the maximum, a negative page and unknown leagues', () => {
    const result = validateListRequest({ ...base, leagues: ['NBA'], page: -1, pageSize: MAX_PAGE_SIZE + 1 });
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.fieldErrors.map((error) => error.field).sort();
    expect(fields).toEqual(['leagues', 'page', 'pageSize']);
  });

  it('accepts the maximum page size', () => {
    const result = validateListRequest({ ...base, pageSize: MAX_PAGE_SIZE });
    expect(result.ok && result.value.pageSize).toBe(MAX_PAGE_SIZE);
  });
});

describe('isVenueId', () => {
  it('accepts UUIDs only', () => {
    expect(isVenueId('0b3a4c1e-8f0e-4a51-9f59-1d2c3b4a5e6f')).toBe(true);
    expect(isVenueId('not-a-uuid')).toBe(false);
    expect(isVenueId('')).toBe(false);
  });
});
