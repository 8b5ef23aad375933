// Attacks on the embeddable media library's gateway side (EMBED_ALLOWED_ORIGINS): crafted
// paths (percent-encoded letters, dots and slashes) must not get the allowed origins' CORS headers on the refresh
// cookie routes or on files outside the library; look-alike origins get nothing; the app itself is never framed.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { REFRESH_COOKIE_NAME } from '@venuebook/domain';
import { gatewayFixture } from './testing/gateway-fixture.ts';
import type { GatewayApp } from './app.ts';

const gateway = gatewayFixture(['viewer']);
const { viewer } = gateway.headers;

const HOST = 'http://localhost:3000';
let embedding: GatewayApp;
let plain: GatewayApp;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'venuebook-embed-attack-web-'));
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><title>Venue Book</title><div id=root></div>',
    'mfe-media/dist/remoteEntry.js': 'var mfe_media;',
    'mfe-media/dist/library/remoteEntry.js': 'var mfe_media_library;',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(webRoot, path, '..'), { recursive: true });
    writeFileSync(join(webRoot, path), text);
  }
  embedding = await gateway.under.buildAnother({ WEB_ROOT: webRoot, EMBED_ALLOWED_ORIGINS: HOST });
  plain = await gateway.under.buildAnother({ WEB_ROOT: webRoot });
});

const acao = (response: InjectResponse) => response.headers['access-control-allow-origin'];

describe('CORS of crafted paths', () => {
  it('gives the refresh cookie routes no CORS however their path is spelled (percent-encoded letters route to them too)', async () => {
    const signedIn = await gateway.under.signIn(gateway.under.accounts.viewer.email, gateway.under.accounts.viewer.password);
    for (const url of [
      '/api/v1/auth/%74oken?grant_type=refresh_token',
      '/api/v1/auth/t%6Fken?grant_type=refresh_token',
      '/api/v1/%61uth/token?grant_type=refresh_token',
      '/api/v1/auth/token/?grant_type=refresh_token',
    ]) {
      const response = await embedding.inject({ method: 'POST', url, headers: { origin: HOST }, cookies: { [REFRESH_COOKIE_NAME]: signedIn.refreshCookie } });
      expect(acao(response), url).toBeUndefined();
      const pre = await embedding.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: HOST, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(acao(pre), url).toBeUndefined();
    }
    for (const url of ['/api/v1/auth/%6Cogout', '/api/v1/auth/g%6Fogle/start']) {
      const pre = await embedding.inject({ method: 'OPTIONS', url, headers: { origin: HOST, 'access-control-request-method': 'POST' } });
      expect(acao(pre), url).toBeUndefined();
    }
  });

  it('gives files outside the library no CORS through encoded dots or slashes under /remotes/media/library/', async () => {
    for (const url of [
      '/remotes/media/library/..%2fremoteEntry.js',
      '/remotes/media/library/..%2FremoteEntry.js',
      '/remotes/media/library/%2e%2e%2fremoteEntry.js',
      '/remotes/media/library/%2e%2e/remoteEntry.js',
      '/remotes/media/library/.%2e/remoteEntry.js',
    ]) {
      const response = await embedding.inject({ method: 'GET', url, headers: { origin: HOST } });
      expect(acao(response), url).toBeUndefined();
      if (response.statusCode === 200) expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // The library's own files still get it (an encoded letter is the same file).
    expect(acao(await embedding.inject({ method: 'GET', url: '/remotes/media/library/remoteEntry.j%73', headers: { origin: HOST } }))).toBe(HOST);
  });

  it('refuses look-alike and malformed origins', async () => {
    for (const origin of [
      'http://localhost.:3000',
      'http://LOCALHOST:3000',
      'http://localhost:3000/',
      ' http://localhost:3000',
      'http://localhost:3000.evil.example',
      'http://localhost:3000@evil.example',
      'http://localhost:03000',
      'http://localhost:3000, https://evil.example',
      'http://localhost',
      'https://localhost:3000',
    ]) {
      const response = await embedding.inject({ method: 'GET', url: '/api/v1/auth/user', headers: { ...viewer, origin } });
      expect(acao(response), origin).toBeUndefined();
      expect(response.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });

  it('never lets the app itself be framed, embedding on or off', async () => {
    for (const app of [embedding, plain]) {
      for (const url of ['/', '/venue/1/photos', '/auth']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(200);
        expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      }
    }
  });
});
