// The media API through the gateway on the real services: uploads (streamed multipart), the signed content
// URLs (Range, expiry, tampering, what is never served inline), documents, photo tags, and the public gallery.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eventually } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import type { z } from 'zod';
import type { gallerySettingsSchema, publicGallerySchema, SyncQueueList, TriggerSyncResult, VenueDocumentDto as VenueDocument } from '@venuebook/domain';
import { createContentUrlSigner } from './lib/media-content.ts';
import { gatewayFixture } from './testing/gateway-fixture.ts';
import { expectStatus, png } from './testing/media-fixtures.ts';
import type { GatewayApp } from './app.ts';

const gateway = gatewayFixture(['viewer', 'editor', 'admin']);
const { viewer, editor, admin } = gateway.headers;

type GallerySettings = z.output<typeof gallerySettingsSchema>;
type PublicGallery = z.output<typeof publicGallerySchema>;

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  app: GatewayApp = gateway.app,
) {
  return app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

interface UploadOptions {
  fields?: Record<string, string>;
  name?: string;
  type?: string;
  app?: GatewayApp;
  headers?: Record<string, string>;
}

/** POST /venues/{id}/documents as the browser sends it: the fields, then the file (FormData). */
function upload(venueId: string, bytes: Buffer, options: UploadOptions = {}): Promise<InjectResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ category: 'general', lastModified: '1700000000000', size: String(bytes.length), ...options.fields }))
    form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.name ?? 'photo.png');
  return (options.app ?? gateway.app).inject({
    method: 'POST',
    url: `/api/v1/venues/${venueId}/documents`,
    headers: options.headers ?? editor,
    payload: form as never,
  });
}

async function createVenue(): Promise<string> {
  return expectStatus(await inject('POST', '/venues', editor, { name: `Media ${randomUUID().slice(0, 6)} Hall`, displayCityAs: 'Springfield' }), 201).json<{
    id: string;
  }>().id;
}

async function uploaded(venueId: string, bytes: Buffer, options: UploadOptions = {}): Promise<VenueDocument> {
  return expectStatus(await upload(venueId, bytes, options), 201).json<VenueDocument>();
}

/** GET of a relative content URL, without any Authorization header (as an <img src>). */
function read(url: string, headers: Record<string, string> = {}, app: GatewayApp = gateway.app): Promise<InjectResponse> {
  return app.inject({ method: 'GET', url, headers });
}

describe('uploads and content through the gateway', () => {
  it('uploads a photo (201 with signed URLs), lists it, reads it back byte for byte, by range, and refuses altered or expired URLs', async () => {
    const venueId = await createVenue();
    const bytes = png(40, 30);
    const response = expectStatus(await upload(venueId, bytes, { fields: { category: 'photos', description: 'Stage left' } }), 201);
    const document = response.json<VenueDocument>();
    expect(response.headers.location).toBe(`/api/v1/documents/${document.id}`);
    expect(document).toMatchObject({
      venueId,
      fileName: 'photo.png',
      fileType: 'image/png',
      fileSize: bytes.length,
      category: 'photos',
      description: 'Stage left',
      isPhoto: true,
      eventId: null,
    });
    expect(document.urls.original).toMatch(/^\/api\/v1\/documents\/[^/]+\/content\?variant=original&download=0&exp=\d+&u=[^&]+&sig=/);
    expect(document.urls.thumb).toMatch(/variant=thumb/);
    expect(document.urls.download).toMatch(/download=1/);

    const listed = expectStatus(await inject('GET', `/venues/${venueId}/documents?kind=photos`, viewer), 200).json<{ documents: VenueDocument[] }>();
    expect(listed.documents.map((each) => each.id)).toEqual([document.id]);
    expect(expectStatus(await inject('GET', `/venues/${venueId}/documents?kind=files`, viewer), 200).json().documents).toEqual([]);
    expect(expectStatus(await inject('GET', `/documents/${document.id}`, viewer), 200).json<VenueDocument>().id).toBe(document.id);

    const whole = expectStatus(await read(document.urls.original), 200);
    expect(Buffer.compare(whole.rawPayload, bytes)).toBe(0);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': String(bytes.length),
    });
    expect(whole.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(String(whole.headers['content-disposition'])).toMatch(/^inline;/);

    const part = expectStatus(await read(document.urls.original, { range: 'bytes=8-23' }), 206);
    expect(Buffer.compare(part.rawPayload, bytes.subarray(8, 24))).toBe(0);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${bytes.length}`);
    const tail = expectStatus(await read(document.urls.original, { range: `bytes=${bytes.length - 5}-` }), 206);
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(bytes.length - 5))).toBe(0);
    const beyond = expectStatus(await read(document.urls.original, { range: `bytes=${bytes.length}-` }), 416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const thumb = expectStatus(await read(document.urls.thumb!), 200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const head = expectStatus(await gateway.app.inject({ method: 'HEAD', url: document.urls.original }), 200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.rawPayload.length).toBe(0);
    const download = expectStatus(await read(document.urls.download), 200);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="photo\.png"; filename\*=UTF-8''photo\.png$/);

    // Altered, missing or expired: refused without a session being asked for.
    const url = new URL(document.urls.original, 'http://gateway');
    const altered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    expect(expectStatus(await read(altered('sig', 'A'.repeat(43))), 403).json().error.message).toBe('Invalid or expired link');
    expectStatus(await read(altered('variant', 'preview')), 403);
    expectStatus(await read(altered('download', '1')), 403);
    expectStatus(await read(altered('exp', String(Number(url.searchParams.get('exp')) + 60))), 403);
    expectStatus(await read(altered('u', randomUUID())), 403);
    expectStatus(await read(`/api/v1/documents/${randomUUID()}/content${url.search}`), 403);
    expectStatus(await read(`/api/v1/documents/${document.id}/content`), 400);
    const past = createContentUrlSigner(gateway.app.config.JWT_SECRET, () => Date.now() - 2 * 3600_000);
    const expired = past.url({ id: document.id, variant: 'original', download: false }, { userId: url.searchParams.get('u')! });
    expectStatus(await read(expired), 403);
    // A URL signed with another gateway secret is worthless here.
    const foreign = createContentUrlSigner('z'.repeat(48)).url(
      { id: document.id, variant: 'original', download: false },
      { userId: url.searchParams.get('u')! },
    );
    expectStatus(await read(foreign), 403);
  });

  it('refuses a file whose bytes are not its type (400), and serves HTML in a .txt and any SVG never inline', async () => {
    const venueId = await createVenue();
    const spoofed = expectStatus(
      await upload(venueId, Buffer.from('<html><script>alert(1)</script></html>'), { name: 'innocent.png', type: 'image/png' }),
      400,
    );
    expect(spoofed.json().error.message).toBeTruthy();

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectStatus(await upload(venueId, svg, { name: 'logo.svg', type: 'image/svg+xml' }), 400);
    expectStatus(await upload(venueId, svg, { name: 'logo.png', type: 'image/png' }), 400);

    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n');
    const text = await uploaded(venueId, html, { name: 'notes.txt', type: 'text/html' });
    expect(text.isPhoto).toBe(false);
    expect(text.urls.thumb).toBeNull();
    const served = expectStatus(await read(text.urls.original), 200);
    expect(Buffer.compare(served.rawPayload, html)).toBe(0);
    expect(['text/plain', 'application/octet-stream']).toContain(String(served.headers['content-type']).split(';')[0]);
    expect(String(served.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  });

  it('keeps a path in the file name harmless', async () => {
    const venueId = await createVenue();
    const document = await uploaded(venueId, Buffer.from('plain text\n'), { name: '../../../etc/passwd.txt', type: 'text/plain' });
    expect(document.fileName).not.toMatch(/[/\\]/);
    expect(document.fileName).not.toMatch(/^\.\./);
    const served = expectStatus(await read(document.urls.download), 200);
    expect(String(served.headers['content-disposition'])).not.toMatch(/[/\\]/);
  });

  it('answers 413 over the limit: at once from the declared size, and when the file turns out larger (nothing stored)', async () => {
    const small = await gateway.under.buildAnother({ MEDIA_MAX_UPLOAD_BYTES: '1000' });
    const venueId = await createVenue();
    const big = Buffer.alloc(5000, 'a');
    const declared = expectStatus(await upload(venueId, big, { name: 'big.txt', type: 'text/plain', app: small }), 413);
    expect(declared.json().error.message).toBe('File too large');
    // A size within the limit but more bytes: multipart cuts the file off at the limit, the call is cancelled.
    const cutOff = expectStatus(await upload(venueId, big, { name: 'big.txt', type: 'text/plain', app: small, fields: { size: '1000' } }), 413);
    expect(cutOff.json().error.message).toBe('File too large');
    expect(expectStatus(await inject('GET', `/venues/${venueId}/documents`, viewer), 200).json().documents).toEqual([]);
  });

  it('stores nothing when the browser goes away mid-upload', async () => {
    const app = await gateway.under.buildAnother({});
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const venueId = await createVenue();
    const boundary = 'vb-cut';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="size"\r\n\r\n${10 * 1024 * 1024}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/v1/venues/${venueId}/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${editor.authorization}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 10 * 1024 * 1024 + boundary.length + 8}\r\n\r\n${head}`,
    );
    for (let sent = 0; sent < 1024 * 1024; sent += 64 * 1024) socket.write(Buffer.alloc(64 * 1024, 'a'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(expectStatus(await inject('GET', `/venues/${venueId}/documents`, viewer), 200).json().documents).toEqual([]);
    await app.close();
  });

  it('checks the right to upload and the fields before the file (403, 401, 400, 415)', async () => {
    const venueId = await createVenue();
    expectStatus(await upload(venueId, png(), { headers: viewer }), 403);
    expectStatus(await upload(venueId, png(), { headers: {} }), 401);
    const bad = expectStatus(await upload(venueId, png(), { fields: { category: 'nonsense' } }), 400);
    expect(bad.json().error.details[0].field).toBe('category');
    expectStatus(await inject('POST', `/venues/${venueId}/documents`, editor, { category: 'general' }), 415);
    const noFile = new FormData();
    noFile.append('category', 'general');
    expect(
      expectStatus(
        await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/documents`, headers: editor, payload: noFile as never }),
        400,
      ).json().error.message,
    ).toBe('Choose a file to upload');
    const noBoundary = await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${venueId}/documents`,
      headers: { ...editor, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(expectStatus(noBoundary, 400).json().error.message).toBe('Malformed multipart body');
    const cut =
      '--b\r\nContent-Disposition: form-data; name="size"\r\n\r\n10\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc';
    expectStatus(
      await gateway.app.inject({
        method: 'POST',
        url: `/api/v1/venues/${venueId}/documents`,
        headers: { ...editor, 'content-type': 'multipart/form-data; boundary=b' },
        payload: cut,
      }),
      400,
    );
    expectStatus(await upload(randomUUID(), png()), 404);
  });
});

describe('documents and photo tags through the gateway', () => {
  it('changes the category and event, tags and untags photos, deletes one and a batch', async () => {
    const venueId = await createVenue();
    const first = await uploaded(venueId, png(), { fields: { category: 'photos' } });
    const second = await uploaded(venueId, png(8, 8), { fields: { category: 'photos' } });
    const event = expectStatus(await inject('POST', `/venues/${venueId}/events`, editor, { name: 'Opening night' }), 201).json<{ id: string }>();

    const patched = expectStatus(
      await inject('PATCH', `/documents/${first.id}`, editor, { category: 'marketing', eventId: event.id }),
      200,
    ).json<VenueDocument>();
    expect(patched).toMatchObject({ category: 'marketing', eventId: event.id });
    expect(expectStatus(await inject('PATCH', `/documents/${first.id}`, editor, { eventId: null }), 200).json<VenueDocument>().eventId).toBeNull();
    expectStatus(await inject('PATCH', `/documents/${first.id}`, editor, {}), 400);
    expectStatus(await inject('PATCH', `/documents/${first.id}`, viewer, { category: 'general' }), 403);
    expectStatus(await inject('PATCH', `/documents/${randomUUID()}`, editor, { category: 'general' }), 404);

    const card = expectStatus(await inject('POST', `/venues/${venueId}/cards`, editor, { department: 'IT', title: 'Rigging' }), 201).json<{ id: string }>();
    const tagged = expectStatus(
      await inject('POST', `/venues/${venueId}/photo-tags`, editor, { documentIds: [first.id, second.id], cardIds: [card.id] }),
      200,
    ).json<{ documents: VenueDocument[] }>();
    expect(tagged.documents.map((each) => each.tagCardIds)).toEqual([[card.id], [card.id]]);
    expect(tagged.documents[0]!.urls.original).toMatch(/sig=/);
    expectStatus(await inject('POST', `/venues/${venueId}/photo-tags`, editor, { documentIds: [first.id], cardIds: [] }), 400);
    expectStatus(await inject('POST', `/venues/${venueId}/photo-tags`, viewer, { documentIds: [first.id], cardIds: [card.id] }), 403);
    const untagged = expectStatus(
      await inject('POST', `/venues/${venueId}/photo-tags/remove`, editor, { documentIds: [first.id], cardIds: [card.id] }),
      200,
    ).json<{ documents: VenueDocument[] }>();
    expect(untagged.documents.find((each) => each.id === first.id)?.tagCardIds).toEqual([]);

    expectStatus(await inject('DELETE', `/documents/${first.id}`, viewer), 403);
    expectStatus(await inject('DELETE', `/documents/${first.id}`, editor), 204);
    expectStatus(await inject('GET', `/documents/${first.id}`, viewer), 404);
    expectStatus(await read(first.urls.original), 404);
    expectStatus(await inject('POST', `/venues/${venueId}/photos/batch-delete`, editor, { documentIds: [] }), 400);
    expect(
      expectStatus(await inject('POST', `/venues/${venueId}/photos/batch-delete`, editor, { documentIds: [second.id, randomUUID()] }), 200).json(),
    ).toEqual({ deletedCount: 1 });
    expect(expectStatus(await inject('GET', `/venues/${venueId}/documents`, viewer), 200).json().documents).toEqual([]);
  });
});

describe("a document's Google Drive copy through the gateway", () => {
  it("shows the Drive service's word on each document: pending at first, then completed with its Drive link, in lists too", async () => {
    const venueId = await createVenue();
    const document = await uploaded(venueId, png(), { name: 'stage-left.png' });
    expect(['pending', 'syncing', 'completed']).toContain(document.sync.status);
    // The Drive service's retry limit, not media's placeholder.
    expect(document.sync.maxRetries).toBe(8);
    await eventually(async () => {
      const again = expectStatus(await inject('GET', `/documents/${document.id}`, viewer), 200).json<VenueDocument>();
      expect(again.sync).toMatchObject({ status: 'completed', retryCount: 0, error: null });
      expect(again.googleDriveFileId).toMatch(/.+/);
      expect(again.googleDriveUrl).toMatch(/^http/);
      expect(Date.parse(again.sync.syncedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    }, 20_000);
    const listed = expectStatus(await inject('GET', `/venues/${venueId}/documents`, viewer), 200).json<{ documents: VenueDocument[] }>();
    expect(listed.documents.find((each) => each.id === document.id)?.sync.status).toBe('completed');
  });

  it("answers uploads and lists with media's word (pending) when the Drive service is down, and stays ready (degraded)", async () => {
    // A gateway whose Drive address answers nothing (a port no one listens on): documents are still uploaded and
    // listed, without their Drive state, instead of failing.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const withoutDrive = await gateway.under.buildAnother({ DRIVE_GRPC_URL: `127.0.0.1:${closed}` });
    const venueId = await createVenue();
    for (let round = 0; round < 3; round += 1) {
      const document = await uploaded(venueId, png(), { name: `drive-down-${round}.png`, app: withoutDrive });
      expect(document.sync.status).toBe('pending');
      expect(document.googleDriveUrl).toBeNull();
    }
    const listed = expectStatus(await inject('GET', `/venues/${venueId}/documents`, viewer, undefined, withoutDrive), 200).json<{
      documents: VenueDocument[];
    }>();
    expect(listed.documents.map((each) => each.sync.status)).toEqual(['pending', 'pending', 'pending']);
    // Still ready for a load balancer (everything else is served), and the detail names what is down.
    const ready = await withoutDrive.inject({ method: 'GET', url: '/readyz', remoteAddress: '127.0.0.1' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', checks: { drive: 'UNREACHABLE', media: 'SERVING', venues: 'SERVING', identity: 'SERVING' } });
    // A required service down is not ready.
    const withoutMedia = await gateway.under.buildAnother({ MEDIA_GRPC_URL: `127.0.0.1:${closed}` });
    const notReady = await withoutMedia.inject({ method: 'GET', url: '/readyz', remoteAddress: '127.0.0.1' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'not_ready', checks: { media: 'UNREACHABLE', drive: 'SERVING' } });
  });

  it('tells admins that Drive sync is configured, and no one else', async () => {
    expect(expectStatus(await inject('GET', '/admin/drive', admin), 200).json()).toMatchObject({ configured: true, rootFolderId: expect.any(String) });
    expectStatus(await inject('GET', '/admin/drive', editor), 403);
  });

  it("lists an upload in the sync queue, and Clear & Reset of its venue empties the venue's queue until Trigger Sync queues it again", async () => {
    const venueId = await createVenue();
    const document = await uploaded(venueId, png(), { name: 'truck-dock.png' });
    const queue = async () => expectStatus(await inject('GET', `/admin/drive/queue?venueId=${venueId}`, admin), 200).json<SyncQueueList>();
    await eventually(
      async () => expect((await queue()).items.map((item) => [item.venueDocumentId, item.status])).toEqual([[document.id, 'completed']]),
      20_000,
    );
    const [item] = (await queue()).items;
    expect(item).toMatchObject({
      fileName: 'truck-dock.png',
      venueId,
      retryCount: 0,
      maxRetries: 8,
      errorMessage: null,
      googleDriveUrl: expect.stringMatching(/^http/),
    });
    expect(item!.venueName).toMatch(/.+/);
    expect((await queue()).counts).toEqual({ pending: 0, syncing: 0, completed: 1, failed: 0 });
    expectStatus(await inject('GET', '/admin/drive/queue?limit=101', admin), 400);
    expectStatus(await inject('GET', '/admin/drive/queue', editor), 403);

    expectStatus(await inject('POST', '/admin/drive/reset', editor, { venueId }), 403);
    // A misspelt field is refused, not taken for 'every venue'.
    expectStatus(await inject('POST', '/admin/drive/reset', admin, { venue_id: venueId }), 400);
    expect(expectStatus(await inject('POST', '/admin/drive/reset', admin, { venueId }), 200).json()).toEqual({ success: true, removedQueue: 1, resetDocs: 1 });
    expect((await queue()).items).toEqual([]);
    expectStatus(await inject('POST', '/admin/drive/sync', editor), 403);
    const triggered = expectStatus(await inject('POST', '/admin/drive/sync', admin), 200).json<TriggerSyncResult>();
    expect(triggered.bootstrapped).toBeGreaterThanOrEqual(1);
    await eventually(
      async () => expect((await queue()).items.map((each) => [each.venueDocumentId, each.status])).toEqual([[document.id, 'completed']]),
      20_000,
    );
  });
});

describe('the public gallery through the gateway', () => {
  const PUBLIC_KEYS = ['venueName', 'city', 'photos'];
  const PHOTO_KEYS = ['id', 'width', 'height', 'dateTaken', 'thumbUrl', 'previewUrl', 'url'].sort();

  function publicGallery(venueId: string, key: string, app: GatewayApp = gateway.app) {
    return app.inject({ method: 'GET', url: `/api/v1/public/venues/${venueId}/gallery?${new URLSearchParams({ key }).toString()}` });
  }
  const keyOf = (settings: GallerySettings) => new URL(settings.publicPath, 'http://app').searchParams.get('key') ?? '';

  it('shows the photos only (no contacts, documents or addresses) while on, and honours off, expiry and rotation at once', async () => {
    const venueId = await createVenue();
    expectStatus(
      await inject('POST', `/venues/${venueId}/contacts`, editor, { name: 'Pat Secret', email: 'pat.secret@example.com', phone: '+1 555 0100' }),
      201,
    );
    const photo = await uploaded(venueId, png(), { fields: { category: 'photos' } });
    await uploaded(venueId, Buffer.from('contract text\n'), { name: 'contract.txt', type: 'text/plain', fields: { category: 'contracts' } });

    expectStatus(await inject('PUT', `/venues/${venueId}/gallery`, editor, { enabled: true }), 403);
    const settings = expectStatus(await inject('PUT', `/venues/${venueId}/gallery`, admin, { enabled: true, expiresAt: null }), 200).json<GallerySettings>();
    expect(settings).toMatchObject({ venueId, enabled: true, expiresAt: null });
    expect(settings.publicPath).toMatch(new RegExp(`^/public/venue/${venueId}/photos\\?key=.+`));
    const key = keyOf(settings);

    const shown = expectStatus(await publicGallery(venueId, key), 200);
    const gallery = shown.json<PublicGallery>();
    expect(Object.keys(gallery).sort()).toEqual([...PUBLIC_KEYS].sort());
    expect(gallery.venueName).toMatch(/^Media .* Hall$/);
    expect(gallery.photos.map((each) => each.id)).toEqual([photo.id]);
    expect(Object.keys(gallery.photos[0]!).sort()).toEqual(PHOTO_KEYS);
    expect(shown.body).not.toMatch(/@|Pat Secret|555|contract|uploadedBy|fileName/);
    expect(shown.body).not.toContain(gateway.under.accounts.editor.email);
    // The public photo is the re-encoded preview (no EXIF of the original), never the uploaded file itself.
    const content = expectStatus(await read(gallery.photos[0]!.url), 200);
    expect(content.headers['content-type']).toBe('image/webp');
    expect(new URL(gallery.photos[0]!.url, 'http://app').searchParams.get('variant')).toBe('preview');
    expectStatus(await read(gallery.photos[0]!.thumbUrl), 200);
    expectStatus(await publicGallery(venueId, 'wrong-key'), 404);
    expectStatus(await publicGallery(venueId, ''), 404);

    // Rotation: the old link and its photo URLs are dead at once.
    const rotated = expectStatus(await inject('POST', `/venues/${venueId}/gallery/rotate`, admin), 200).json<GallerySettings>();
    expect(keyOf(rotated)).not.toBe(key);
    expect(rotated.enabled).toBe(true);
    expectStatus(await publicGallery(venueId, key), 404);
    expectStatus(await read(gallery.photos[0]!.url), 404);
    const fresh = keyOf(rotated);
    expectStatus(await publicGallery(venueId, fresh), 200);

    // Off, then on with an expiry in the past.
    expectStatus(await inject('PUT', `/venues/${venueId}/gallery`, admin, { enabled: false }), 200);
    expectStatus(await publicGallery(venueId, fresh), 404);
    expectStatus(await inject('PUT', `/venues/${venueId}/gallery`, admin, { enabled: true, expiresAt: new Date(Date.now() - 60_000).toISOString() }), 200);
    expectStatus(await publicGallery(venueId, fresh), 404);
    expectStatus(await inject('PUT', `/venues/${venueId}/gallery`, admin, { enabled: true, expiresAt: new Date(Date.now() + 3600_000).toISOString() }), 200);
    expectStatus(await publicGallery(venueId, fresh), 200);
    expect(expectStatus(await inject('GET', `/venues/${venueId}/gallery`, admin), 200).json<GallerySettings>().enabled).toBe(true);
  });

  it('is rate limited per client (429 with Retry-After)', async () => {
    const limited = await gateway.under.buildAnother({ PUBLIC_GALLERY_RATE_LIMIT_PER_MINUTE: '3' });
    const venueId = randomUUID();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await publicGallery(venueId, 'any', limited)).statusCode);
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    const refused = await publicGallery(venueId, 'any', limited);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
