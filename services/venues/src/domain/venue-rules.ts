import {
  duplicateCheckRequestSchema,
  isUuid,
  listDeletedVenuesQuerySchema,
  listVenuesQuerySchema,
  storedVenueInputSchema,
  toFieldErrors,
} from '@venuebook/domain';
import type { DuplicateCheckRequest, FieldError, ListDeletedVenuesQuery } from '@venuebook/domain';
import type { VenueFields, VenueListQuery, VenueListSort } from './venue.ts';

export type Validated<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldError[] };

/**
 * Validates and normalises venue input with the shared rules (spec §5): the name is required and trimmed,
 * the country defaults to United States, 'https://' is added to a website without a scheme and the website
 * must then be an http(s) address, leagues and venue types must be known values, link rows without text or
 * URL are dropped, and the whole venue may hold at most VENUE_MAX_BYTES of text and links. The stored form
 * of the rules: what the gateway already normalised ('https://' added) is accepted as it is.
 */
export function validateVenueInput(raw: unknown): Validated<VenueFields> {
  const result = storedVenueInputSchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, fieldErrors: toFieldErrors(result.error) };
}

export interface RawListRequest {
  query: string;
  leagues: readonly string[];
  sort: VenueListSort | undefined;
  /** 0 or less than 1 after conversion means "first page". */
  page: number;
  /** 0 means the default page size. */
  pageSize: number;
}

/**
 * Validates a list request: search text up to the shared maximum, known leagues (any-of; none = all),
 * sort newest by default, page ≥ 1 and 1 ≤ pageSize ≤ MAX_PAGE_SIZE (0 = defaults).
 */
export function validateListRequest(raw: RawListRequest): Validated<VenueListQuery> {
  const result = listVenuesQuerySchema.safeParse({
    q: raw.query,
    leagues: [...raw.leagues],
    sort: raw.sort,
    page: raw.page === 0 ? undefined : raw.page,
    pageSize: raw.pageSize === 0 ? undefined : raw.pageSize,
  });
  return result.success ? { ok: true, value: result.data } : { ok: false, fieldErrors: toFieldErrors(result.error) };
}

/** Venue ids are UUID strings. */
export function isVenueId(id: string): boolean {
  return isUuid(id);
}

/** Every user-editable field of a venue (the compiler checks the list against VenueFields). */
const EDITABLE: Record<keyof VenueFields, true> = {
  name: true,
  country: true,
  address: true,
  displayCityAs: true,
  deliveryAddress: true,
  deliveryNotes: true,
  website: true,
  leagues: true,
  venueTypes: true,
  links: true,
  generalNotes: true,
  contactName: true,
  contactTitle: true,
  contactPhone: true,
  contactEmail: true,
};
export const VENUE_INPUT_FIELDS = Object.keys(EDITABLE) as (keyof VenueFields)[];

/** A duplicate-check request: a venue name as for creating one (required, trimmed), known leagues, an optional venue to leave out. */
export function validateDuplicateCheck(raw: unknown): Validated<DuplicateCheckRequest> {
  const result = duplicateCheckRequestSchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, fieldErrors: toFieldErrors(result.error) };
}

/** A deleted-venues list request: search text, page ≥ 1 and 1 ≤ pageSize ≤ MAX_PAGE_SIZE (0 or absent = defaults). */
export function validateDeletedListRequest(raw: unknown): Validated<ListDeletedVenuesQuery> {
  const result = listDeletedVenuesQuerySchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, fieldErrors: toFieldErrors(result.error) };
}
