import { api, queryOptions, venueQueries } from '@venuebook/sdk';

/**
 * A venue's contacts (GET /venues/{id}/contacts: the current main contact first, then newest), for the print
 * report. The key nests under the venue's detail key, so invalidating the venue refreshes its contacts too.
 */
export const venueContactsQuery = (venueId: string) =>
  queryOptions({
    queryKey: [...venueQueries.detail(venueId).queryKey, 'contacts'] as const,
    queryFn: ({ signal }) => api.venues.contacts(venueId, { signal }),
  });
