// The embeddable media library's gateway side on the real services: CORS for the host pages of
// EMBED_ALLOWED_ORIGINS (bearer tokens only, never credentials), Cross-Origin-Resource-Policy of the library's files
// and of signed content, and the session bridge page (/embed/session).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { REFRESH_COOKIE_NAME } from '@venuebook/domain';
import type { VenueDocumentDto as VenueDocument } from '@venuebook/domain';
import { gatewayFixture } from './testing/gateway-fixture.ts';
import { expectStatus, png } from './testing/media-fixtures.ts';
import type { GatewayApp } from './app.ts';
import { REPO_ROOT } from './config.ts';

const gateway = gatewayFixture(['viewer', 'editor']);
const { viewer, editor } = gateway.headers;

const HOST = 'http://localhost:3000';
const OTHER_HOST = 'https://intranet.example.com';
/** Gateways with embedding on (two host origins) and off (the fixture's own: EMBED_ALLOWED_ORIGINS unset). */
let embedding: GatewayApp;
let plain: GatewayApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'venuebook-embed-web-'));
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><title>Venue Book</title><div id=root></div>',
    'shell/dist/main.0123abcd.js': 'console.log("shell")',
    'mfe-media/dist/remoteEntry.js': 'var mfe_media;',
    'mfe-media/dist/library/remoteEntry.js': 'var mfe_media_library;',
    'mfe-media/dist/library/static/js/412.0123abcd.js': '/* chunk */',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(webRoot, path, '..'), { recursive: true });
    writeFileSync(join(webRoot, path), text);
  }
  embedding = await gateway.under.buildAnother({ WEB_ROOT: webRoot, EMBED_ALLOWED_ORIGINS: `${HOST}, ${OTHER_HOST}/` });
  plain = await gateway.under.buildAnother({ WEB_ROOT: webRoot });
});

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'access-control-expose-headers',
];

function corsHeaders(response: InjectResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => CORS_HEADERS.includes(name)));
}

function preflight(app: GatewayApp, url: string, origin: string, method = 'GET', requestHeaders = 'authorization'): Promise<InjectResponse> {
  return app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders } });
}

async function createVenue(): Promise<string> {
  return expectStatus(
    await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/venues',
      headers: editor,
      payload: { name: `Embed ${randomUUID().slice(0, 6)} Hall`, displayCityAs: 'Springfield' },
    }),
    201,
  ).json<{ id: string }>().id;
}

async function uploadPhoto(venueId: string, app: GatewayApp = gateway.app, extraHeaders: Record<string, string> = {}): Promise<VenueDocument> {
  const form = new FormData();
  const bytes = png(8, 6);
  for (const [name, value] of Object.entries({ category: 'photos', lastModified: '1700000000000', size: String(bytes.length) })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const response = expectStatus(
    await app.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/documents`, headers: { ...editor, ...extraHeaders }, payload: form as never }),
    201,
  );
  if (extraHeaders.origin) expect(response.headers['access-control-allow-origin']).toBe(extraHeaders.origin);
  return response.json<VenueDocument>();
}

describe('CORS for the host pages of EMBED_ALLOWED_ORIGINS', () => {
  it('answers a preflight from an allowed origin before authentication: 204, that origin, the methods and headers, max-age 600, never credentials', async () => {
    for (const [url, origin] of [
      ['/api/v1/venues/some-venue/documents', HOST],
      ['/api/v1/documents/some-document', OTHER_HOST],
      ['/remotes/media/library/remoteEntry.js', HOST],
    ] as const) {
      const response = await preflight(embedding, url, origin, 'POST', 'authorization,content-type');
      expect(response.statusCode, url).toBe(204);
      expect(corsHeaders(response), url).toEqual({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
        'access-control-expose-headers': 'retry-after, content-disposition, x-request-id',
      });
      expect(String(response.headers.vary), url).toMatch(/\borigin\b/i);
      expect(response.body).toBe('');
    }
  });

  it('gives any other origin, and the refresh cookie routes, no CORS headers at all (a preflight is refused: 404 / 405)', async () => {
    const strangers = [
      'https://evil.example',
      'null',
      `${HOST}.evil.example`,
      'http://localhost:30001',
      'https://localhost:3000',
      'http://127.0.0.1:3000',
      `${OTHER_HOST}/`,
      OTHER_HOST.toUpperCase(),
    ];
    for (const origin of strangers) {
      const response = await preflight(embedding, '/api/v1/venues/some-venue/documents', origin);
      expect([404, 405], origin).toContain(response.statusCode);
      expect(corsHeaders(response), origin).toEqual({});
    }
    for (const url of [
      '/api/v1/auth/token?grant_type=refresh_token',
      '/api/v1/auth/logout',
      '/api/v1/auth/google/start',
      '/api/docs/json',
      '/remotes/media/remoteEntry.js',
      '/',
      '/embed/session',
    ]) {
      const response = await preflight(embedding, url, HOST, 'POST');
      expect([404, 405], url).toContain(response.statusCode);
      expect(corsHeaders(response), url).toEqual({});
    }
    // Embedding off: nobody, and no Vary: Origin either.
    const off = await preflight(plain, '/api/v1/venues/some-venue/documents', HOST);
    expect([404, 405]).toContain(off.statusCode);
    expect(corsHeaders(off)).toEqual({});
    expect(String(off.headers.vary ?? '')).not.toMatch(/origin/i);
  });

  it('lets an allowed origin read with a bearer token; a cookie alone is refused (401), and other origins get no CORS headers', async () => {
    const venueId = await createVenue();
    const document = await uploadPhoto(venueId);
    const url = `/api/v1/venues/${venueId}/documents`;

    const bearer = expectStatus(await embedding.inject({ method: 'GET', url, headers: { ...viewer, origin: HOST } }), 200);
    expect(bearer.json<{ documents: VenueDocument[] }>().documents.map((each) => each.id)).toEqual([document.id]);
    expect(corsHeaders(bearer)).toEqual({
      'access-control-allow-origin': HOST,
      'access-control-expose-headers': 'retry-after, content-disposition, x-request-id',
    });
    expect(String(bearer.headers.vary)).toMatch(/\borigin\b/i);
    expect(bearer.headers['cross-origin-resource-policy']).toBe('same-origin');

    // What a page would send with credentials: 'include' — the refresh cookie, no bearer token.
    const signedIn = await gateway.under.signIn(gateway.under.accounts.viewer.email, gateway.under.accounts.viewer.password);
    const cookieOnly = await embedding.inject({ method: 'GET', url, headers: { origin: HOST }, cookies: { [REFRESH_COOKIE_NAME]: signedIn.refreshCookie } });
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.headers['access-control-allow-credentials']).toBeUndefined();
    // Error answers carry CORS too, so that the library can read them (401 → ask for a token again).
    expect(cookieOnly.headers['access-control-allow-origin']).toBe(HOST);
    const missing = await embedding.inject({ method: 'GET', url: '/api/v1/documents/no-such-document', headers: { ...viewer, origin: HOST } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(HOST);
    // A refresh asked for cross-origin gets no CORS headers: its answer (the token) stays unreadable to the page.
    const refresh = await embedding.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=refresh_token',
      headers: { origin: HOST },
      cookies: { [REFRESH_COOKIE_NAME]: signedIn.refreshCookie },
    });
    expect(corsHeaders(refresh)).toEqual({});

    const stranger = await embedding.inject({ method: 'GET', url, headers: { ...viewer, origin: 'https://evil.example' } });
    expect(corsHeaders(stranger)).toEqual({});
    const sameOrigin = expectStatus(await embedding.inject({ method: 'GET', url, headers: viewer }), 200);
    expect(corsHeaders(sameOrigin)).toEqual({});
  });

  it('serves signed content cross-origin (CORP cross-origin) when embedding is on; same-origin when it is off', async () => {
    // Uploaded cross-origin, as the library's XMLHttpRequest does (multipart, bearer token).
    const document = await uploadPhoto(await createVenue(), embedding, { origin: HOST });
    const on = expectStatus(await embedding.inject({ method: 'GET', url: document.urls.original, headers: { origin: HOST } }), 200);
    expect(on.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(on.headers['access-control-allow-origin']).toBe(HOST);
    const noCors = expectStatus(await embedding.inject({ method: 'GET', url: document.urls.original }), 200);
    expect(noCors.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const off = expectStatus(await plain.inject({ method: 'GET', url: document.urls.original }), 200);
    expect(off.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("serves the library's files cross-origin (CORP, CORS for allowed origins); every other file stays same-origin", async () => {
    for (const url of ['/remotes/media/library/remoteEntry.js', '/remotes/media/library/static/js/412.0123abcd.js']) {
      const response = expectStatus(await embedding.inject({ method: 'GET', url, headers: { origin: HOST } }), 200);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(response.headers['access-control-allow-origin'], url).toBe(HOST);
      const stranger = expectStatus(await embedding.inject({ method: 'GET', url, headers: { origin: 'https://evil.example' } }), 200);
      expect(stranger.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(expectStatus(await plain.inject({ method: 'GET', url }), 200).headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    for (const url of ['/remotes/media/remoteEntry.js', '/main.0123abcd.js', '/', '/remotes/media/library/../remoteEntry.js']) {
      const response = expectStatus(await embedding.inject({ method: 'GET', url, headers: { origin: HOST } }), 200);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('refuses to start with an entry that is not an exact origin', async () => {
    await expect(gateway.under.buildAnother({ EMBED_ALLOWED_ORIGINS: `${HOST},https://intranet.example.com/app` })).rejects.toThrow(
      /EMBED_ALLOWED_ORIGINS.*has a path/s,
    );
    await expect(gateway.under.buildAnother({ EMBED_ALLOWED_ORIGINS: '*' })).rejects.toThrow(/EMBED_ALLOWED_ORIGINS/);
  });
});

describe('the session bridge page (/embed/session)', () => {
  it('may be framed by the allowed origins only (CSP frame-ancestors, no X-Frame-Options), loads only its own script, is never cached and sends no Referer', async () => {
    const response = expectStatus(await embedding.inject({ method: 'GET', url: '/embed/session' }), 200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']).split(';');
    expect(csp).toContain(`frame-ancestors ${HOST} ${OTHER_HOST}`);
    expect(csp).toEqual(expect.arrayContaining(["default-src 'none'", "script-src 'self'", "connect-src 'self'", "base-uri 'none'", "form-action 'none'"]));
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    // The allowed origins, for the script, as escaped JSON in a <meta>; the script is an external file (no inline script).
    const meta = /<meta name="venuebook-embed-origins" content="([^"]*)"/.exec(response.body)?.[1];
    expect(JSON.parse(meta!.replace(/&#34;/g, '"'))).toEqual([HOST, OTHER_HOST]);
    expect(response.body).toContain('<script src="/embed/session.js"></script>');
    expect(response.body).not.toMatch(/<script>/);
    expect((await embedding.inject({ method: 'HEAD', url: '/embed/session' })).statusCode).toBe(200);

    // Embedding off: nobody may frame it.
    const off = expectStatus(await plain.inject({ method: 'GET', url: '/embed/session' }), 200);
    expect(String(off.headers['content-security-policy']).split(';')).toContain("frame-ancestors 'none'");
    expect(off.body).toContain('content="[]"');
  });

  it('serves its script as JavaScript, revalidated on every load, refreshing under the Web Lock of the Venue Book tabs', async () => {
    const response = expectStatus(await embedding.inject({ method: 'GET', url: '/embed/session.js', headers: { origin: HOST } }), 200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const shellLock = /const LOCK_NAME = '([^']+)'/.exec(readFileSync(join(REPO_ROOT, 'shell/sdk/src/session/session-store.ts'), 'utf8'))?.[1];
    expect(shellLock).toBeTruthy();
    expect(response.body).toContain(`var LOCK_NAME = '${shellLock}';`);
    expect(response.body).toContain("var REFRESH_URL = '/api/v1/auth/token?grant_type=refresh_token';");
  });

  it('is not shadowed by the SPA fallback, and other /embed paths are not the app', async () => {
    for (const url of ['/embed/session', '/embed/session/']) {
      expect(expectStatus(await embedding.inject({ method: 'GET', url, headers: { accept: 'text/html' } }), 200).body, url).toContain(
        'venuebook-embed-origins',
      );
    }
    expect((await embedding.inject({ method: 'GET', url: '/embed/other', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect(expectStatus(await embedding.inject({ method: 'GET', url: '/venue/123', headers: { accept: 'text/html' } }), 200).body).toContain(
      '<title>Venue Book</title>',
    );
  });
});
