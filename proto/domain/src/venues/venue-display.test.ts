import { describe, expect, it } from 'vitest';
import { escapeRegex, nameKey, normalizeLinkUrl, normalizeWebsite, safeHttpHref, stripTrailingZip, utf8ByteLength, venueCityDisplay } from '../index.ts';

describe('venueCityDisplay (spec §5)', () => {
  it('uses display_city_as when non-blank', () => {
    expect(venueCityDisplay({ displayCityAs: ' Las Vegas ', address: '1 Main St\nDallas, TX 75201', country: 'Canada' })).toBe('Las Vegas');
  });
  it('ignores a blank display_city_as', () => {
    expect(venueCityDisplay({ displayCityAs: '   ', address: 'Austin, TX', country: 'United States' })).toBe('Austin, TX');
  });
  it('uses the last address line with a trailing 5-digit ZIP removed, keeping the state', () => {
    expect(venueCityDisplay({ address: '3400 Main St\nDallas, TX 75201', country: 'United States' })).toBe('Dallas, TX');
  });
  it('removes a ZIP+4 code and skips trailing blank lines', () => {
    expect(venueCityDisplay({ address: '1 Arena Way\r\nNashville, TN 37203-1234\n\n  ', country: 'United States' })).toBe('Nashville, TN');
  });
  it('removes a ZIP after a comma', () => {
    expect(venueCityDisplay({ address: 'Miami, FL, 33101' })).toBe('Miami, FL');
  });
  it('does not strip digits that are not a trailing ZIP', () => {
    expect(stripTrailingZip('Suite 123456')).toBe('Suite 123456');
    expect(stripTrailingZip('Unit 75201 B')).toBe('Unit 75201 B');
    expect(stripTrailingZip('75201')).toBe('');
  });
  it("appends ', {country}' when the country is not United States", () => {
    expect(venueCityDisplay({ address: '1 Front St W\nToronto, ON', country: 'Canada' })).toBe('Toronto, ON, Canada');
  });
  it('does not append the country for United States or a missing country', () => {
    expect(venueCityDisplay({ address: 'Boston, MA 02115', country: 'United States' })).toBe('Boston, MA');
    expect(venueCityDisplay({ address: 'Boston, MA 02115' })).toBe('Boston, MA');
  });
  it('shows only a non-US country when there is no address', () => {
    expect(venueCityDisplay({ address: '', country: 'Mexico' })).toBe('Mexico');
    expect(venueCityDisplay({ address: ' \n ', country: 'United States' })).toBe('');
    expect(venueCityDisplay({})).toBe('');
  });
  it('shows the country alone when the last line was only a ZIP', () => {
    expect(venueCityDisplay({ address: '1 Main St\n75201', country: 'Germany' })).toBe('Germany');
  });
});

describe('normalizeWebsite', () => {
  it("adds 'https://' when no scheme is present", () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('  www.example.com/path ')).toBe('https://www.example.com/path');
    expect(normalizeWebsite('localhost:3000')).toBe('https://localhost:3000');
    expect(normalizeWebsite('//cdn.example.com')).toBe('https://cdn.example.com');
  });
  it('keeps an existing scheme', () => {
    expect(normalizeWebsite('http://example.com')).toBe('http://example.com');
    expect(normalizeWebsite('HTTPS://Example.com')).toBe('HTTPS://Example.com');
  });
  it('keeps empty values empty', () => {
    expect(normalizeWebsite('')).toBe('');
    expect(normalizeWebsite('   ')).toBe('');
    expect(normalizeWebsite(undefined)).toBe('');
  });
  it('adds https:// to link URLs lacking http', () => {
    expect(normalizeLinkUrl('maps.example.com')).toBe('https://maps.example.com');
    expect(normalizeLinkUrl('http://a.b')).toBe('http://a.b');
    expect(normalizeLinkUrl(' HTTPS://a.b ')).toBe('HTTPS://a.b');
    expect(normalizeLinkUrl('httpbin.org/get')).toBe('https://httpbin.org/get');
  });
});

describe('nameKey and escapeRegex', () => {
  it('lower-cases, trims and collapses whitespace', () => {
    expect(nameKey('  The   Grand\tBallroom ')).toBe('the grand ballroom');
  });
  it('escapes regex metacharacters so they match literally', () => {
    const raw = 'A.B (C+D)* [x] $1 ^ | \\ ? {2} /';
    const re = new RegExp(`^${escapeRegex(raw)}$`, 'u');
    expect(re.test(raw)).toBe(true);
    expect(re.test('AxB (C+D)* [x] $1 ^ | \\ ? {2} /')).toBe(false);
  });
});

describe('safeHttpHref', () => {
  it('gives the URL of an http(s) address and nothing for any other scheme or an unparsable value', () => {
    expect(safeHttpHref('https://example.com/a?b')).toBe('https://example.com/a?b');
    expect(safeHttpHref(' http://example.com ')).toBe('http://example.com');
    for (const unsafe of [
      'javascript://x',
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'ftp://example.com',
      'example.com',
      '//example.com',
      '',
      null,
      undefined,
    ]) {
      expect(safeHttpHref(unsafe), String(unsafe)).toBeUndefined();
    }
  });
});

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes as TextEncoder encodes them', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b€é', '\ud800', '\udc00x', 'x'.repeat(1000)]) {
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});
