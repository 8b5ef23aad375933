import { DEFAULT_COUNTRY } from './limits.ts';

/** True for a blank country or 'United States' (case-insensitive). */
export function isDefaultCountry(country: string | null | undefined): boolean {
  const c = (country ?? '').trim();
  return c === '' || c.toLowerCase() === DEFAULT_COUNTRY.toLowerCase();
}

/** A trailing US ZIP code (5 or 5+4 digits) preceded by start, whitespace or a comma. */
const TRAILING_ZIP = /(?:^|[\s,]+)\d{5}(?:-\d{4})?$/;

/** Removes a trailing US ZIP code, keeping a state before it ('Dallas, TX 75201' → 'Dallas, TX'). */
export function stripTrailingZip(line: string): string {
  return line.trim().replace(TRAILING_ZIP, '').replace(/[\s,]+$/, '');
}

/**
 * The City column of a venue (spec §5):
 * - display_city_as when non-blank;
 * - else the last non-empty line of the address with a trailing ZIP code removed,
 *   plus ', {country}' when the country is not United States;
 * - with no address: the country when it is not United States, else ''.
 */
export function venueCityDisplay(v: {
  displayCityAs?: string | null;
  address?: string | null;
  country?: string | null;
}): string {
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

/** Links editor rule (spec §5): adds https:// when the URL does not start with http. */
export function normalizeLinkUrl(url: string): string {
  const u = url.trim();
  if (u === '') return '';
  return /^http/i.test(u) ? u : `https://${u}`;
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

/** Precomputed sort key of a venue name: trimmed, whitespace collapsed, lower-case. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Escapes RegExp metacharacters so `s` matches literally (e.g. in a Mongo $regex search). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
