import type { MessageInitShape } from '@bufbuild/protobuf';
import { VenueSort } from '@venuebook/proto/venues/v1';
import type { VenueInput as ProtoVenueInput, VenueSchema } from '@venuebook/proto/venues/v1';
import type { VenueListSort, VenueRecord } from '../domain/venue.ts';

/** The proto VenueInput as a plain object for the shared zod schema (proto has no "unset" for strings). */
export function venueInputFromProto(input: ProtoVenueInput | undefined): Record<string, unknown> {
  if (!input) return {};
  return {
    name: input.name,
    country: input.country,
    address: input.address,
    displayCityAs: input.displayCityAs,
    deliveryAddress: input.deliveryAddress,
    deliveryNotes: input.deliveryNotes,
    website: input.website,
    leagues: [...input.leagues],
    venueTypes: [...input.venueTypes],
    links: input.links.map((link) => ({ displayText: link.displayText, url: link.url })),
    generalNotes: input.generalNotes,
    contactName: input.contactName,
    contactTitle: input.contactTitle,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
  };
}

/** Domain venue → proto Venue. deletedAt null (active) becomes ''. */
export function venueToProto(venue: VenueRecord): MessageInitShape<typeof VenueSchema> {
  return {
    id: venue.id,
    name: venue.name,
    country: venue.country,
    address: venue.address,
    displayCityAs: venue.displayCityAs,
    deliveryAddress: venue.deliveryAddress,
    deliveryNotes: venue.deliveryNotes,
    website: venue.website,
    leagues: [...venue.leagues],
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
    deletedAt: venue.deletedAt ?? '',
    googleDriveFolderId: venue.googleDriveFolderId,
    activityAt: venue.activityAt,
  };
}

/** Proto sort → domain sort; UNSPECIFIED means the default (undefined). Unknown numbers are rejected. */
export function sortFromProto(sort: VenueSort): VenueListSort | undefined | null {
  switch (sort) {
    case VenueSort.UNSPECIFIED:
      return undefined;
    case VenueSort.NEWEST:
      return 'newest';
    case VenueSort.UPDATED:
      return 'updated';
    case VenueSort.NAME:
      return 'name';
    default:
      return null;
  }
}
