// @venuebook/sdk's media client and queries against the running product (gateway, media and the other
// services as their own processes on real FerretDB, MinIO and NATS): documents listed by kind and event through
// `mediaQueries`, a category change seen after invalidating the venue's lists, photo tags, the public gallery
// (settings, the public read without a session, rotation), batch and single deletes. The uploads themselves go as
// the upload queue sends them (multipart, the fields before the file, with the session's bearer token); the queue's
// browser path (XMLHttpRequest, progress, the panel) is tests/e2e/upload-panel.e2e.test.ts.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../shell/sdk/src/api/api-client.ts';
import type { VenueDocument } from '../../shell/sdk/src/api/media-types.ts';
import { createMediaQueries } from '../../shell/sdk/src/query/media-queries.ts';
import { createQueryClient } from '../../shell/sdk/src/query/query-client.ts';
import { createSessionStore, type SessionStore } from '../../shell/sdk/src/session/session-store.ts';
import { createBrowser, sharedSdkStack, type SdkStack } from './sdk-support.ts';

let sdk: SdkStack;
const stops: (() => void)[] = [];

beforeAll(async () => {
  sdk = await sharedSdkStack();
}, 180_000);

afterAll(async () => {
  for (const stop of stops) stop();
  await sdk?.stop();
});

interface Tab {
  api: ApiClient;
  store: SessionStore;
}

/** A page load in a new browser, signed in as the role (or not signed in). */
async function openTab(role?: 'editor' | 'admin' | 'viewer'): Promise<Tab> {
  const browser = createBrowser();
  const api = createApiClient({ baseUrl: sdk.apiUrl, fetch: browser.fetch });
  const store = createSessionStore({ api, crossTab: false, storage: null });
  stops.push(store.start());
  await vi.waitFor(() => expect(store.getSnapshot().status).not.toBe('loading'));
  if (role) await store.signIn(sdk.account(role));
  return { api, store };
}

/** One upload as the sdk's queue sends it (uploadFormData's fields, then the file), with the tab's token. */
async function upload(
  api: ApiClient,
  venueId: string,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
  fields: Record<string, string> = {},
): Promise<VenueDocument> {
  const form = new FormData();
  const all = {
    category: 'general',
    description: '',
    eventId: '',
    dataCardId: '',
    lastModified: '1700000000000',
    size: String(file.bytes.byteLength),
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${api.baseUrl}/venues/${venueId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await api.bearer.token()}` },
    body: form,
  });
  const body = (await response.json()) as VenueDocument;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

const jpeg = async (seed: number) =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 90, b: 200 } } })
      .jpeg()
      .toBuffer(),
  );

describe('api.media and mediaQueries', () => {
  it('lists, updates, tags, shares and deletes a venue’s documents', async () => {
    const editor = await openTab('editor');
    const admin = await openTab('admin');
    const media = createMediaQueries(editor.api);
    const client = createQueryClient();
    stops.push(() => client.clear());

    const venue = await editor.api.venues.create({ name: 'Sdk Media Int Hall' });
    const event = await editor.api.events.create(venue.id, { name: 'Sdk Media Night', eventDate: '2026-03-01', description: '' });
    const first = await upload(editor.api, venue.id, { name: 'stage.jpg', type: 'image/jpeg', bytes: await jpeg(10) }, { category: 'photos' });
    const second = await upload(
      editor.api,
      venue.id,
      { name: 'dock.jpg', type: 'image/jpeg', bytes: await jpeg(20) },
      { category: 'photos', eventId: event.id },
    );
    const pdf = await upload(
      editor.api,
      venue.id,
      { name: 'rider.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
      { category: 'technical' },
    );

    // Lists by kind and event, newest first, through the query options (5 minutes fresh).
    const photos = await client.fetchQuery(media.documents(venue.id, 'photos'));
    expect(photos.documents.map((document) => document.id)).toEqual([second.id, first.id]);
    expect(photos.documents.every((document) => document.isPhoto && document.urls.thumb !== null)).toBe(true);
    expect((await client.fetchQuery(media.documents(venue.id, 'files'))).documents.map((document) => document.id)).toEqual([pdf.id]);
    expect((await client.fetchQuery(media.documents(venue.id))).documents).toHaveLength(3);
    expect((await client.fetchQuery(media.documents(venue.id, 'all', event.id))).documents.map((document) => document.id)).toEqual([second.id]);
    expect(client.getQueryState(media.documents(venue.id, 'photos').queryKey)?.isInvalidated).toBe(false);

    // A change, then the venue's lists invalidated at once (what the pages and the upload queue do).
    const moved = await editor.api.media.updateDocument(pdf.id, { category: 'contracts', eventId: event.id });
    expect(moved).toMatchObject({ id: pdf.id, category: 'contracts', eventId: event.id });
    await client.invalidateQueries({ queryKey: media.venueDocuments(venue.id) });
    const files = await client.fetchQuery(media.documents(venue.id, 'files'));
    expect(files.documents[0]).toMatchObject({ category: 'contracts', eventId: event.id });
    expect(await editor.api.media.updateDocument(pdf.id, { eventId: null })).toMatchObject({ eventId: null });
    expect(await client.fetchQuery(media.document(pdf.id))).toMatchObject({ id: pdf.id, fileName: 'rider.pdf' });

    // Photo tags with a data card (a master template is a card of every venue).
    const card = (await editor.api.cardTemplates.list()).items[0]!;
    const tagged = await editor.api.media.tagPhotos(venue.id, [first.id, second.id], [card.id]);
    expect(tagged.documents.map((document) => document.tagCardIds)).toEqual([[card.id], [card.id]]);
    const untagged = await editor.api.media.untagPhotos(venue.id, [first.id], [card.id]);
    expect(untagged.documents.find((document) => document.id === first.id)?.tagCardIds).toEqual([]);

    // The public gallery: an admin turns it on; anyone with the link reads it without a session; rotation kills the old link.
    const settings = await admin.api.media.updateGallery(venue.id, { enabled: true, expiresAt: null });
    expect(settings.enabled).toBe(true);
    expect(await editor.api.media.gallerySettings(venue.id)).toMatchObject({ enabled: true, publicPath: settings.publicPath });
    const key = new URL(settings.publicPath, 'http://app').searchParams.get('key')!;
    const visitor = await openTab();
    const gallery = await client.fetchQuery(createMediaQueries(visitor.api).publicGallery(venue.id, key));
    expect(gallery.venueName).toBe('Sdk Media Int Hall');
    expect(gallery.photos.map((photo) => photo.id)).toEqual([second.id, first.id]);
    const rotated = await admin.api.media.rotateGallery(venue.id);
    expect(rotated.publicPath).not.toBe(settings.publicPath);
    await expect(visitor.api.media.publicGallery(venue.id, key)).rejects.toMatchObject({ status: 404 });

    // Deletes: the photos in one batch, the file alone.
    expect(await editor.api.media.batchDeletePhotos(venue.id, [first.id, second.id])).toEqual({ deletedCount: 2 });
    await editor.api.media.deleteDocument(pdf.id);
    await client.invalidateQueries({ queryKey: media.venueDocuments(venue.id) });
    expect((await client.fetchQuery(media.documents(venue.id))).documents).toEqual([]);
    await expect(editor.api.media.getDocument(pdf.id)).rejects.toMatchObject({ status: 404 });
  });
});
