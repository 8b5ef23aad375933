// Proto ↔ domain mapping of the venues contract, shared by the venues service (which answers in proto)
// and the gateway (which answers in JSON), so that a field is added in one place.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type {
  DeletedVenue,
  DuplicateCheckRequest,
  DuplicateCheckResult,
  Link,
  ListDeletedVenuesQuery,
  ListDeletedVenuesResult,
  Venue,
  VenueInputParsed,
  VenueSummary,
  ListVenuesQuery,
} from '@venuebook/domain';
import { VenueSort } from '@venuebook/contracts/venues/v1';
import type {
  CheckDuplicatesRequest as ProtoCheckDuplicatesRequest,
  CheckDuplicatesRequestSchema,
  CheckDuplicatesResponse as ProtoCheckDuplicatesResponse,
  CheckDuplicatesResponseSchema,
  DeletedVenue as ProtoDeletedVenue,
  DeletedVenueSchema,
  LinkSchema,
  ListDeletedVenuesRequest as ProtoListDeletedVenuesRequest,
  ListDeletedVenuesRequestSchema,
  ListDeletedVenuesResponse as ProtoListDeletedVenuesResponse,
  Link as ProtoLink,
  ListVenuesRequestSchema,
  Venue as ProtoVenue,
  VenueInput as ProtoVenueInput,
  VenueInputSchema,
  VenueSchema,
  VenueSummary as ProtoVenueSummary,
  VenueSummarySchema,
} from '@venuebook/contracts/venues/v1';

type VenueListSort = ListVenuesQuery['sort'];

const SORTS: readonly [VenueListSort, VenueSort][] = [
  ['newest', VenueSort.NEWEST],
  ['updated', VenueSort.UPDATED],
  ['name', VenueSort.NAME],
];

const plainLink = (link: Link | ProtoLink): Link => ({ displayText: link.displayText, url: link.url });

/**
 * Domain venue → proto Venue. deletedAt null (active) becomes '' (proto strings have no null); contact fields
 * withheld from the caller (null) become '' with contactDetailsHidden set.
 */
export function venueToProto(venue: Venue): MessageInitShape<typeof VenueSchema> {
  const hidden = venue.contactName === null;
  return {
    ...venue,
    leagues: [...venue.leagues],
    venueTypes: [...venue.venueTypes],
    links: venue.links.map(plainLink),
    deletedAt: venue.deletedAt ?? '',
    contactName: venue.contactName ?? '',
    contactTitle: venue.contactTitle ?? '',
    contactPhone: venue.contactPhone ?? '',
    contactEmail: venue.contactEmail ?? '',
    contactDetailsHidden: hidden,
  };
}

/** Proto Venue → domain venue ('' deletedAt → null; withheld contact fields → null). Leagues and venue types were validated when stored. */
export function venueFromProto(venue: ProtoVenue): Venue {
  const { $typeName: _typeName, $unknown: _unknown, deletedAt, leagues, venueTypes, links, contactDetailsHidden, ...fields } = venue;
  return {
    ...fields,
    leagues: [...leagues] as Venue['leagues'],
    venueTypes: [...venueTypes] as Venue['venueTypes'],
    links: links.map(plainLink),
    deletedAt: deletedAt === '' ? null : deletedAt,
    ...(contactDetailsHidden ? { contactName: null, contactTitle: null, contactPhone: null, contactEmail: null } : {}),
  };
}

/** Domain venue summary → proto VenueSummary. */
export function venueSummaryToProto(summary: VenueSummary): MessageInitShape<typeof VenueSummarySchema> {
  return { ...summary, leagues: [...summary.leagues], venueTypes: [...summary.venueTypes] };
}

/** Proto VenueSummary → domain venue summary (leagues and venue types were validated when stored). */
export function venueSummaryFromProto(summary: ProtoVenueSummary): VenueSummary {
  const { $typeName: _typeName, $unknown: _unknown, leagues, venueTypes, ...fields } = summary;
  return { ...fields, leagues: [...leagues] as VenueSummary['leagues'], venueTypes: [...venueTypes] };
}

/** Validated venue input → proto VenueInput. */
export function venueInputToProto(input: VenueInputParsed): MessageInitShape<typeof VenueInputSchema> {
  return { ...input, leagues: [...input.leagues], venueTypes: [...input.venueTypes], links: input.links.map(plainLink) };
}

/** Proto VenueInput → a plain object for the shared zod schema (which validates and normalises it). */
export function venueInputFromProto(input: ProtoVenueInput | undefined): Record<string, unknown> {
  if (!input) return {};
  const { $typeName: _typeName, $unknown: _unknown, leagues, venueTypes, links, ...fields } = input;
  return { ...fields, leagues: [...leagues], venueTypes: [...venueTypes], links: links.map(plainLink) };
}

export function sortToProto(sort: VenueListSort): VenueSort {
  return SORTS.find(([name]) => name === sort)?.[1] ?? VenueSort.UNSPECIFIED;
}

/** Proto sort → domain sort; UNSPECIFIED means the default (undefined); unknown numbers give null. */
export function sortFromProto(sort: VenueSort): VenueListSort | undefined | null {
  if (sort === VenueSort.UNSPECIFIED) return undefined;
  return SORTS.find(([, value]) => value === sort)?.[0] ?? null;
}

/** Validated list query → proto ListVenuesRequest. */
export function listQueryToProto(query: ListVenuesQuery): MessageInitShape<typeof ListVenuesRequestSchema> {
  return { query: query.q ?? '', leagues: [...query.leagues], sort: sortToProto(query.sort), page: query.page, pageSize: query.pageSize };
}

// ---- Duplicate check, links, deleted venues ----------------------------------------------------

/** Validated duplicate-check request → proto (no excludeId → ''). */
export function duplicateCheckToProto(request: DuplicateCheckRequest): MessageInitShape<typeof CheckDuplicatesRequestSchema> {
  return { name: request.name, leagues: [...request.leagues], excludeId: request.excludeId ?? '' };
}

/** Proto duplicate-check request → a plain object for the shared zod schema ('' excludeId → none). */
export function duplicateCheckFromProto(request: ProtoCheckDuplicatesRequest): Record<string, unknown> {
  return { name: request.name, leagues: [...request.leagues], ...(request.excludeId ? { excludeId: request.excludeId } : {}) };
}

export function duplicateCheckResultToProto(result: DuplicateCheckResult): MessageInitShape<typeof CheckDuplicatesResponseSchema> {
  return { duplicateFound: result.duplicateFound, exactMatch: result.exactMatch, similarVenues: result.similarVenues.map((venue) => ({ ...venue })) };
}

export function duplicateCheckResultFromProto(response: ProtoCheckDuplicatesResponse): DuplicateCheckResult {
  return {
    duplicateFound: response.duplicateFound,
    exactMatch: response.exactMatch,
    similarVenues: response.similarVenues.map(({ id, name, reason, similarity }) => ({ id, name, reason, similarity })),
  };
}

/** Links (as entered or validated) → proto links; a missing text or URL is '' (the service drops such rows). */
export function linksToProto(links: readonly Partial<Link>[]): MessageInitShape<typeof LinkSchema>[] {
  return links.map((link) => ({ displayText: link.displayText ?? '', url: link.url ?? '' }));
}

/** Proto links → plain links. */
export function linksFromProto(links: readonly ProtoLink[]): Link[] {
  return links.map(plainLink);
}

export function deletedVenueToProto(venue: DeletedVenue): MessageInitShape<typeof DeletedVenueSchema> {
  const { deletedAt, ...summary } = venue;
  return { summary: venueSummaryToProto(summary), deletedAt };
}

export function deletedVenueFromProto(venue: ProtoDeletedVenue): DeletedVenue {
  if (!venue.summary) throw new Error('DeletedVenue without its summary');
  return { ...venueSummaryFromProto(venue.summary), deletedAt: venue.deletedAt };
}

/** Validated deleted-venues query → proto request. */
export function listDeletedQueryToProto(query: ListDeletedVenuesQuery): MessageInitShape<typeof ListDeletedVenuesRequestSchema> {
  return { query: query.q ?? '', page: query.page, pageSize: query.pageSize };
}

/** Proto deleted-venues request → a plain object for the shared zod schema (0 page / pageSize = defaults). */
export function listDeletedQueryFromProto(request: ProtoListDeletedVenuesRequest): Record<string, unknown> {
  return { q: request.query, page: request.page || undefined, pageSize: request.pageSize || undefined };
}

export function listDeletedResultFromProto(response: ProtoListDeletedVenuesResponse): ListDeletedVenuesResult {
  return { items: response.venues.map(deletedVenueFromProto), total: response.total, page: response.page, pageSize: response.pageSize };
}
