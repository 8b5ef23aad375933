import { queryOptions } from '@tanstack/react-query';
import { MEDIA } from '@venuebook/domain';
import { api, type ApiClient } from '../api/api-client.ts';
import type { DocumentKind } from '../api/media-types.ts';
import { PUBLIC_QUERY_META } from './query-client.ts';

/** Spec §9: photo queries stay fresh 5 minutes (MEDIA.photoQueryStaleMs). */
export const PHOTO_QUERY_STALE_TIME_MS = MEDIA.photoQueryStaleMs;

/** How often a page that shows documents' signed URLs reads them again (the URLs last about an hour). */
export const SIGNED_URL_REFRESH_MS = 10 * 60_000;

/**
 * Query keys and options of media reads (spec §2 'Photos', 'Documents', the public gallery), bound to an
 * api client. `venue(id)` covers every document list of a venue (invalidate it after an upload, an edit, a delete or
 * a tag change there); `documents(venueId, kind, eventId)` is one list.
 */
export function createMediaQueries(client: ApiClient) {
  const all = ['media'] as const;
  const venue = (venueId: string) => [...all, 'venue', venueId] as const;
  const venueDocuments = (venueId: string) => [...venue(venueId), 'documents'] as const;
  return {
    all,
    venue,
    /** Every document list of a venue (all kinds and events): the key to invalidate after a change. */
    venueDocuments,
    /** A venue's documents of a kind (default 'all'), optionally of one event, newest upload first. */
    documents: (venueId: string, kind: DocumentKind = 'all', eventId?: string | null) =>
      queryOptions({
        queryKey: [...venueDocuments(venueId), kind, eventId ?? null] as const,
        queryFn: ({ signal }) => client.media.listDocuments(venueId, { kind, eventId: eventId ?? undefined }, { signal }),
        staleTime: PHOTO_QUERY_STALE_TIME_MS,
      }),
    /** One document (fresh signed URLs). */
    document: (id: string) =>
      queryOptions({
        queryKey: [...all, 'document', id] as const,
        queryFn: ({ signal }) => client.media.getDocument(id, { signal }),
      }),
    /** A venue's public gallery settings and link (admins and owners change them). */
    gallery: (venueId: string) =>
      queryOptions({
        queryKey: [...venue(venueId), 'gallery'] as const,
        queryFn: ({ signal }) => client.media.gallerySettings(venueId, { signal }),
      }),
    /** The public gallery page (no sign-in): kept across sign-outs like other public data. */
    publicGallery: (venueId: string, key: string) =>
      queryOptions({
        queryKey: [...all, 'public-gallery', venueId, key] as const,
        queryFn: ({ signal }) => client.media.publicGallery(venueId, key, { signal }),
        staleTime: PHOTO_QUERY_STALE_TIME_MS,
        meta: PUBLIC_QUERY_META,
      }),
  };
}

export const mediaQueries = createMediaQueries(api);
