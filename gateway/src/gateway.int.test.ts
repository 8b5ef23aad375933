import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testInfra } from '@venuebook/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo, createLogger, loadConfig } from '@venuebook/service-kit';
// The real venues service as its own process on real FerretDB/MongoDB and NATS, started by the launcher.
import { startVenuesService } from '@venuebook/local';
import type { RunningService } from '@venuebook/local';
import { buildApp } from './app.ts';
import type { GatewayApp } from './app.ts';
import { gatewayConfigSchema } from './config.ts';

const infra = testInfra();
const dbName = `venuebook_test_gateway_${randomUUID().slice(0, 8)}`;
const quiet = createLogger('gateway-int-test', { level: 'silent' });

let venues: RunningService;
let app: GatewayApp;

beforeAll(async () => {
  venues = await startVenuesService({
    infra: { env: { MONGODB_URI: infra.mongoUri, NATS_URL: infra.natsUrl } },
    env: { MONGODB_DB: dbName },
    logDir: join(tmpdir(), 'venuebook-gateway-int-logs'),
    logLevel: 'warn',
  });
  app = await buildApp(
    loadConfig(gatewayConfigSchema, { VENUES_GRPC_URL: venues.address, GRPC_DEADLINE_MS: '5000' }),
    { logger: quiet },
  );
});

afterAll(async () => {
  await app?.close();
  await venues?.stop();
  const connection = await connectMongo(infra.mongoUri, dbName);
  await connection.dropDatabase();
  await connection.close();
});

type VenueJson = { id: string; name: string; leagues: string[]; deletedAt: string | null; website: string; country: string };

async function createVenue(payload: Record<string, unknown>): Promise<VenueJson> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/venues', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VenueJson>();
}

describe('venues API through the gateway', () => {
  it('creates, reads and lists venues', async () => {
    const token = `gw${randomUUID().slice(0, 6)}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/venues',
      payload: { name: ` ${token} Arena `, website: 'arena.example', leagues: ['OT Select'], venueTypes: ['Arena'] },
    });
    expect(created.statusCode).toBe(201);
    const venue = created.json<VenueJson>();
    expect(created.headers.location).toBe(`/api/v1/venues/${venue.id}`);
    expect(venue).toMatchObject({ name: `${token} Arena`, website: 'https://arena.example', country: 'United States', deletedAt: null });

    const fetched = await app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}` });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(venue);

    const second = await createVenue({ name: `${token} Ballroom`, leagues: ['OTE'] });
    const list = await app.inject({ method: 'GET', url: `/api/v1/venues?q=${token.toUpperCase()}&sort=name` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(list.json<{ items: VenueJson[] }>().items.map((item) => item.id)).toEqual([venue.id, second.id]);

    // Leagues as a comma list with a display label ('OTS' = 'OT Select'), and as repeated parameters.
    const filtered = await app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}&leagues=OTS,OT7` });
    expect(filtered.json<{ items: VenueJson[] }>().items.map((item) => item.id)).toEqual([venue.id]);
    const repeated = await app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}&leagues=OTE&leagues=OT%20Select` });
    expect(repeated.json()).toMatchObject({ total: 2 });

    const paged = await app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}&sort=name&page=2&pageSize=1` });
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: second.id }] });
  });

  it('answers 400 with field details for invalid input', async () => {
    const blank = await app.inject({ method: 'POST', url: '/api/v1/venues', payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: { code: 'invalid_argument', message: 'Invalid request body', details: [{ field: 'name', message: 'Venue name is required' }] },
    });

    const league = await app.inject({ method: 'POST', url: '/api/v1/venues', payload: { name: 'Hall', leagues: ['OTE', 'NBA'] } });
    expect(league.statusCode).toBe(400);
    expect(league.json().error.details).toEqual([{ field: 'leagues.1', message: expect.stringContaining('OT Select') }]);

    const pageSize = await app.inject({ method: 'GET', url: '/api/v1/venues?pageSize=500' });
    expect(pageSize.statusCode).toBe(400);
    expect(pageSize.json().error).toMatchObject({ code: 'invalid_argument', details: [{ field: 'pageSize' }] });

    const unknownLeague = await app.inject({ method: 'GET', url: '/api/v1/venues?leagues=NBA' });
    expect(unknownLeague.json().error.details).toEqual([{ field: 'leagues', message: 'Unknown league: NBA' }]);
  });

  it('answers 404 in the error format for an unknown venue', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Venue not found' } });
  });

  it('is ready while the venues service serves', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { venues: 'SERVING' } });
  });

  it('publishes an OpenAPI 3.1 document with the venue operations', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths['/api/v1/venues'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.paths['/api/v1/venues/{id}'])).toEqual(['get']);
    expect(document.paths['/api/v1/venues'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'leagues', 'sort', 'page', 'pageSize']),
    );
    expect(document.components.schemas.Venue).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('when the venues service is down', () => {
  it('answers 503 and reports not ready', async () => {
    await venues.stop();
    const list = await app.inject({ method: 'GET', url: '/api/v1/venues' });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toEqual({ error: { code: 'unavailable', message: 'Service temporarily unavailable. Please try again.' } });
    const get = await app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}` });
    expect(get.statusCode).toBe(503);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().status).toBe('not_ready');
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
