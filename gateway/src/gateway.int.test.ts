import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatewayFixture } from './testing/gateway-fixture.ts';

// The venues API through the gateway, signed in as an editor, on the real services.
// Services of its own: the last test stops the venues service.
const gateway = gatewayFixture(['editor'], { ownServices: true });
const { editor } = gateway.headers;

type VenueJson = { id: string; createdBy: string; name: string; leagues: string[]; deletedAt: string | null; website: string; country: string };

async function createVenue(payload: Record<string, unknown>): Promise<VenueJson> {
  const response = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload, headers: editor });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VenueJson>();
}

describe('venues API through the gateway', () => {
  it('creates, reads and lists venues, recording who created them', async () => {
    const token = `gw${randomUUID().slice(0, 6)}`;
    const created = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/venues',
      payload: { name: ` ${token} Arena `, website: 'arena.example', leagues: ['OT Select'], venueTypes: ['Arena'] },
      headers: editor,
    });
    expect(created.statusCode).toBe(201);
    const venue = created.json<VenueJson>();
    expect(created.headers.location).toBe(`/api/v1/venues/${venue.id}`);
    expect(venue).toMatchObject({ name: `${token} Arena`, website: 'https://arena.example', country: 'United States', deletedAt: null });
    const me = await gateway.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: editor });
    expect(venue.createdBy).toBe(me.json<{ id: string }>().id);

    const fetched = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}`, headers: editor });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(venue);

    const second = await createVenue({ name: `${token} Ballroom`, leagues: ['OTE'] });
    const list = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token.toUpperCase()}&sort=name`, headers: editor });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(list.json<{ items: VenueJson[] }>().items.map((item) => item.id)).toEqual([venue.id, second.id]);

    // Leagues as a comma list with a display label ('OTS' = 'OT Select'), and as repeated parameters.
    const filtered = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}&leagues=OTS,OT7`, headers: editor });
    expect(filtered.json<{ items: VenueJson[] }>().items.map((item) => item.id)).toEqual([venue.id]);
    const repeated = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}&leagues=OTE&leagues=OT%20Select`, headers: editor });
    expect(repeated.json()).toMatchObject({ total: 2 });

    const paged = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}&sort=name&page=2&pageSize=1`, headers: editor });
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: second.id }] });
  });

  it('answers 400 with field details for invalid input', async () => {
    const blank = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload: { name: '   ' }, headers: editor });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: { code: 'invalid_argument', message: 'Invalid request body', details: [{ field: 'name', message: 'Venue name is required' }] },
    });

    const league = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload: { name: 'Hall', leagues: ['OTE', 'NBA'] }, headers: editor });
    expect(league.statusCode).toBe(400);
    expect(league.json().error.details).toEqual([{ field: 'leagues.1', message: expect.stringContaining('OT Select') }]);

    const pageSize = await gateway.app.inject({ method: 'GET', url: '/api/v1/venues?pageSize=500', headers: editor });
    expect(pageSize.statusCode).toBe(400);
    expect(pageSize.json().error).toMatchObject({ code: 'invalid_argument', details: [{ field: 'pageSize' }] });

    const unknownLeague = await gateway.app.inject({ method: 'GET', url: '/api/v1/venues?leagues=NBA', headers: editor });
    expect(unknownLeague.json().error.details).toEqual([{ field: 'leagues', message: 'Unknown league: NBA' }]);
  });

  it('answers 404 in the error format for an unknown venue', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}`, headers: editor });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Venue not found' } });
  });

  it('updates a venue (PUT, whole venue), soft-deletes it (DELETE → 204) and an admin restores it', async () => {
    const token = `ud${randomUUID().slice(0, 6)}`;
    const venue = await createVenue({ name: `${token} Old Name`, leagues: ['OTE'] });
    const updated = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/venues/${venue.id}`,
      payload: { name: `${token} New Name`, website: 'new.example', leagues: ['OTX'] },
      headers: editor,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id: venue.id,
      name: `${token} New Name`,
      website: 'https://new.example',
      leagues: ['OTX'],
      createdBy: venue.createdBy,
    });
    const listed = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}`, headers: editor });
    expect(listed.json<{ items: VenueJson[] }>().items.map((item) => item.name)).toEqual([`${token} New Name`]);

    const invalid = await gateway.app.inject({ method: 'PUT', url: `/api/v1/venues/${venue.id}`, payload: { name: '' }, headers: editor });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details).toEqual([{ field: 'name', message: 'Venue name is required' }]);
    // A malformed id is an unknown venue, as for GET.
    const badId = await gateway.app.inject({ method: 'PUT', url: '/api/v1/venues/nope', payload: { name: 'x' }, headers: editor });
    expect(badId.statusCode).toBe(404);

    const deleted = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${venue.id}`, headers: editor });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}`, headers: editor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}`, headers: editor })).json()).toMatchObject({ total: 0, items: [] });
    const again = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${venue.id}`, headers: editor });
    expect(again.json()).toEqual({ error: { code: 'not_found', message: 'Venue not found' } });

    // Restoring is for admins.
    expect((await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/restore`, headers: editor })).statusCode).toBe(403);
    const restored = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/restore`, headers: await gateway.under.as('admin') });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: venue.id, name: `${token} New Name`, deletedAt: null });
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?q=${token}`, headers: editor })).json()).toMatchObject({ total: 1 });
    const notDeleted = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/restore`, headers: await gateway.under.as('admin') });
    expect(notDeleted.json()).toEqual({ error: { code: 'not_found', message: 'Deleted venue not found' } });
  });

  it('is ready while the services serve', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { venues: 'SERVING', identity: 'SERVING', cards: 'SERVING', media: 'SERVING', notifier: 'SERVING', drive: 'SERVING' },
    });
  });
});

describe('when the venues service is down', () => {
  it('answers 503 and reports not ready', async () => {
    await gateway.under.venues.stop();
    const list = await gateway.app.inject({ method: 'GET', url: '/api/v1/venues', headers: editor });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toEqual({ error: { code: 'unavailable', message: 'Service temporarily unavailable. Please try again.' } });
    const get = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}`, headers: editor });
    expect(get.statusCode).toBe(503);
    const ready = await gateway.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().status).toBe('not_ready');
    const health = await gateway.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
