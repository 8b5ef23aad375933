import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { DEFAULT_CONTACT_TAGS } from '@venuebook/domain';
import { api, type ApiClient, type PageParams } from '../api/api-client.ts';
import { createVenueQueries, nextVenueListPage } from './venue-queries.ts';

/** The all-contacts list without its page: search and page size. */
export type ContactListFilter = Omit<PageParams, 'page'> & { q?: string };

/**
 * The tags to offer: the server's list, or the 11 defaults when it cannot be read (spec §8 'Contacts': the failure
 * is logged and the default list is used).
 */
export async function contactTagsOrDefault(load: () => Promise<{ tags: string[] }>): Promise<string[]> {
  try {
    const { tags } = await load();
    return tags.length > 0 ? tags : [...DEFAULT_CONTACT_TAGS];
  } catch (error) {
    console.error('Failed to load contact tags; using the default list', error);
    return [...DEFAULT_CONTACT_TAGS];
  }
}

/**
 * Query keys and options of contact reads (spec §2 'Venue Contacts dialog', 'Contacts'), bound to an api client.
 * One venue's contacts nest under that venue's detail key (the venue page's print report reads the same key), so
 * invalidating the venue refreshes them; `all` covers the all-contacts and deleted lists.
 */
export function createContactQueries(client: ApiClient) {
  const venues = createVenueQueries(client);
  const all = ['contacts'] as const;
  return {
    all,
    /** A venue's active contacts: the current main contact first, then newest. */
    forVenue: (venueId: string) =>
      queryOptions({
        queryKey: [...venues.detail(venueId).queryKey, 'contacts'] as const,
        queryFn: ({ signal }) => client.venues.contacts(venueId, { signal }),
      }),
    /** The all-contacts list for `filter`, page by page. */
    list: (filter: ContactListFilter) =>
      infiniteQueryOptions({
        queryKey: [...all, 'list', filter] as const,
        queryFn: ({ pageParam, signal }) => client.contacts.list({ ...filter, page: pageParam }, { signal }),
        initialPageParam: 1,
        getNextPageParam: nextVenueListPage,
      }),
    /** Soft-deleted contacts grouped by venue (admins). */
    deleted: () =>
      queryOptions({
        queryKey: [...all, 'deleted'] as const,
        queryFn: ({ signal }) => client.deletedContacts.list({ signal }),
      }),
    /** Tags to choose from; never fails (the defaults stand in). */
    tags: () =>
      queryOptions({
        queryKey: [...all, 'tags'] as const,
        queryFn: ({ signal }) => contactTagsOrDefault(() => client.contacts.tags({ signal })),
      }),
  };
}

export const contactQueries = createContactQueries(api);
