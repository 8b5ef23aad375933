import { MEDIA } from '@venuebook/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import { createMediaQueries, PHOTO_QUERY_STALE_TIME_MS } from './media-queries.ts';
import { PUBLIC_QUERY_META } from './query-client.ts';

/** A client whose requests are recorded and answered `{}` (the calls against the real gateway are e2e). */
function recordingClient() {
  const calls: { method: string; url: string; body: unknown; auth: string | null }[] = [];
  const client = createApiClient({
    baseUrl: 'http://gateway.invalid/api/v1',
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({
        method: init?.method ?? 'GET',
        url: String(input).replace('http://gateway.invalid/api/v1', ''),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        auth: headers.get('authorization'),
      });
      return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : Response.json({});
    },
  });
  client.bindAuth({ accessToken: async () => 'token-1', refreshAfterUnauthorized: async () => null });
  return { client, calls };
}

describe('api.media', () => {
  it('calls the routes of the media contract (docs: /tmp/team/media.md, proto media.schema.ts)', async () => {
    const { client, calls } = recordingClient();
    await client.media.listDocuments('v 1');
    await client.media.listDocuments('v1', { kind: 'photos', eventId: 'e1' });
    await client.media.listDocuments('v1', { kind: 'all', eventId: '' });
    await client.media.getDocument('d1');
    await client.media.updateDocument('d1', { category: 'contracts', eventId: null });
    await client.media.deleteDocument('d1');
    await client.media.batchDeletePhotos('v1', ['d1', 'd2']);
    await client.media.tagPhotos('v1', ['d1'], ['c1', 'c2']);
    await client.media.untagPhotos('v1', ['d1'], ['c1']);
    await client.media.gallerySettings('v1');
    await client.media.updateGallery('v1', { enabled: true, expiresAt: null });
    await client.media.rotateGallery('v1');
    await client.media.publicGallery('v1', 'k&y');
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['GET', '/venues/v%201/documents', null],
      ['GET', '/venues/v1/documents?kind=photos&eventId=e1', null],
      ['GET', '/venues/v1/documents', null],
      ['GET', '/documents/d1', null],
      ['PATCH', '/documents/d1', { category: 'contracts', eventId: null }],
      ['DELETE', '/documents/d1', null],
      ['POST', '/venues/v1/photos/batch-delete', { documentIds: ['d1', 'd2'] }],
      ['POST', '/venues/v1/photo-tags', { documentIds: ['d1'], cardIds: ['c1', 'c2'] }],
      ['POST', '/venues/v1/photo-tags/remove', { documentIds: ['d1'], cardIds: ['c1'] }],
      ['GET', '/venues/v1/gallery', null],
      ['PUT', '/venues/v1/gallery', { enabled: true, expiresAt: null }],
      ['POST', '/venues/v1/gallery/rotate', null],
      ['GET', '/public/venues/v1/gallery?key=k%26y', null],
    ]);
    // Every call but the public gallery carries the session's token.
    expect(calls.slice(0, -1).every((call) => call.auth === 'Bearer token-1')).toBe(true);
    expect(calls.at(-1)?.auth).toBeNull();
  });

  it("lends the bound session's token to requests made outside the client (the upload queue)", async () => {
    const { client } = recordingClient();
    expect(client.baseUrl).toBe('http://gateway.invalid/api/v1');
    await expect(client.bearer.token()).resolves.toBe('token-1');
    await expect(client.bearer.refreshAfterUnauthorized('token-1')).resolves.toBeNull();
    await expect(createApiClient().bearer.token()).resolves.toBeNull();
  });
});

describe('media query keys', () => {
  const { client, calls } = recordingClient();
  const queries = createMediaQueries(client);

  it("nest every document list of a venue under its key, so one invalidation refreshes a venue's lists", () => {
    const photos = queries.documents('v1', 'photos').queryKey;
    const ofEvent = queries.documents('v1', 'files', 'e1').queryKey;
    expect(photos).toEqual([...queries.venueDocuments('v1'), 'photos', null]);
    expect(ofEvent).toEqual([...queries.venueDocuments('v1'), 'files', 'e1']);
    expect(queries.documents('v1').queryKey).toEqual([...queries.venueDocuments('v1'), 'all', null]);
    expect(queries.venueDocuments('v1').slice(0, 3)).toEqual([...queries.venue('v1')]);
    expect(queries.venue('v1').slice(0, 1)).toEqual([...queries.all]);
    expect(queries.gallery('v1').queryKey.slice(0, 3)).toEqual([...queries.venue('v1')]);
    expect(queries.documents('v2').queryKey).not.toEqual(expect.arrayContaining(['v1']));
  });

  it("keep photos fresh for the spec's 5 minutes; the public gallery is public data", () => {
    expect(PHOTO_QUERY_STALE_TIME_MS).toBe(MEDIA.photoQueryStaleMs);
    expect(PHOTO_QUERY_STALE_TIME_MS).toBe(5 * 60_000);
    expect(queries.documents('v1', 'photos').staleTime).toBe(PHOTO_QUERY_STALE_TIME_MS);
    expect(queries.publicGallery('v1', 'k').staleTime).toBe(PHOTO_QUERY_STALE_TIME_MS);
    expect(queries.publicGallery('v1', 'k').meta).toEqual(PUBLIC_QUERY_META);
  });

  it('fetch through the api client', async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(queries.documents('v1', 'photos', 'e1'));
    await queryClient.fetchQuery(queries.gallery('v1'));
    await queryClient.fetchQuery(queries.publicGallery('v1', 'key'));
    await queryClient.fetchQuery(queries.document('d1'));
    expect(calls.map((call) => call.url)).toEqual([
      '/venues/v1/documents?kind=photos&eventId=e1',
      '/venues/v1/gallery',
      '/public/venues/v1/gallery?key=key',
      '/documents/d1',
    ]);
    queryClient.clear();
  });
});
