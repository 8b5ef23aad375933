import type { ListVenuesQuery, ListVenuesResult, Venue, VenueInputParsed, VenueSummary } from '@venuebook/domain';

/** The user-editable fields of a venue after validation and normalisation (the shared VenueInput, parsed). */
export type VenueFields = VenueInputParsed;

/** A stored venue as the service hands it out (the shared Venue: ISO timestamps, deletedAt null when active). */
export type VenueRecord = Venue;

/** A validated list request (1-based page, defaults applied). */
export type VenueListQuery = ListVenuesQuery;

/** A list card's fields of a venue (lists never carry whole venues). */
export type VenueSummaryRecord = VenueSummary;

export type VenueListResult = ListVenuesResult;

export type VenueListSort = ListVenuesQuery['sort'];
