import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatewayFixture } from '../../../../../testing/gateway-fixture.ts';

// The duplicate check, the links editor, the deleted-venues list and the permanent delete through the gateway,
// on the real services: the HTTP shapes the venues UI uses.
const gateway = gatewayFixture(['editor', 'admin']);
const { editor, admin } = gateway.headers;

type VenueJson = { id: string; name: string; links: { displayText: string; url: string }[]; deletedAt: string | null };

async function createVenue(payload: Record<string, unknown>): Promise<VenueJson> {
  const response = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload, headers: editor });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VenueJson>();
}

describe('POST /api/v1/venues/duplicate-check', () => {
  it('answers the matches with their reasons and similarities, and 400 for bad input', async () => {
    const token = `dup${randomUUID().slice(0, 6)}`;
    const venue = await createVenue({ name: `The ${token} Arena`, leagues: ['OT7'] });
    const check = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues/duplicate-check', payload: { name: `${token} arena` }, headers: editor });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({
      duplicateFound: true,
      exactMatch: true,
      similarVenues: [{ id: venue.id, name: `The ${token} Arena`, reason: 'Exact name match', similarity: 1 }],
    });
    const scoped = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/venues/duplicate-check',
      payload: { name: `${token} arena`, leagues: ['Studio'] },
      headers: editor,
    });
    expect(scoped.json()).toEqual({ duplicateFound: false, exactMatch: false, similarVenues: [] });
    const excluded = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/venues/duplicate-check',
      payload: { name: `${token} arena`, excludeId: venue.id },
      headers: editor,
    });
    expect(excluded.json()).toMatchObject({ duplicateFound: false });

    const blank = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues/duplicate-check', payload: { name: ' ' }, headers: editor });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: { code: 'invalid_argument', message: 'Invalid request body', details: [{ field: 'name', message: 'Venue name is required' }] },
    });
    const league = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/venues/duplicate-check',
      payload: { name: 'x', leagues: ['NBA'] },
      headers: editor,
    });
    expect(league.statusCode).toBe(400);
    const viewer = await gateway.app.inject({
      method: 'POST',
      url: '/api/v1/venues/duplicate-check',
      payload: { name: 'x' },
      headers: await gateway.under.as('viewer'),
    });
    expect(viewer.statusCode).toBe(403);
    expect((await gateway.app.inject({ method: 'POST', url: '/api/v1/venues/duplicate-check', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/venues/{id}/links', () => {
  it("replaces the links (rows dropped, https:// added) and answers the venue; 400 'Invalid URL: …'; 404; 403 for viewers", async () => {
    const venue = await createVenue({ name: `Links ${randomUUID().slice(0, 6)}` });
    const saved = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/venues/${venue.id}/links`,
      payload: {
        links: [
          { displayText: 'Tickets', url: 'tickets.example' },
          { displayText: 'No URL' },
          { url: 'no-text.example' },
          { displayText: 'Map', url: 'HTTP://map.example/x' },
        ],
      },
      headers: await gateway.under.as('surveyor'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      id: venue.id,
      name: venue.name,
      links: [
        { displayText: 'Tickets', url: 'https://tickets.example' },
        { displayText: 'Map', url: 'HTTP://map.example/x' },
      ],
    });

    const invalid = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/venues/${venue.id}/links`,
      payload: { links: [{ displayText: 'Bad', url: 'ftp://files.example' }] },
      headers: editor,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: { code: 'invalid_argument', message: 'Invalid request body', details: [{ field: 'links.0.url', message: 'Invalid URL: ftp://files.example' }] },
    });
    const fetched = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}`, headers: editor });
    expect(fetched.json<VenueJson>().links).toHaveLength(2);

    expect((await gateway.app.inject({ method: 'PUT', url: `/api/v1/venues/${randomUUID()}/links`, payload: { links: [] }, headers: editor })).statusCode).toBe(
      404,
    );
    expect(
      (await gateway.app.inject({ method: 'PUT', url: `/api/v1/venues/${venue.id}/links`, payload: { links: [] }, headers: await gateway.under.as('viewer') }))
        .statusCode,
    ).toBe(403);
  });
});

describe('/api/v1/deleted-venues', () => {
  it('DELETE /venues/{id} answers 204 and the venue is in the deleted list at once; restore; purge → 204, then 404 everywhere', async () => {
    const token = `del${randomUUID().slice(0, 6)}`;
    const venue = await createVenue({ name: `${token} Hall`, leagues: ['OTX'] });
    const deleted = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${venue.id}`, headers: editor });
    expect(deleted.statusCode).toBe(204);

    const list = await gateway.app.inject({ method: 'GET', url: `/api/v1/deleted-venues?q=${token}`, headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 50,
      items: [{ id: venue.id, name: `${token} Hall`, leagues: ['OTX'], deletedAt: expect.any(String) }],
    });
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/deleted-venues', headers: editor })).statusCode).toBe(403);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/deleted-venues?pageSize=0', headers: admin })).statusCode).toBe(400);

    // Restore takes it out of the list; deleting it again puts it back.
    const restored = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/restore`, headers: admin });
    expect(restored.statusCode).toBe(200);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/deleted-venues?q=${token}`, headers: admin })).json()).toMatchObject({ total: 0 });
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${venue.id}`, headers: editor })).statusCode).toBe(204);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/deleted-venues?q=${token}`, headers: admin })).json()).toMatchObject({ total: 1 });

    // An active venue is not purged.
    const active = await createVenue({ name: `${token} Active` });
    const refused = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-venues/${active.id}`, headers: admin });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: { code: 'not_found', message: 'Deleted venue not found' } });
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-venues/${venue.id}`, headers: editor })).statusCode).toBe(403);

    const purged = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-venues/${venue.id}`, headers: admin });
    expect(purged.statusCode, purged.body).toBe(204);
    expect(purged.body).toBe('');
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/deleted-venues?q=${token}`, headers: admin })).json()).toMatchObject({
      total: 0,
      items: [],
    });
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}`, headers: editor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/restore`, headers: admin })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/deleted-venues/${venue.id}`, headers: admin })).statusCode).toBe(404);
  });
});
