import { describe, expect, it } from 'vitest';
import {
  cleanLinkRows,
  formatDate,
  hasMainContact,
  isDroppedLinkRow,
  linkRowsOf,
  linksErrorMessages,
  linksFormSchema,
  mainContactHidden,
  mapsUrl,
  parseNoteLines,
  publicPhotosUrl,
  telHref,
} from './venue-detail-rules.ts';

describe('parseNoteLines (spec §2 notes bulleted by indent, §9 bullet styles)', () => {
  it('gives each non-blank line its indent and the bullet of that indent', () => {
    const notes = ['Load in', ' one', '   three', '    four', '     five', '      six', '', '        eight'].join('\n');
    expect(parseNoteLines(notes)).toEqual([
      { indent: 0, text: 'Load in', bullet: 'round' },
      { indent: 1, text: 'one', bullet: 'square' },
      { indent: 3, text: 'three', bullet: 'square' },
      { indent: 4, text: 'four', bullet: 'hollow' },
      { indent: 5, text: 'five', bullet: 'hollow' },
      { indent: 6, text: 'six', bullet: 'diamond' },
      { indent: 8, text: 'eight', bullet: 'diamond' },
    ]);
  });

  it('counts a tab as 2 spaces (what the Tab key inserts), reads CRLF and drops a typed bullet', () => {
    expect(parseNoteLines('\t- Dock A\r\n\t\t* Gate 4  \r\n• Power')).toEqual([
      { indent: 2, text: 'Dock A', bullet: 'square' },
      { indent: 4, text: 'Gate 4', bullet: 'hollow' },
      { indent: 0, text: 'Power', bullet: 'round' },
    ]);
  });

  it('keeps a dash that is not a bullet and gives nothing for blank notes', () => {
    expect(parseNoteLines('-5 dB at FOH')).toEqual([{ indent: 0, text: '-5 dB at FOH', bullet: 'round' }]);
    expect(parseNoteLines('  \n\n ')).toEqual([]);
  });
});

describe('links editor rows (spec §5)', () => {
  it('drops rows missing display text or URL, trimming the rest', () => {
    const rows = [{ displayText: ' Site ', url: ' example.com ' }, { displayText: 'No URL', url: '  ' }, { displayText: '', url: 'https://x.test' }, {}];
    expect(rows.map(isDroppedLinkRow)).toEqual([false, true, true, true]);
    expect(cleanLinkRows(rows)).toEqual([{ displayText: 'Site', url: 'example.com' }]);
  });

  it("checks kept rows with the API's schema: 'Invalid URL: {url}' on that row's URL; dropped rows pass", () => {
    const result = linksFormSchema.safeParse({
      links: [
        { displayText: 'Ok', url: 'example.com/a' },
        { displayText: '', url: 'not a url' },
        { displayText: 'Bad', url: 'not a url' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['links.2.url', 'Invalid URL: not a url']]);
    expect(linksFormSchema.safeParse({ links: [{ displayText: 'Ok', url: 'http://example.com' }] }).success).toBe(true);
  });

  it('starts with an empty row when the venue has no links', () => {
    expect(linkRowsOf([])).toEqual([{ displayText: '', url: '' }]);
    expect(linkRowsOf([{ displayText: 'A', url: 'https://a.test' }])).toEqual([{ displayText: 'A', url: 'https://a.test' }]);
  });

  it("shows a 400's details ('Invalid URL: …'), else the error's message", () => {
    // The shape of the sdk's ApiRequestError: `fieldErrors` are the 400's details.
    const bad = Object.assign(new Error('Invalid request'), {
      fieldErrors: [
        { field: 'links.0.url', message: 'Invalid URL: http://' },
        { field: 'links.0.url', message: 'Invalid URL: http://' },
      ],
    });
    expect(linksErrorMessages(bad)).toEqual(['Invalid URL: http://']);
    expect(linksErrorMessages(Object.assign(new Error('Down'), { fieldErrors: [] }))).toEqual(['Down']);
    expect(linksErrorMessages('nope')).toEqual([]);
  });
});

describe('display helpers', () => {
  it("formats dates as 'MMM d, yyyy' (spec §9)", () => {
    expect(formatDate(new Date(2026, 0, 5, 12))).toBe('Jan 5, 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('links an address to a maps search, its lines joined by commas', () => {
    expect(mapsUrl('1 Main St\n Denver, CO 80202\n')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Denver%2C%20CO%2080202');
  });

  it('tells a hidden main contact (all null) from none (all blank)', () => {
    const hidden = { contactName: null, contactTitle: null, contactPhone: null, contactEmail: null };
    const none = { contactName: '', contactTitle: '', contactPhone: '', contactEmail: ' ' };
    expect([mainContactHidden(hidden), hasMainContact(hidden)]).toEqual([true, false]);
    expect([mainContactHidden(none), hasMainContact(none)]).toEqual([false, false]);
    expect(hasMainContact({ ...none, contactPhone: '(303) 555-1234' })).toBe(true);
  });

  it('builds tel: and public photo URLs', () => {
    expect(telHref('+1 (303) 555-1234')).toBe('tel:+13035551234');
    expect(publicPhotosUrl('https://vb.test', '/public/venue/a%20b/photos?key=k1')).toBe('https://vb.test/public/venue/a%20b/photos?key=k1');
    expect(publicPhotosUrl('https://vb.test', 'public/venue/v/photos?key=k')).toBe('https://vb.test/public/venue/v/photos?key=k');
  });
});
