import type { Venue } from '@venuebook/proto/domain';
import { sampleVenue } from '@venuebook/proto/testing';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, venueListSearchParams } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';

const venue: Venue = sampleVenue();

/** A real HTTP server on loopback standing in for the gateway's contract. */
const requests: { method: string; url: string; body: string }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.url?.startsWith('/api/v1/venues?') || req.url === '/api/v1/venues') {
      if (req.method === 'POST') return json(201, { ...venue, name: (JSON.parse(body) as { name: string }).name });
      return json(200, { items: [venue], total: 1, page: 1, pageSize: 50 });
    }
    if (req.url === `/api/v1/venues/${venue.id}`) return json(200, venue);
    if (req.url === '/api/v1/venues/bad-shape') return json(200, { id: 1 });
    if (req.url === '/api/v1/venues/slow') return setTimeout(() => json(200, venue), 500);
    if (req.url === '/api/v1/venues/down') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>Bad Gateway</html>');
    }
    return json(404, { error: { code: 'not_found', message: 'Venue not found' } });
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('venueListSearchParams', () => {
  it('serialises only what is set', () => {
    expect(venueListSearchParams({}).toString()).toBe('');
    expect(
      venueListSearchParams({ q: '  red  ', leagues: ['OTE', 'OT Select'], sort: 'name', page: 2, pageSize: 50 }).toString(),
    ).toBe('q=red&leagues=OTE%2COT+Select&sort=name&page=2&pageSize=50');
    expect(venueListSearchParams({ q: '   ', leagues: [] }).toString()).toBe('');
  });
});

describe('api client', () => {
  it('lists venues and parses the page', async () => {
    const api = createApiClient({ baseUrl });
    const result = await api.venues.list({ q: 'red', leagues: ['OT Select'], sort: 'newest', page: 1, pageSize: 50 });
    expect(result.total).toBe(1);
    expect(result.items[0]?.name).toBe('Red Rocks Amphitheatre');
    expect(requests.at(-1)?.url).toBe('/api/v1/venues?q=red&leagues=OT+Select&sort=newest&page=1&pageSize=50');
  });

  it('gets and creates a venue', async () => {
    const api = createApiClient({ baseUrl });
    expect((await api.venues.get(venue.id)).id).toBe(venue.id);
    const created = await api.venues.create({ name: 'New Hall' });
    expect(created.name).toBe('New Hall');
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: '{"name":"New Hall"}' });
  });

  it('throws ApiRequestError from the error body', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.venues.get('missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Venue not found' });
  });

  it('maps non-JSON failures and unexpected bodies', async () => {
    const api = createApiClient({ baseUrl });
    await expect(api.venues.get('down')).rejects.toMatchObject({ status: 502, code: 'server_error' });
    await expect(api.venues.get('bad-shape')).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('reports an unreachable server as a network error', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    await expect(api.venues.list()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('rejects with AbortError when aborted', async () => {
    const api = createApiClient({ baseUrl });
    const controller = new AbortController();
    const pending = api.venues.get('slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
