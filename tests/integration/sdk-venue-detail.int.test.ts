// @venuebook/sdk's venue detail calls against the running product (gateway and services as their own processes on
// real FerretDB, MinIO and NATS, demo accounts): api.venues.updateLinks (the links editor, spec §5: rows without text
// or URL dropped, https:// added, 'Invalid URL: …' in the 400's details), api.venues.contacts (the print report:
// main contact first, details null for a viewer) and api.venues.delete (higher-privilege users; then 404), with the
// paths they send.
import { randomUUID } from 'node:crypto';
import type { Role } from '@venuebook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../shell/sdk/src/api/api-error.ts';
import { createApiClient, type ApiClient } from '../../shell/sdk/src/api/api-client.ts';
import { createBrowser, sharedSdkStack, type Browser, type SdkStack } from './sdk-support.ts';

let sdk: SdkStack;

beforeAll(async () => {
  sdk = await sharedSdkStack();
}, 180_000);

afterAll(async () => {
  await sdk?.stop();
});

/** An api client in a signed-in browser of `role`, bound to its token. */
async function signedIn(role: Role): Promise<{ api: ApiClient; browser: Browser }> {
  const browser = createBrowser();
  const api = createApiClient({ baseUrl: sdk.apiUrl, fetch: browser.fetch });
  const { accessToken } = await api.auth.signIn(sdk.account(role));
  api.bindAuth({ accessToken: async () => accessToken, refreshAfterUnauthorized: async () => null });
  return { api, browser };
}

/** The error a call rejects with. */
async function failure(call: Promise<unknown>): Promise<ApiRequestError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('venue detail calls', () => {
  it('saves links: rows without text or URL dropped, https:// added; a bad URL is a 400 naming it; viewers may not', async () => {
    const { api, browser } = await signedIn('surveyor');
    const venue = await api.venues.create({ name: `Sdklinks ${randomUUID().slice(0, 6)} Hall` });

    const saved = await api.venues.updateLinks(venue.id, [
      { displayText: 'Site map', url: 'example.com/map' },
      { displayText: 'No URL', url: '' },
      { displayText: '', url: 'https://dropped.example' },
      { displayText: 'Plan', url: 'http://example.org/plan' },
    ]);
    expect(browser.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/api/v1/venues/${venue.id}/links`, status: 200 });
    expect(saved.links).toEqual([
      { displayText: 'Site map', url: 'https://example.com/map' },
      { displayText: 'Plan', url: 'http://example.org/plan' },
    ]);
    expect((await api.venues.get(venue.id)).links).toEqual(saved.links);

    const bad = await failure(api.venues.updateLinks(venue.id, [{ displayText: 'Bad', url: 'http://' }]));
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors.map((e) => e.message)).toContain('Invalid URL: http://');
    expect((await api.venues.get(venue.id)).links).toEqual(saved.links);

    const viewer = await signedIn('viewer');
    expect((await failure(viewer.api.venues.updateLinks(venue.id, []))).status).toBe(403);
  });

  it("lists a venue's contacts, main first then newest, with details null for a viewer", async () => {
    const { api, browser } = await signedIn('editor');
    const venue = await api.venues.create({ name: `Sdkcontacts ${randomUUID().slice(0, 6)} Hall`, contactName: 'Pat Doe', contactEmail: 'pat@example.com' });
    for (const name of ['Sam Rivera', 'Lee Chan']) await api.contacts.create(venue.id, { name, tag: 'Audio' });
    const { items } = await api.venues.contacts(venue.id);
    expect(browser.requests.at(-1)).toMatchObject({ method: 'GET', path: `/api/v1/venues/${venue.id}/contacts`, status: 200 });
    expect(items.map((c) => [c.name, c.isCurrentMainContact])).toEqual([
      ['Pat Doe', true],
      ['Lee Chan', false],
      ['Sam Rivera', false],
    ]);

    const viewer = await signedIn('viewer');
    const hidden = await viewer.api.venues.contacts(venue.id);
    expect(hidden.items.map((c) => [c.name, c.email, c.detailsHidden, c.tag])).toEqual([
      [null, null, true, ''],
      [null, null, true, 'Audio'],
      [null, null, true, 'Audio'],
    ]);
    expect((await failure(api.venues.contacts(randomUUID()))).status).toBe(404);
  });

  it('deletes a venue for a higher-privilege user (then 404); a surveyor and a viewer may not', async () => {
    const { api, browser } = await signedIn('admin');
    const venue = await api.venues.create({ name: `Sdkdelete ${randomUUID().slice(0, 6)} Hall` });
    for (const role of ['surveyor', 'viewer'] as const) {
      expect((await failure((await signedIn(role)).api.venues.delete(venue.id))).status, role).toBe(403);
    }
    await api.venues.delete(venue.id);
    expect(browser.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/venues/${venue.id}`, status: 204 });
    expect((await failure(api.venues.get(venue.id))).status).toBe(404);
    expect((await failure(api.venues.delete(venue.id))).status).toBe(404);
  });
});
