// The events API (a venue's events, the all-events list, update and delete by id) through the gateway on the real
// services: bodies, answers and errors, the role × endpoint matrix of the events endpoints, and a deleted venue's
// events leaving /events until the venue is restored.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { can, ROLES } from '@venuebook/domain';
import type { Action, Role } from '@venuebook/domain';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { gatewayFixture } from './testing/gateway-fixture.ts';

const gateway = gatewayFixture(['editor']);
const { editor } = gateway.headers;

type EventJson = {
  id: string;
  venueId: string;
  name: string;
  eventDate: string | null;
  description: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};
type ListItemJson = EventJson & { venueName: string; venueLeagues: string[]; venueCity: string };

async function createVenue(payload: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const response = await gateway.app.inject({ method: 'POST', url: '/api/v1/venues', payload, headers: editor });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createEvent(venueId: string, payload: Record<string, unknown>): Promise<EventJson> {
  const response = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venueId}/events`, payload, headers: editor });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const ids = (response: InjectResponse) => response.json<{ items: { id: string }[] }>().items.map((item) => item.id);

describe('events API through the gateway', () => {
  it("creates events (201 with Location), lists a venue's by date, updates (PUT) and deletes them (DELETE → 204)", async () => {
    const venue = await createVenue({ name: `Ev ${randomUUID().slice(0, 6)} Hall`, leagues: ['OTE'], address: '1 Main St\nSpringfield, IL 62701' });
    const created = await gateway.app.inject({
      method: 'POST',
      url: `/api/v1/venues/${venue.id}/events`,
      payload: { name: '  Premiere ', eventDate: '2026-10-01', description: 'Red carpet' },
      headers: editor,
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<EventJson>();
    expect(created.headers.location).toBe(`/api/v1/events/${event.id}`);
    const me = await gateway.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: editor });
    expect(event).toEqual({
      id: expect.any(String),
      venueId: venue.id,
      name: 'Premiere',
      eventDate: '2026-10-01',
      description: 'Red carpet',
      createdBy: me.json<{ id: string }>().id,
      createdAt: expect.any(String),
      updatedAt: event.createdAt,
    });
    const undated = await createEvent(venue.id, { name: 'Someday', eventDate: null });
    expect(undated).toMatchObject({ eventDate: null, description: '' });
    const empty = await createEvent(venue.id, { name: 'Blank date', eventDate: '' });
    expect(empty.eventDate).toBeNull();
    const later = await createEvent(venue.id, { name: 'Finale', eventDate: '2027-01-15' });

    const listed = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/events`, headers: editor });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 4, page: 1, pageSize: 100 });
    expect(ids(listed)).toEqual([later.id, event.id, empty.id, undated.id]);
    const paged = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/events?page=2&pageSize=3`, headers: editor });
    expect(paged.json()).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [{ id: undated.id }] });

    const all = await gateway.app.inject({ method: 'GET', url: `/api/v1/events?q=${encodeURIComponent(venue.name)}&sort=oldest`, headers: editor });
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all)).toEqual([event.id, later.id, empty.id, undated.id]);
    expect(all.json<{ items: ListItemJson[] }>().items[0]).toMatchObject({ venueName: venue.name, venueLeagues: ['OTE'], venueCity: 'Springfield, IL' });

    const updated = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${event.id}`,
      payload: { name: 'Premiere (moved)', eventDate: '2026-10-02' },
      headers: editor,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: event.id, name: 'Premiere (moved)', eventDate: '2026-10-02', description: '', createdAt: event.createdAt });

    const deleted = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/events/${event.id}`, headers: editor });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect(ids(await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/events`, headers: editor }))).toEqual([
      later.id,
      empty.id,
      undated.id,
    ]);
    const again = await gateway.app.inject({ method: 'DELETE', url: `/api/v1/events/${event.id}`, headers: editor });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
  });

  it('answers 400 with field details for bad input and 404 for unknown ids', async () => {
    const venue = await createVenue({ name: `Bad ${randomUUID().slice(0, 6)} Hall` });
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{ name: '   ' }, [{ field: 'name', message: 'Event name is required' }]],
      [{}, [{ field: 'name', message: 'Event name is required' }]],
      [{ name: 'Show', eventDate: '2026-02-29' }, [{ field: 'eventDate', message: 'Invalid date' }]],
      [{ name: 'Show', eventDate: '12/01/2026' }, [{ field: 'eventDate', message: 'Invalid date' }]],
    ];
    for (const [payload, details] of cases) {
      const response = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/events`, payload, headers: editor });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'invalid_argument', message: 'Invalid request body', details } });
    }
    const event = await createEvent(venue.id, { name: 'Show' });
    const blankUpdate = await gateway.app.inject({ method: 'PUT', url: `/api/v1/events/${event.id}`, payload: { name: '' }, headers: editor });
    expect(blankUpdate.statusCode).toBe(400);
    expect(blankUpdate.json().error.details).toEqual([{ field: 'name', message: 'Event name is required' }]);

    const unknownVenue = await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/events`, payload: { name: 'Show' }, headers: editor });
    expect(unknownVenue.statusCode).toBe(404);
    expect(unknownVenue.json()).toEqual({ error: { code: 'not_found', message: 'Venue not found' } });
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/events`, headers: editor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/v1/venues/nope/events', headers: editor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'PUT', url: `/api/v1/events/${randomUUID()}`, payload: { name: 'x' }, headers: editor })).json()).toEqual({
      error: { code: 'not_found', message: 'Event not found' },
    });
    expect((await gateway.app.inject({ method: 'DELETE', url: '/api/v1/events/nope', headers: editor })).statusCode).toBe(404);

    for (const [query, field] of [
      ['sort=soonest', 'sort'],
      ['from=2026-13-01', 'from'],
      ['to=tomorrow', 'to'],
      ['leagues=NBA', 'leagues'],
      ['pageSize=201', 'pageSize'],
      ['page=0', 'page'],
    ]) {
      const response = await gateway.app.inject({ method: 'GET', url: `/api/v1/events?${query}`, headers: editor });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_argument', details: [{ field }] });
    }
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/events?pageSize=500`, headers: editor })).statusCode).toBe(400);
  });

  it('filters /events by search, leagues and an inclusive date range, sorts a-z / z-a / newest and pages', async () => {
    const token = `gwe${randomUUID().slice(0, 6)}`;
    const ote = await createVenue({ name: `${token} Arena`, leagues: ['OTE'] });
    const otx = await createVenue({ name: `${token} Stadium`, leagues: ['OTX', 'OT7'] });
    const alpha = await createEvent(ote.id, { name: 'alpha night', eventDate: '2026-03-01' });
    const bravo = await createEvent(otx.id, { name: 'Bravo day', eventDate: '2026-03-31', description: 'acoustic set' });
    const charlie = await createEvent(ote.id, { name: 'Charlie', eventDate: '2026-04-01' });
    const delta = await createEvent(otx.id, { name: 'delta' });
    const get = (query: string) => gateway.app.inject({ method: 'GET', url: `/api/v1/events?q=${token}&${query}`, headers: editor });
    expect(ids(await get(''))).toEqual([charlie.id, bravo.id, alpha.id, delta.id]);
    expect(ids(await get('sort=newest'))).toEqual([charlie.id, bravo.id, alpha.id, delta.id]);
    expect(ids(await get('sort=oldest'))).toEqual([alpha.id, bravo.id, charlie.id, delta.id]);
    expect(ids(await get('sort=a-z'))).toEqual([alpha.id, bravo.id, charlie.id, delta.id]);
    expect(ids(await get('sort=z-a'))).toEqual([delta.id, charlie.id, bravo.id, alpha.id]);
    expect(ids(await get('leagues=OT7'))).toEqual([bravo.id, delta.id]);
    expect(ids(await get('leagues=OTE,OTX'))).toEqual([charlie.id, bravo.id, alpha.id, delta.id]);
    expect(ids(await get('from=2026-03-01&to=2026-03-31'))).toEqual([bravo.id, alpha.id]);
    expect(ids(await get('from=2026-03-31'))).toEqual([charlie.id, bravo.id]);
    expect(ids(await get('to=2026-03-01'))).toEqual([alpha.id]);
    expect(ids(await get('from=2026-05-01&to=2026-01-01'))).toEqual([]);
    expect(ids(await gateway.app.inject({ method: 'GET', url: `/api/v1/events?q=${token}%20acoustic`, headers: editor }))).toEqual([bravo.id]);
    expect(ids(await gateway.app.inject({ method: 'GET', url: `/api/v1/events?q=${token}%20stadium`, headers: editor }))).toEqual([bravo.id, delta.id]);
    const page = await get('sort=a-z&page=2&pageSize=3');
    expect(page.json()).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [{ id: delta.id, venueName: `${token} Stadium` }] });
  });

  it("takes a deleted venue's events out of /events and brings them back when the venue is restored", async () => {
    const token = `gwd${randomUUID().slice(0, 6)}`;
    const venue = await createVenue({ name: `${token} Club` });
    const event = await createEvent(venue.id, { name: 'Late show', eventDate: '2026-06-06' });
    const listed = async () => ids(await gateway.app.inject({ method: 'GET', url: `/api/v1/events?q=${token}`, headers: editor }));
    expect(await listed()).toEqual([event.id]);
    expect((await gateway.app.inject({ method: 'DELETE', url: `/api/v1/venues/${venue.id}`, headers: editor })).statusCode).toBe(204);
    expect(await listed()).toEqual([]);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/events`, headers: editor })).statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/restore`, headers: await gateway.under.as('admin') })).statusCode).toBe(
      200,
    );
    expect(await listed()).toEqual([event.id]);
    // A renamed venue shows its new name at once.
    expect(
      (await gateway.app.inject({ method: 'PUT', url: `/api/v1/venues/${venue.id}`, payload: { name: `${token} Lounge` }, headers: editor })).statusCode,
    ).toBe(200);
    const renamed = await gateway.app.inject({ method: 'GET', url: `/api/v1/events?q=${token}`, headers: editor });
    expect(renamed.json<{ items: ListItemJson[] }>().items.map((item) => item.venueName)).toEqual([`${token} Lounge`]);
  });
});

describe('role × events endpoint matrix', () => {
  it('lets every role list events and surveyors, editors, admins and owners create, edit and delete them', async () => {
    const venue = await createVenue({ name: `Matrix ${randomUUID().slice(0, 6)} Hall` });
    const endpoints: { name: string; action: Action; ok: number; call: (headers: Record<string, string>) => Promise<InjectResponse> }[] = [
      {
        name: 'GET /venues/:id/events',
        action: 'venue.view',
        ok: 200,
        call: (headers) => gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${venue.id}/events`, headers }),
      },
      { name: 'GET /events', action: 'venue.view', ok: 200, call: (headers) => gateway.app.inject({ method: 'GET', url: '/api/v1/events', headers }) },
      {
        name: 'POST /venues/:id/events',
        action: 'event.create',
        ok: 201,
        call: (headers) => gateway.app.inject({ method: 'POST', url: `/api/v1/venues/${venue.id}/events`, payload: { name: 'Matrix show' }, headers }),
      },
      // A fresh event each time: 200 / 204 once permitted, 403 before.
      {
        name: 'PUT /events/:id',
        action: 'event.edit',
        ok: 200,
        call: async (headers) =>
          gateway.app.inject({
            method: 'PUT',
            url: `/api/v1/events/${(await createEvent(venue.id, { name: 'To edit' })).id}`,
            payload: { name: 'Edited' },
            headers,
          }),
      },
      {
        name: 'DELETE /events/:id',
        action: 'event.delete',
        ok: 204,
        call: async (headers) =>
          gateway.app.inject({ method: 'DELETE', url: `/api/v1/events/${(await createEvent(venue.id, { name: 'To delete' })).id}`, headers }),
      },
    ];
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const headers = await gateway.under.as(role);
      for (const endpoint of endpoints) {
        const response = await endpoint.call(headers);
        outcomes.push(`${role} ${endpoint.name} ${response.statusCode}`);
        expect(response.statusCode, `${role} ${endpoint.name}: ${response.body}`).toBe(can(role as Role, endpoint.action) ? endpoint.ok : 403);
      }
    }
    for (const endpoint of endpoints) expect((await endpoint.call({})).statusCode, `anonymous ${endpoint.name}`).toBe(401);
    // Spot checks that do not lean on the table.
    expect(outcomes).toEqual(
      expect.arrayContaining([
        'viewer GET /events 200',
        'viewer POST /venues/:id/events 403',
        'viewer DELETE /events/:id 403',
        'surveyor POST /venues/:id/events 201',
        'surveyor DELETE /events/:id 204',
      ]),
    );
  });
});
