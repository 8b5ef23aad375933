import { queryOptions } from '@tanstack/react-query';
import type { Department } from '@venuebook/domain';
import { api, type ApiClient } from '../api/api-client.ts';

/** Spec §9: 'Venue data display cached 5 minutes' (the venue detail page's values). */
export const VENUE_DATA_STALE_TIME_MS = 5 * 60_000;

/**
 * Query keys and options of data-card reads (spec §2 'Data Cards screen', 'Master Data Card Templates', 'Deleted
 * Data Cards', venue detail 'Venue Data'), bound to an api client. `all` covers every card read; `venue(id)` one
 * venue's cards and values (invalidate it after a save at that venue).
 */
export function createCardQueries(client: ApiClient) {
  const all = ['cards'] as const;
  const venue = (venueId: string) => [...all, 'venue', venueId] as const;
  return {
    all,
    venue,
    /** Every master template, each under its primary department, in the §9 order. */
    templates: () =>
      queryOptions({
        queryKey: [...all, 'templates'] as const,
        queryFn: ({ signal }) => client.cardTemplates.list({}, { signal }),
      }),
    /** One department's templates (the add-cards dialog), in the §9 order. */
    departmentTemplates: (department: Department) =>
      queryOptions({
        queryKey: [...all, 'templates', department] as const,
        queryFn: ({ signal }) => client.cardTemplates.list({ department }, { signal }),
      }),
    /** Soft-deleted cards (admins). */
    deleted: () =>
      queryOptions({
        queryKey: [...all, 'deleted'] as const,
        queryFn: ({ signal }) => client.deletedCards.list({ signal }),
      }),
    /** A department's cards at a venue: general notes first, then the saved order, then title. */
    venueDepartment: (venueId: string, department: Department) =>
      queryOptions({
        queryKey: [...venue(venueId), 'department', department] as const,
        queryFn: ({ signal }) => client.venueCards.list(venueId, department, { signal }),
      }),
    /** Every current field value of a venue's cards (the venue detail page keeps it 5 minutes). */
    venueValues: (venueId: string) =>
      queryOptions({
        queryKey: [...venue(venueId), 'values'] as const,
        queryFn: ({ signal }) => client.venueCards.venueValues(venueId, { signal }),
      }),
    /** The text of every notes field of a venue's cards (the Data Cards screen's tiles). */
    venueNotes: (venueId: string) =>
      queryOptions({
        queryKey: [...venue(venueId), 'notes'] as const,
        queryFn: ({ signal }) => client.venueCards.venueNotes(venueId, { signal }),
      }),
    /** One card (template or venue card) by id. */
    card: (cardId: string) =>
      queryOptions({
        queryKey: [...all, 'card', cardId] as const,
        queryFn: ({ signal }) => client.venueCards.get(cardId, { signal }),
      }),
    /** One card's current field values at a venue (the card dialog). */
    cardValues: (venueId: string, cardId: string) =>
      queryOptions({
        queryKey: [...venue(venueId), 'card', cardId, 'values'] as const,
        queryFn: ({ signal }) => client.venueCards.values(venueId, cardId, { signal }),
      }),
    /** A field's notes lines at a venue, of every department (the text is the `baseText` of the next save). */
    fieldNotes: (venueId: string, cardId: string, fieldKey: string) =>
      queryOptions({
        queryKey: [...venue(venueId), 'card', cardId, 'notes', fieldKey] as const,
        queryFn: ({ signal }) => client.venueCards.notes(venueId, cardId, fieldKey, undefined, { signal }),
      }),
    /** A field's versions, newest first (first page). */
    fieldHistory: (venueId: string, cardId: string, fieldKey: string) =>
      queryOptions({
        queryKey: [...venue(venueId), 'card', cardId, 'history', fieldKey] as const,
        queryFn: ({ signal }) => client.venueCards.history(venueId, cardId, fieldKey, {}, { signal }),
      }),
  };
}

export const cardQueries = createCardQueries(api);
