import { describe, expect, it } from 'vitest';
import { contactInputFromCsv, csvFieldsByHeader, csvHeaderKey, venueInputFromCsv } from './csv-transfer.schema.ts';
import { venueInputSchema } from './venue.schema.ts';

describe('CSV columns', () => {
  it('matches headers ignoring case, spaces, _ and -', () => {
    const venues = csvFieldsByHeader('venues');
    for (const header of ['Venue Name', 'venue name', 'VENUE_NAME', 'venue-name', 'name']) expect(venues.get(csvHeaderKey(header))).toBe('name');
    expect(venues.get(csvHeaderKey('Main Contact Email'))).toBe('contactEmail');
    expect(venues.get(csvHeaderKey('Venue Id'))).toBeUndefined();
    const contacts = csvFieldsByHeader('contacts');
    expect(contacts.get(csvHeaderKey('venue'))).toBe('venue');
    expect(contacts.get(csvHeaderKey('Venue ID'))).toBe('venueId');
    expect(contacts.get(csvHeaderKey('E-mail'))).toBe('email');
  });

  it('reads a venue row: leagues by value or label, lists by ; or ,, links as Text | URL lines', () => {
    const input = venueInputFromCsv({
      name: ' Arena ',
      leagues: 'ots; OTE,Premier',
      venueTypes: 'Arena; Club',
      links: 'Map | maps.example.com\r\nhttps://x.example.com',
    });
    expect(input).toEqual({
      name: ' Arena ',
      leagues: ['OT Select', 'OTE', 'Premier'],
      venueTypes: ['Arena', 'Club'],
      links: [
        { displayText: 'Map', url: 'maps.example.com' },
        { displayText: 'https://x.example.com', url: 'https://x.example.com' },
      ],
    });
    const parsed = venueInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['leagues.2']);
  });

  it('reads a contact row: the venue id before the name, empty optional fields left out', () => {
    expect(contactInputFromCsv({ venue: 'Arena', venueId: ' 0b5c… ', name: 'Ann', title: '', email: 'a@example.com' })).toEqual({
      venue: '0b5c…',
      input: { name: 'Ann', email: 'a@example.com' },
    });
    expect(contactInputFromCsv({ venue: ' Arena ' })).toEqual({ venue: 'Arena', input: { name: '' } });
  });
});
