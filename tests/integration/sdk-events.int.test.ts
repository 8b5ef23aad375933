// @venuebook/sdk's event and deleted-venue calls against the running product (gateway and services as their own
// processes on real FerretDB, MinIO and NATS, demo accounts and venues): api.events (one venue's list, all events
// with search, sort, leagues and dates, create, update, delete), api.venues.restore and api.deletedVenues (list,
// purge), the paths and query strings they send, and the page helpers of eventQueries / deletedVenueQueries.
import { randomUUID } from 'node:crypto';
import type { Role } from '@venuebook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../shell/sdk/src/api/api-client.ts';
import { createDeletedVenueQueries, createEventQueries } from '../../shell/sdk/src/query/event-queries.ts';
import { createBrowser, sharedSdkStack, type Browser, type SdkStack } from './sdk-support.ts';

let sdk: SdkStack;

beforeAll(async () => {
  sdk = await sharedSdkStack();
}, 180_000);

afterAll(async () => {
  await sdk?.stop();
});

/** An api client in a signed-in browser of `role`, bound to its token. */
async function signedIn(role: Role): Promise<{ api: ApiClient; browser: Browser; token: string }> {
  const browser = createBrowser();
  const api = createApiClient({ baseUrl: sdk.apiUrl, fetch: browser.fetch });
  const { accessToken } = await api.auth.signIn(sdk.account(role));
  api.bindAuth({ accessToken: async () => accessToken, refreshAfterUnauthorized: async () => null });
  return { api, browser, token: accessToken };
}

/** Soft-deletes a venue (DELETE /venues/{id}; the venue detail page's call, not this file's subject). */
async function softDelete(token: string, id: string): Promise<void> {
  const response = await fetch(`${sdk.apiUrl}/venues/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(204);
}

describe('events', () => {
  it('creates, lists, updates and deletes a venue event, and finds it on the all-events list', async () => {
    const { api, browser } = await signedIn('editor');
    const word = `Sdkev${randomUUID().slice(0, 6)}`;
    const venue = await api.venues.create({ name: `${word} Hall`, leagues: ['OT7'], address: '1 Main St\nReno, NV 89501' });

    const dated = await api.events.create(venue.id, { name: `  ${word} Opening  `, eventDate: '2026-04-02', description: 'First night' });
    expect(dated).toMatchObject({ venueId: venue.id, name: `${word} Opening`, eventDate: '2026-04-02', description: 'First night' });
    expect(browser.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/venues/${venue.id}/events`, status: 201 });
    const undated = await api.events.create(venue.id, { name: `${word} Closing`, eventDate: '', description: '' });
    expect(undated.eventDate).toBeNull();

    const page = await api.events.listForVenue(venue.id, { page: 1, pageSize: 10 });
    expect(browser.requests.at(-1)).toMatchObject({ method: 'GET', path: `/api/v1/venues/${venue.id}/events?page=1&pageSize=10`, status: 200 });
    expect(page.items.map((event) => event.id)).toEqual([dated.id, undated.id]);
    expect(page.total).toBe(2);

    const updated = await api.events.update(dated.id, { name: `${word} Opening Night`, eventDate: '2026-04-03', description: '' });
    expect(updated).toMatchObject({ id: dated.id, name: `${word} Opening Night`, eventDate: '2026-04-03', description: '' });
    expect(browser.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/api/v1/events/${dated.id}`, status: 200 });

    const found = await api.events.list({ q: word, sort: 'a-z', leagues: ['OT7'], from: '2026-04-01', to: '2026-04-30', pageSize: 5 });
    expect(browser.requests.at(-1)).toMatchObject({
      path: `/api/v1/events?q=${word}&sort=a-z&leagues=OT7&from=2026-04-01&to=2026-04-30&pageSize=5`,
      status: 200,
    });
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ id: dated.id, venueName: `${word} Hall`, venueLeagues: ['OT7'], venueCity: 'Reno, NV' });
    expect((await api.events.list({ q: word, leagues: ['OTE'] })).total).toBe(0);

    await api.events.delete(undated.id);
    expect(browser.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/events/${undated.id}`, status: 204 });
    expect((await api.events.listForVenue(venue.id)).items.map((event) => event.id)).toEqual([dated.id]);
  });

  it("refuses a viewer's writes and a blank name with the server's answer", async () => {
    const { api: editor } = await signedIn('editor');
    const venue = await editor.venues.create({ name: `Sdkev ${randomUUID().slice(0, 6)} Arena` });
    await expect(editor.events.create(venue.id, { name: '   ' })).rejects.toMatchObject({ status: 400 });
    const { api: viewer } = await signedIn('viewer');
    await expect(viewer.events.create(venue.id, { name: 'Not allowed' })).rejects.toMatchObject({ status: 403 });
    expect((await viewer.events.listForVenue(venue.id)).total).toBe(0);
  });

  it("pages one venue's events through eventQueries (load more until the total)", async () => {
    const { api } = await signedIn('editor');
    const venue = await api.venues.create({ name: `Sdkev ${randomUUID().slice(0, 6)} Pavilion` });
    for (const day of ['01', '02', '03']) await api.events.create(venue.id, { name: `Day ${day}`, eventDate: `2026-06-${day}` });
    const options = createEventQueries(api).forVenue(venue.id, 2);
    const first = await api.events.listForVenue(venue.id, { page: 1, pageSize: 2 });
    expect(options.getNextPageParam(first, [first], 1, [1])).toBe(2);
    const second = await api.events.listForVenue(venue.id, { page: 2, pageSize: 2 });
    expect(second.items.map((event) => event.name)).toEqual(['Day 01']);
    expect(options.getNextPageParam(second, [first, second], 2, [1, 2])).toBeUndefined();
  });
});

describe('deleted venues', () => {
  it('lists a deleted venue for an admin, restores it, then purges it', async () => {
    const { api: admin, browser, token } = await signedIn('admin');
    const name = `Sdkdv ${randomUUID().slice(0, 6)} Theater`;
    const venue = await admin.venues.create({ name });
    await softDelete(token, venue.id);

    const list = await admin.deletedVenues.list({ q: name, page: 1, pageSize: 10 });
    expect(browser.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/api/v1/deleted-venues?q=${encodeURIComponent(name).replace(/%20/g, '+')}&page=1&pageSize=10`,
      status: 200,
    });
    expect(list.items.map((item) => item.id)).toEqual([venue.id]);
    expect(Date.parse(list.items[0]!.deletedAt)).not.toBeNaN();
    expect(createDeletedVenueQueries(admin).list().getNextPageParam(list, [list], 1, [1])).toBeUndefined();

    const restored = await admin.venues.restore(venue.id);
    expect(restored).toMatchObject({ id: venue.id, name });
    expect(browser.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/venues/${venue.id}/restore`, status: 200 });
    expect((await admin.deletedVenues.list({ q: name })).total).toBe(0);

    await softDelete(token, venue.id);
    await admin.deletedVenues.purge(venue.id);
    expect(browser.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/deleted-venues/${venue.id}`, status: 204 });
    await expect(admin.venues.get(venue.id)).rejects.toMatchObject({ status: 404 });
    await expect(admin.venues.restore(venue.id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses the list to a non-admin', async () => {
    const { api } = await signedIn('editor');
    await expect(api.deletedVenues.list()).rejects.toMatchObject({ status: 403 });
  });
});
