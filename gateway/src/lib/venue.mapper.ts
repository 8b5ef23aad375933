import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ListVenuesQuery, Venue, VenueInputParsed } from '@venuebook/proto/domain';
import { VenueSort } from '@venuebook/proto/venues/v1';
import type { ListVenuesRequestSchema, Venue as ProtoVenue, VenueInputSchema } from '@venuebook/proto/venues/v1';

const SORT_TO_PROTO: Record<ListVenuesQuery['sort'], VenueSort> = {
  newest: VenueSort.NEWEST,
  updated: VenueSort.UPDATED,
  name: VenueSort.NAME,
};

/** Proto Venue → HTTP Venue JSON ('' deletedAt → null). Leagues were validated when stored. */
export function venueFromProto(venue: ProtoVenue): Venue {
  return {
    id: venue.id,
    name: venue.name,
    country: venue.country,
    address: venue.address,
    displayCityAs: venue.displayCityAs,
    deliveryAddress: venue.deliveryAddress,
    deliveryNotes: venue.deliveryNotes,
    website: venue.website,
    leagues: [...venue.leagues] as Venue['leagues'],
    venueTypes: [...venue.venueTypes],
    links: venue.links.map((link) => ({ displayText: link.displayText, url: link.url })),
    generalNotes: venue.generalNotes,
    contactName: venue.contactName,
    contactTitle: venue.contactTitle,
    contactPhone: venue.contactPhone,
    contactEmail: venue.contactEmail,
    createdBy: venue.createdBy,
    createdAt: venue.createdAt,
    updatedAt: venue.updatedAt,
    deletedAt: venue.deletedAt === '' ? null : venue.deletedAt,
    googleDriveFolderId: venue.googleDriveFolderId,
    activityAt: venue.activityAt,
  };
}

export function venueInputToProto(input: VenueInputParsed): MessageInitShape<typeof VenueInputSchema> {
  return {
    ...input,
    leagues: [...input.leagues],
    venueTypes: [...input.venueTypes],
    links: input.links.map((link) => ({ displayText: link.displayText, url: link.url })),
  };
}

export function listQueryToProto(query: ListVenuesQuery): MessageInitShape<typeof ListVenuesRequestSchema> {
  return {
    query: query.q ?? '',
    leagues: [...query.leagues],
    sort: SORT_TO_PROTO[query.sort],
    page: query.page,
    pageSize: query.pageSize,
  };
}
