import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sampleVenue } from '../testing/venue.fixture.ts';
import {
  listVenuesQuerySchema,
  listVenuesResultSchema,
  storedVenueInputSchema,
  toFieldErrors,
  VENUE_FIELD_MAX,
  VENUE_MAX_BYTES,
  venueByteSize,
  venueInputSchema,
  venueSchema,
  venueSummaryOf,
  venueSummarySchema,
  WEBSITE_INPUT_PATTERN,
} from '../index.ts';
import type { Venue } from '../index.ts';

function messagesFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return toFieldErrors(result.error ?? { issues: [] });
}

describe('venueInputSchema', () => {
  it('accepts a minimal input and applies defaults', () => {
    const v = venueInputSchema.parse({ name: '  Madison Square Garden  ' });
    expect(v.name).toBe('Madison Square Garden');
    expect(v.country).toBe('United States');
    expect(v.address).toBe('');
    expect(v.website).toBe('');
    expect(v.leagues).toEqual([]);
    expect(v.venueTypes).toEqual([]);
    expect(v.links).toEqual([]);
    expect(v.contactEmail).toBe('');
  });

  it("rejects a blank or missing name with 'Venue name is required'", () => {
    for (const input of [{ name: '   ' }, { name: '' }, { name: '\r' }, { name: '\u3000\t' }, {}]) {
      const r = venueInputSchema.safeParse(input);
      expect(r.success).toBe(false);
      expect(messagesFor(r)).toContainEqual({ field: 'name', message: 'Venue name is required' });
    }
  });

  it('rejects unknown leagues and venue types', () => {
    const r = venueInputSchema.safeParse({ name: 'X', leagues: ['OTE', 'NFL'], venueTypes: ['Spaceport'] });
    expect(r.success).toBe(false);
    expect(messagesFor(r).map((e) => e.field)).toEqual(['leagues.1', 'venueTypes.0']);
  });

  it('accepts known leagues and venue types, de-duplicated', () => {
    const v = venueInputSchema.parse({ name: 'X', leagues: ['OT Select', 'OTE', 'OT Select'], venueTypes: ['Arena', 'Arena'] });
    expect(v.leagues).toEqual(['OT Select', 'OTE']);
    expect(v.venueTypes).toEqual(['Arena']);
  });

  it('normalises the website and a blank country', () => {
    const v = venueInputSchema.parse({ name: 'X', website: 'example.com', country: '  ' });
    expect(v.website).toBe('https://example.com');
    expect(v.country).toBe('United States');
    expect(venueInputSchema.parse({ name: 'X', country: ' Canada ' }).country).toBe('Canada');
  });

  it('drops incomplete link rows, normalises and validates URLs', () => {
    const v = venueInputSchema.parse({
      name: 'X',
      links: [
        { displayText: 'Map', url: 'maps.example.com/venue' },
        { displayText: 'No url', url: '  ' },
        { displayText: '', url: 'https://x.example' },
      ],
    });
    expect(v.links).toEqual([{ displayText: 'Map', url: 'https://maps.example.com/venue' }]);
    const bad = venueInputSchema.safeParse({ name: 'X', links: [{ displayText: 'Bad', url: 'not a url' }] });
    expect(bad.success).toBe(false);
    expect(messagesFor(bad)[0]?.field).toBe('links.0.url');
    expect(messagesFor(bad)[0]?.message).toMatch(/^Invalid URL: /);
  });

  it('validates the contact e-mail and phone length', () => {
    expect(venueInputSchema.safeParse({ name: 'X', contactEmail: 'a@b.co' }).success).toBe(true);
    expect(messagesFor(venueInputSchema.safeParse({ name: 'X', contactEmail: 'nope' }))).toEqual([{ field: 'contactEmail', message: 'Invalid email' }]);
    expect(venueInputSchema.safeParse({ name: 'X', contactPhone: '+44 (20) 7946-0958' }).success).toBe(true);
    expect(venueInputSchema.safeParse({ name: 'X', contactPhone: '1234567890123456' }).success).toBe(false);
  });

  it('enforces max lengths on the strings as sent, as the document states them', () => {
    expect(venueInputSchema.safeParse({ name: 'x'.repeat(201) }).success).toBe(false);
    expect(venueInputSchema.safeParse({ name: ` ${'x'.repeat(200)}` }).success).toBe(false);
    expect(venueInputSchema.safeParse({ name: 'X', displayCityAs: ` ${'x'.repeat(200)}` }).success).toBe(false);
    expect(venueInputSchema.parse({ name: ` ${'x'.repeat(199)}` }).name).toBe('x'.repeat(199));
  });

  it("accepts http(s) websites only: 'Invalid URL: {url}' for javascript:, data:, ftp: and unparsable ones", () => {
    for (const website of [
      'javascript://x',
      'JavaScript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html,x',
      'ftp://files.example.com',
      'a.b://x',
      'not a url',
      'https://a:',
      '1.2.3.4',
      'example.com:65536',
    ]) {
      const r = venueInputSchema.safeParse({ name: 'X', website });
      expect(messagesFor(r), website).toEqual([{ field: 'website', message: `Invalid URL: ${website}` }]);
      expect(WEBSITE_INPUT_PATTERN.test(website), website).toBe(false);
    }
    for (const [website, stored] of [
      ['  www.example.com/a?b#c ', 'https://www.example.com/a?b#c'],
      ['HTTP://Example.com:8080', 'HTTP://Example.com:8080'],
      ['//cdn.example.com', 'https://cdn.example.com'],
      ['http://localhost:3000', 'http://localhost:3000'],
      ['   ', ''],
    ] as const) {
      expect(venueInputSchema.parse({ name: 'X', website }).website).toBe(stored);
    }
  });

  it("accepts http(s) link URLs only: 'Invalid URL: {url}' for others, also on a row that would be dropped", () => {
    for (const url of ['javascript://x', 'javascript:alert(1)', 'ftp://files.example.com', 'not a url']) {
      expect(messagesFor(venueInputSchema.safeParse({ name: 'X', links: [{ displayText: 'L', url }] })), url).toEqual([
        { field: 'links.0.url', message: `Invalid URL: ${url}` },
      ]);
      expect(messagesFor(venueInputSchema.safeParse({ name: 'X', links: [{ displayText: '', url }] })), url).toEqual([
        { field: 'links.0.url', message: `Invalid URL: ${url}` },
      ]);
    }
    expect(venueInputSchema.parse({ name: 'X', links: [{ displayText: 'Bin', url: 'httpbin.org/get' }] }).links).toEqual([
      { displayText: 'Bin', url: 'https://httpbin.org/get' },
    ]);
  });

  it('accepts a typed website of the documented maximum without a scheme, and the service re-parses the normalised value to the same venue', () => {
    const typed = 'a'.repeat(VENUE_FIELD_MAX.website);
    const parsed = venueInputSchema.parse({ name: 'X', website: typed, links: [{ displayText: 'L', url: 'b'.repeat(VENUE_FIELD_MAX.linkUrl) }] });
    expect(parsed.website).toBe(`https://${typed}`);
    expect(parsed.links[0]!.url).toBe(`https://${'b'.repeat(VENUE_FIELD_MAX.linkUrl)}`);
    expect(storedVenueInputSchema.parse(parsed)).toEqual(parsed);
    expect(venueInputSchema.safeParse({ name: 'X', website: `${typed}a` }).success).toBe(false);
    expect(storedVenueInputSchema.safeParse({ name: 'X', website: `https://${typed}a` }).success).toBe(false);
  });

  it(`refuses a venue whose text and links take more than ${VENUE_MAX_BYTES} bytes of UTF-8, with a clear message`, () => {
    // 3 bytes a character: 90,000 characters of notes are 270,000 bytes, within the field's own maximum.
    const big = { name: 'X', generalNotes: '€'.repeat(90_000) };
    const r = venueInputSchema.safeParse(big);
    expect(messagesFor(r)).toEqual([
      { field: '', message: 'A venue can hold at most 256 KB of text and links; this one has 264 KB. Shorten the notes or remove links.' },
    ]);
    expect(storedVenueInputSchema.safeParse(big).success).toBe(false);
    // Just at the limit (with the default country's 13 bytes and the name's 1) is fine.
    const notes = `${'€'.repeat((VENUE_MAX_BYTES - 14 - 2) / 3)}xx`;
    const fits = venueInputSchema.parse({ name: 'X', generalNotes: notes });
    expect(venueByteSize(fits)).toBe(VENUE_MAX_BYTES);
    expect(venueInputSchema.safeParse({ name: 'X', generalNotes: `${notes}x` }).success).toBe(false);
  });

  it('counts links, leagues and venue types towards the size', () => {
    expect(venueByteSize({ name: 'ab', links: [{ displayText: 'é', url: 'https://x' }], leagues: ['OTE'] })).toBe(2 + 2 + 9 + 3);
  });

  it('keeps leading indentation of notes', () => {
    expect(venueInputSchema.parse({ name: 'X', generalNotes: '  - item\n' }).generalNotes).toBe('  - item\n');
  });
});

describe('listVenuesQuerySchema', () => {
  it("parses 'OTE,OT Select' into leagues and applies defaults", () => {
    expect(listVenuesQuerySchema.parse({ leagues: 'OTE,OT Select' })).toEqual({
      leagues: ['OTE', 'OT Select'],
      sort: 'newest',
      page: 1,
      pageSize: 50,
    });
  });
  it('accepts arrays, display labels and blanks', () => {
    expect(listVenuesQuerySchema.parse({ leagues: ['OTX', 'OTS,', ' '] }).leagues).toEqual(['OTX', 'OT Select']);
    expect(listVenuesQuerySchema.parse({ leagues: '' }).leagues).toEqual([]);
    expect(listVenuesQuerySchema.parse({}).leagues).toEqual([]);
  });
  it('rejects unknown leagues', () => {
    const r = listVenuesQuerySchema.safeParse({ leagues: 'OTE,NFL' });
    expect(r.success).toBe(false);
    expect(messagesFor(r)).toEqual([{ field: 'leagues', message: 'Unknown league: NFL' }]);
  });
  it('coerces page and pageSize from strings and enforces bounds', () => {
    const q = listVenuesQuerySchema.parse({ q: '  arena ', sort: 'name', page: '3', pageSize: '200' });
    expect(q).toMatchObject({ q: 'arena', sort: 'name', page: 3, pageSize: 200 });
    expect(listVenuesQuerySchema.safeParse({ pageSize: '201' }).success).toBe(false);
    expect(listVenuesQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(listVenuesQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
    expect(listVenuesQuerySchema.safeParse({ sort: 'oldest' }).success).toBe(false);
    expect(listVenuesQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });
  it('turns a blank search into undefined', () => {
    expect(listVenuesQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
  });
});

describe('output schemas', () => {
  const venue: Venue = sampleVenue({
    id: '7b0c1c2e-9d1f-4a55-9b59-2d3b1b0f4e11',
    name: 'Arena',
    address: '',
    website: '',
    leagues: ['OTE'],
    venueTypes: ['Arena'],
  });
  it('accepts a venue and a page of venues', () => {
    expect(venueSchema.parse(venue)).toEqual(venue);
    expect(listVenuesResultSchema.safeParse({ items: [venueSummaryOf(venue)], total: 1, page: 1, pageSize: 50 }).success).toBe(true);
  });
  it('summarises a venue for lists: the card fields and the display city, never notes, links or contact', () => {
    const full = sampleVenue({ generalNotes: 'long notes', links: [{ displayText: 'Map', url: 'https://map.example' }], contactName: 'Jane' });
    const summary = venueSummaryOf(full);
    expect(summary).toEqual({
      id: full.id,
      name: 'Red Rocks Amphitheatre',
      city: 'Morrison, CO',
      country: 'United States',
      website: 'https://redrocksonline.com',
      leagues: ['OT Select'],
      venueTypes: ['Amphitheater'],
      createdAt: full.createdAt,
      updatedAt: full.updatedAt,
      activityAt: full.activityAt,
    });
    expect(venueSummarySchema.parse(summary)).toEqual(summary);
    expect(listVenuesResultSchema.safeParse({ items: [summary], total: 1, page: 1, pageSize: 50 }).success).toBe(true);
  });
  it('rejects non-ISO timestamps', () => {
    expect(venueSchema.safeParse({ ...venue, createdAt: 'yesterday' }).success).toBe(false);
  });
  it('produces readable JSON Schema with component ids', () => {
    const json = JSON.stringify(z.toJSONSchema(listVenuesResultSchema, { io: 'output', unrepresentable: 'any' }));
    expect(json).toContain('"VenueSummary"');
    expect(json).not.toContain('generalNotes');
    expect(json).toContain('"League"');
    const input = JSON.stringify(z.toJSONSchema(venueInputSchema, { io: 'input', unrepresentable: 'any' }));
    expect(input).toContain('VenueFields');
  });
});
