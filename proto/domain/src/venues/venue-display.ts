import { TRIMMED_SPACE } from '../shared/input-patterns.ts';
import { DEFAULT_COUNTRY } from '../shared/limits.ts';

/** True for a blank country or 'United States' (case-insensitive). */
export function isDefaultCountry(country: string | null | undefined): boolean {
  const c = (country ?? '').trim();
  return c === '' || c.toLowerCase() === DEFAULT_COUNTRY.toLowerCase();
}

/** A trailing US ZIP code (5 or 5+4 digits) preceded by start, whitespace or a comma. */
const TRAILING_ZIP = /(?:^|[\s,]+)\d{5}(?:-\d{4})?$/;

/** Removes a trailing US ZIP code, keeping a state before it ('Dallas, TX 75201' → 'Dallas, TX'). */
export function stripTrailingZip(line: string): string {
  return line
    .trim()
    .replace(TRAILING_ZIP, '')
    .replace(/[\s,]+$/, '');
}

/**
 * The City column of a venue (spec §5):
 * - display_city_as when non-blank;
 * - else the last non-empty line of the address with a trailing ZIP code removed,
 *   plus ', {country}' when the country is not United States;
 * - with no address: the country when it is not United States, else ''.
 */
export function venueCityDisplay(v: { displayCityAs?: string | null; address?: string | null; country?: string | null }): string {
  const display = (v.displayCityAs ?? '').trim();
  if (display) return display;

  const country = (v.country ?? '').trim();
  const foreignCountry = isDefaultCountry(country) ? '' : country;

  const lines = (v.address ?? '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const lastLine = lines[lines.length - 1];
  if (lastLine === undefined) return foreignCountry;

  return [stripTrailingZip(lastLine), foreignCountry].filter((p) => p !== '').join(', ');
}

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/** Website normalisation (spec §5): trims, and adds 'https://' when no scheme is present. '' stays ''. */
export function normalizeWebsite(url: string | null | undefined): string {
  const u = (url ?? '').trim();
  if (u === '') return '';
  if (HAS_SCHEME.test(u)) return u;
  if (u.startsWith('//')) return `https:${u}`;
  return `https://${u}`;
}

/**
 * Links editor rule (spec §5): adds https:// when the URL lacks http, i.e. an http(s) scheme ('httpbin.org'
 * lacks it too). A link URL then follows the website's rule: WEBSITE_INPUT_PATTERN as typed, an http(s) URL
 * after this normalisation, which is the website's for every value the pattern accepts.
 */
export function normalizeLinkUrl(url: string): string {
  return normalizeWebsite(url);
}

/** True when `url` parses as an absolute http or https URL. */
export function isHttpUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The href of a website or link as the browser may render it: the URL itself when it is an absolute http(s)
 * URL, else undefined (render the value as plain text). Stored values are validated, but a value from older
 * data or another source must never become a `javascript:` (or `data:`, …) link.
 */
export function safeHttpHref(url: string | null | undefined): string | undefined {
  const u = (url ?? '').trim();
  return u !== '' && isHttpUrl(u) ? u : undefined;
}

// A website as typed, for the OpenAPI document and the server alike (ECMAScript and Python `re`): optional
// white space (trimmed), then nothing, or an optional http(s):// or // and a host name whose last label
// starts with a letter (a numeric last label would be parsed as an IPv4 address), an optional port of 1 to 5
// digits up to 65535 (never an empty one: 'javascript' + ':' + '//x' must not pass as host, port and path),
// and an optional path, query or fragment without spaces or control characters. Every match parses, after
// normalisation, as an http(s) URL; `javascript:`, `data:`, `ftp:` and the like never match.
const SCHEME = '(?:(?:[Hh][Tt][Tt][Pp][Ss]?:)?//)?';
const HOST = '(?:[A-Za-z0-9_-]+\\.)*[A-Za-z][A-Za-z0-9_-]*';
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?';
const REST = '(?:[/?#][^\\u0000-\\u0020\\u007f\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]*)?';

/** A website as typed or stored (see above); empty or white space only means no website. */
export const WEBSITE_INPUT_PATTERN = new RegExp(`^${TRIMMED_SPACE}*(?:${SCHEME}${HOST}${PORT}${REST})?${TRIMMED_SPACE}*$`);

/** The number of bytes `text` takes in UTF-8 (as protobuf and JSON carry it; a lone surrogate counts 3, as U+FFFD). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Precomputed sort key of a venue name: trimmed, whitespace collapsed, lower-case. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Escapes RegExp metacharacters so `s` matches literally (e.g. in a Mongo $regex search). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
