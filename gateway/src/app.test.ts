import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@venuebook/service-kit';
import { buildApp } from './app.ts';
import type { GatewayApp } from './app.ts';
import { gatewayConfigSchema } from './config.ts';

// The gateway without a venues service: static hosting, security headers, request validation, error format.
let app: GatewayApp;
let webRoot: string;
const logLines: string[] = [];

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'venuebook-web-'));
  mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Venue Book</title><div id=root></div>');
  writeFileSync(join(webRoot, 'shell', 'dist', 'main.0123abcd.js'), 'console.log("shell")');
  mkdirSync(join(webRoot, 'mfe-venues', 'dist'), { recursive: true });
  writeFileSync(join(webRoot, 'mfe-venues', 'dist', 'remoteEntry.js'), 'var mfe_venues;');
  writeFileSync(join(webRoot, 'mfe-venues', 'dist', 'mf-manifest.json'), '{}');
  writeFileSync(join(webRoot, 'mfe-venues', 'dist', '201.e356a645.js'), '/* chunk */');
  // mfe-cards, mfe-media and mfe-admin are deliberately not built.

  const config = loadConfig(gatewayConfigSchema, {
    WEB_ROOT: webRoot,
    VENUES_GRPC_URL: '127.0.0.1:1',
    GRPC_DEADLINE_MS: '1000',
  });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  app = await buildApp(config, { logger: createLogger('gateway-test', { level: 'warn', destination }) });
});

afterAll(async () => {
  await app?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('static front ends', () => {
  it('serves the shell at / with no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Venue Book</title>');
  });

  it('caches content-hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves remotes under /remotes/<name>/ and revalidates their entry files', async () => {
    const entry = await app.inject({ method: 'GET', url: '/remotes/venues/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var mfe_venues;');
    expect(entry.headers['content-type']).toMatch(/javascript/);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/remotes/venues/mf-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/venues/201.e356a645.js' });
    expect(chunk.headers['cache-control']).toContain('immutable');
  });

  it('falls back to the shell for client-side routes that accept HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/venue/0b3a4c1e-8f0e-4a51-9f59-1d2c3b4a5e6f/edit', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Venue Book</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers missing files, remotes and API routes with a JSON 404', async () => {
    for (const url of ['/missing.js', '/remotes/venues/nope.js', '/remotes/cards/remoteEntry.js', '/api/v1/nothing', '/api']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('does not fall back for non-GET requests', async () => {
    const response = await app.inject({ method: 'POST', url: '/venue/x', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
  });

  it('starts without the remotes that are not built, and says so', () => {
    const warnings = logLines.join('');
    for (const name of ['cards', 'media', 'admin']) expect(warnings).toContain(`mfe-${name} is not built`);
    expect(warnings).not.toContain('mfe-venues is not built');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows same-origin scripts and inline styles only', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('API plumbing without a venues service', () => {
  it('answers /healthz', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('echoes a sane request id and replaces an unsafe one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/v1/venues?pageSize=0', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({ method: 'GET', url: '/api/v1/venues?pageSize=0', headers: { 'x-request-id': 'bad id\u0001' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects invalid input before calling the service', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/venues', payload: { name: '  ', leagues: ['NBA'] } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('invalid_argument');
    expect(body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['leagues.0', 'name']);
  });

  it('answers malformed JSON with a 400 in the error format', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/venues', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_argument' } });
  });

  it('answers 503 when the venues service cannot be reached', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/v1/venues' });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toEqual({ error: { code: 'unavailable', message: 'Service temporarily unavailable. Please try again.' } });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', checks: { venues: 'UNREACHABLE' } });
  });
});
