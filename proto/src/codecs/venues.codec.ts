// Proto ↔ domain mapping of the venues contract, shared by the venues service (which answers in proto)
// and the gateway (which answers in JSON), so that a field is added in one place.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Link, ListVenuesQuery, Venue, VenueInputParsed, VenueSummary } from '../domain/index.ts';
import { VenueSort } from '@venuebook/proto/venues/v1';
import type {
  Link as ProtoLink,
  ListVenuesRequestSchema,
  Venue as ProtoVenue,
  VenueInput as ProtoVenueInput,
  VenueInputSchema,
  VenueSchema,
  VenueSummary as ProtoVenueSummary,
  VenueSummarySchema,
} from '@venuebook/proto/venues/v1';

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
