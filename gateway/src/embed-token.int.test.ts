// The embed token (so that an allowed host page never gets the session's full access token) on the real services:
// the session bridge exchanges the access token for it on Venue Book's own origin (POST /api/v1/auth/embed-token);
// it is accepted only on the routes the media library calls (route config.embed), with the user's role there, refused
// (403) everywhere else, expires with the access token and ends with the session.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { API_ERROR_CODES, PRESENCE, PRESENCE_CLOSE } from '@venuebook/domain';
import type { VenueDocumentDto as VenueDocument } from '@venuebook/domain';
import type { GatewayApp } from './app.ts';
import { EMBED_TOKEN_MESSAGES, EMBED_TOKEN_SCOPE } from './lib/embed.ts';
import { gatewayFixture } from './testing/gateway-fixture.ts';
import { expectStatus, png } from './testing/media-fixtures.ts';

const gateway = gatewayFixture(['viewer', 'editor', 'admin']);
const { viewer, editor, admin } = gateway.headers;

const HOST = 'http://localhost:3000';
/** The same services and JWT secret with embedding on (HOST allowed): what an embedded library talks to. */
let embedding: GatewayApp;

beforeAll(async () => {
  embedding = await gateway.under.buildAnother({ EMBED_ALLOWED_ORIGINS: HOST });
});

interface EmbedToken {
  accessToken: string;
  tokenType: string;
  scope: string;
  expiresIn: number;
  expiresAt: number;
}

/** What the bridge frame sends: its own origin's fetch (Sec-Fetch-Site: same-origin), the access token as bearer. */
function exchange(
  headers: { authorization: string },
  extra: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
  app: GatewayApp = gateway.app,
): Promise<InjectResponse> {
  return app.inject({ method: 'POST', url: '/api/v1/auth/embed-token', headers: { ...headers, ...extra } });
}

async function embedHeaders(headers: { authorization: string }): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${expectStatus(await exchange(headers), 200).json<EmbedToken>().accessToken}` };
}

function claimsOf(authorization: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(authorization.replace(/^Bearer /, '').split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function expectRefused(response: InjectResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
  expect(response.json(), what).toEqual({ error: { code: API_ERROR_CODES.permissionDenied, message: EMBED_TOKEN_MESSAGES.routeRefused } });
}

async function createVenue(): Promise<string> {
  return expectStatus(
    await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/venues',
      headers: editor,
      payload: { name: `Embed token ${randomUUID().slice(0, 6)} Hall`, displayCityAs: 'Springfield' },
    }),
    201,
  ).json<{ id: string }>().id;
}

function photoForm(): FormData {
  const form = new FormData();
  const bytes = png(8, 6);
  for (const [name, value] of Object.entries({ category: 'photos', lastModified: '1700000000000', size: String(bytes.length) })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  return form;
}

describe('POST /api/v1/auth/embed-token', () => {
  it('exchanges an access token for a token of the same user and session, scoped to the media library, expiring with the access token', async () => {
    const answer = expectStatus(await exchange(editor), 200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const token = answer.json<EmbedToken>();
    expect(token).toMatchObject({ tokenType: 'bearer', scope: EMBED_TOKEN_SCOPE });
    const full = claimsOf(editor.authorization);
    const scoped = claimsOf(`Bearer ${token.accessToken}`);
    expect(scoped).toMatchObject({ sub: full.sub, email: full.email, sid: full.sid, iss: full.iss, aud: full.aud, scope: EMBED_TOKEN_SCOPE, exp: full.exp });
    expect(full.scope).toBeUndefined();
    expect(token.expiresAt).toBe(full.exp);
    expect(token.expiresIn).toBeGreaterThan(0);
    expect(token.expiresIn).toBeLessThanOrEqual(gateway.app.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(Math.abs(token.expiresAt - (Math.floor(Date.now() / 1000) + token.expiresIn))).toBeLessThanOrEqual(1);
  });

  it('is never answered cross-origin: no CORS for an allowed host page (preflight refused), 403 for what a browser marks cross-site or same-site', async () => {
    const preflight = await embedding.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/embed-token',
      headers: { origin: HOST, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect([404, 405]).toContain(preflight.statusCode);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    // Even were it sent (a simple request cannot carry Authorization), the answer would stay unreadable to the page.
    const fromHost = await exchange(editor, { origin: HOST, 'sec-fetch-site': 'same-site' }, embedding);
    expect(fromHost.headers['access-control-allow-origin']).toBeUndefined();
    expect(fromHost.statusCode).toBe(403);
    expect(fromHost.json()).toEqual({ error: { code: API_ERROR_CODES.permissionDenied, message: EMBED_TOKEN_MESSAGES.crossOrigin } });
    for (const site of ['cross-site', 'none']) {
      const response = await exchange(editor, { 'sec-fetch-site': site }, embedding);
      expect(response.statusCode, site).toBe(403);
      expect(response.json<{ error: { message: string } }>().error.message, site).toBe(EMBED_TOKEN_MESSAGES.crossOrigin);
    }
    // The bridge's own request (same-origin) on the embedding gateway.
    expect(expectStatus(await exchange(editor, { 'sec-fetch-site': 'same-origin' }, embedding), 200).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an embed token (it cannot renew or widen itself), no token and a bad token', async () => {
    const scoped = await embedHeaders(editor);
    expectRefused(await exchange(scoped), 'an embed token');
    expect((await exchange({ authorization: '' })).statusCode).toBe(401);
    expect((await exchange({ authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
  });
});

describe('the embed token on the API', () => {
  it('does everything the media library does, cross-origin from an allowed host page: who am I, the venue, its events and cards, upload, list, read, edit, tag, delete, the gallery', async () => {
    const venueId = await createVenue();
    const scoped = await embedHeaders(editor);
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, status: number, payload?: unknown): Promise<InjectResponse> => {
      const response = expectStatus(
        await embedding.inject({ method, url, headers: { ...scoped, origin: HOST }, ...(payload === undefined ? {} : { payload: payload as never }) }),
        status,
      );
      expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBe(HOST);
      return response;
    };
    expect((await call('GET', '/api/v1/auth/user', 200)).json()).toMatchObject({ email: gateway.under.accounts.editor.email, role: 'editor' });
    expect((await call('GET', `/api/v1/venues/${venueId}`, 200)).json()).toMatchObject({ id: venueId });
    await call('GET', `/api/v1/venues/${venueId}/events?pageSize=100`, 200);
    const card = expectStatus(
      await gateway.app.inject({
        method: 'POST',
        url: `/api/v1/venues/${venueId}/cards`,
        headers: editor,
        payload: { department: 'IT', title: 'Stage power' },
      }),
      201,
    ).json<{ id: string }>();
    const cards = (await call('GET', `/api/v1/venues/${venueId}/cards?department=IT`, 200)).json<{ items: { id: string }[] }>();
    const document = (await call('POST', `/api/v1/venues/${venueId}/documents`, 201, photoForm())).json<VenueDocument>();
    const second = (await call('POST', `/api/v1/venues/${venueId}/documents`, 201, photoForm())).json<VenueDocument>();
    expect(
      (await call('GET', `/api/v1/venues/${venueId}/documents?kind=photos`, 200))
        .json<{ documents: VenueDocument[] }>()
        .documents.map((each) => each.id)
        .sort(),
    ).toEqual([document.id, second.id].sort());
    await call('GET', `/api/v1/documents/${document.id}`, 200);
    expect((await call('PATCH', `/api/v1/documents/${document.id}`, 200, { category: 'general' })).json()).toMatchObject({ category: 'general' });
    // The tag dialog's list of cards.
    const cardId = card.id;
    expect(cards.items.map((each) => each.id)).toContain(cardId);
    expect(
      (await call('POST', `/api/v1/venues/${venueId}/photo-tags`, 200, { documentIds: [second.id], cardIds: [cardId] })).json<{ documents: VenueDocument[] }>()
        .documents[0]?.tagCardIds,
    ).toEqual([cardId]);
    expect(
      (await call('POST', `/api/v1/venues/${venueId}/photo-tags/remove`, 200, { documentIds: [second.id], cardIds: [cardId] })).json<{
        documents: VenueDocument[];
      }>().documents[0]?.tagCardIds,
    ).toEqual([]);
    await call('GET', `/api/v1/venues/${venueId}/gallery`, 200);
    // Signed content is public by its signature (no token at all).
    expectStatus(await embedding.inject({ method: 'GET', url: document.urls.original, headers: { origin: HOST } }), 200);
    expect((await call('POST', `/api/v1/venues/${venueId}/photos/batch-delete`, 200, { documentIds: [second.id] })).json()).toEqual({ deletedCount: 1 });
    await call('DELETE', `/api/v1/documents/${document.id}`, 204);

    // An admin's embed token manages the gallery (the library's gallery link).
    const adminScoped = await embedHeaders(admin);
    expectStatus(
      await embedding.inject({
        method: 'PUT',
        url: `/api/v1/venues/${venueId}/gallery`,
        headers: { ...adminScoped, origin: HOST },
        payload: { enabled: true, expiresAt: null },
      }),
      200,
    );
    expectStatus(await embedding.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/gallery/rotate`, headers: { ...adminScoped, origin: HOST } }), 200);
  });

  it("keeps the user's role: a viewer's embed token reads but cannot upload, delete or manage the gallery", async () => {
    const venueId = await createVenue();
    const scoped = await embedHeaders(viewer);
    expectStatus(await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venueId}/documents`, headers: scoped }), 200);
    for (const [method, url, payload] of [
      ['POST', `/api/v1/venues/${venueId}/documents`, photoForm()],
      ['POST', `/api/v1/venues/${venueId}/photos/batch-delete`, { documentIds: [randomUUID()] }],
      ['PUT', `/api/v1/venues/${venueId}/gallery`, { enabled: true }],
    ] as const) {
      const response = await gateway.app.inject({ method, url, headers: scoped, payload: payload as never });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json<{ error: { message: string } }>().error.message, `${method} ${url}`).not.toBe(EMBED_TOKEN_MESSAGES.routeRefused);
    }
  });

  it('is refused (403, in the API format, readable by the host page) everywhere else: lists, users, admin, audit, card values, contacts, sign-out, the welcome', async () => {
    const venueId = await createVenue();
    const adminScoped = await embedHeaders(admin);
    for (const [method, url, payload] of [
      ['GET', '/api/v1/venues', undefined],
      ['POST', '/api/v1/venues', { name: 'Embedded Hall' }],
      ['PUT', `/api/v1/venues/${venueId}`, { name: 'Renamed by a host page' }],
      ['DELETE', `/api/v1/venues/${venueId}`, undefined],
      ['GET', '/api/v1/users', undefined],
      ['PUT', `/api/v1/users/${randomUUID()}/role`, { role: 'admin' }],
      ['GET', '/api/v1/admin/settings', undefined],
      ['GET', '/api/v1/audit-logs', undefined],
      ['GET', '/api/v1/contacts', undefined],
      ['GET', '/api/v1/venues/export.csv', undefined],
      ['GET', `/api/v1/venues/${venueId}/values`, undefined],
      ['PUT', `/api/v1/venues/${venueId}/cards/${randomUUID()}/values`, { values: {} }],
      ['POST', `/api/v1/venues/${venueId}/events`, { name: 'Embedded show' }],
      ['POST', '/api/v1/auth/logout?scope=global', undefined],
      ['POST', '/api/v1/auth/welcome', undefined],
    ] as const) {
      const response = await embedding.inject({ method, url, headers: { ...adminScoped, origin: HOST }, ...(payload === undefined ? {} : { payload }) });
      expectRefused(response, `${method} ${url}`);
      // The refresh cookie's routes (sign-out) are never answered cross-origin.
      if (!url.startsWith('/api/v1/auth/logout')) expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBe(HOST);
    }
    // The full token of the same session still does all of it.
    expectStatus(await gateway.app.inject({ method: 'GET', url: '/api/v1/users', headers: admin }), 200);
    expectStatus(await gateway.app.inject({ method: 'GET', url: '/api/v1/venues', headers: admin }), 200);
  });

  it('refuses a token of any other scope everywhere, the media routes included', async () => {
    const { sub, email, sid } = claimsOf(editor.authorization) as { sub: string; email: string; sid: string };
    for (const scope of ['admin', 'MEDIA-EMBED', '']) {
      const token = gateway.app.jwt.sign({ sub, email, sid, scope });
      for (const url of ['/api/v1/auth/user', `/api/v1/venues/${randomUUID()}/documents`, '/api/v1/venues']) {
        expectRefused(await gateway.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }), `${scope} ${url}`);
      }
    }
  });

  it('expires (401 after its exp) and ends with the session (sign-out of the access token)', async () => {
    const { sub, email, sid } = claimsOf(editor.authorization) as { sub: string; email: string; sid: string };
    const shortLived = { authorization: `Bearer ${gateway.app.jwt.sign({ sub, email, sid, scope: EMBED_TOKEN_SCOPE }, { expiresIn: 1 })}` };
    expectStatus(await gateway.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: shortLived }), 200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: shortLived })).statusCode).toBe(401);

    const signedIn = await gateway.under.signIn(gateway.under.accounts.editor.email, gateway.under.accounts.editor.password);
    const scoped = await embedHeaders(signedIn.headers);
    expectStatus(await embedding.inject({ method: 'GET', url: '/api/v1/auth/user', headers: scoped }), 200);
    expectStatus(await gateway.app.inject({ method: 'POST', url: '/api/v1/auth/logout?scope=local', headers: signedIn.headers }), 204);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: scoped })).statusCode).toBe(401);
    // Another gateway (replica) learns of the sign-out from identity's event.
    await expect
      .poll(async () => (await embedding.inject({ method: 'GET', url: '/api/v1/auth/user', headers: scoped })).statusCode, { timeout: 5000 })
      .toBe(401);
  });

  it('opens nothing that checks tokens outside the API routes: the presence socket (4403), the API docs, the health details', async () => {
    const adminScoped = await embedHeaders(admin);
    const token = adminScoped.authorization.slice('Bearer '.length);
    const url = `${(await embedding.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}${PRESENCE.path}`;
    const closed = await new Promise<{ code: number; reason: string }>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', token })), { once: true });
      socket.addEventListener('error', () => reject(new Error(`could not open ${url}`)), { once: true });
      socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason }), { once: true });
    });
    expect(closed).toEqual({ code: PRESENCE_CLOSE.forbidden, reason: EMBED_TOKEN_MESSAGES.routeRefused });

    // API_DOCS=signed-in (the default): the docs are for full tokens.
    expectRefused(await gateway.app.inject({ method: 'GET', url: '/api/docs/json', headers: adminScoped }), 'GET /api/docs/json');
    expectStatus(await gateway.app.inject({ method: 'GET', url: '/api/docs/json', headers: admin }), 200);

    // /readyz names failing services to admins only: an admin's embed token is a stranger there.
    const detailOf = async (headers: { authorization: string }) =>
      Object.keys((await gateway.app.inject({ method: 'GET', url: '/readyz', headers, remoteAddress: '203.0.113.61' })).json<Record<string, unknown>>());
    expect(await detailOf(admin)).toContain('checks');
    expect(await detailOf(adminScoped)).toEqual(['status']);
  });
});
