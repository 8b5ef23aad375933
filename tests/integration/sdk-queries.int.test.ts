// @venuebook/sdk's server state against the running product (gateway, identity and venues services as their
// own processes on real FerretDB, MinIO and NATS, demo accounts and venues): the TanStack Query options of
// venues and the sign-in settings, the retry policy, and the cache cleared when the user signs out. Only the
// browser is emulated: a cookie jar around Node's fetch.
import { InfiniteQueryObserver } from '@tanstack/react-query';
import { DEMO_VENUES } from '@venuebook/local';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shell/sdk/src/api/api-client.ts';
import type { ApiClient } from '../../shell/sdk/src/api/api-client.ts';
import { createAuthQueries } from '../../shell/sdk/src/query/auth-queries.ts';
import { clearQueriesOnUserChange, createQueryClient } from '../../shell/sdk/src/query/query-client.ts';
import { createVenueQueries } from '../../shell/sdk/src/query/venue-queries.ts';
import type { RefreshTiming } from '../../shell/sdk/src/session/refresh-timing.ts';
import { createSessionStore } from '../../shell/sdk/src/session/session-store.ts';
import type { SessionStore } from '../../shell/sdk/src/session/session-store.ts';
import { createBrowser, startSdkStack } from './sdk-support.ts';
import type { Browser, OwnSdkStack } from './sdk-support.ts';

/** The spec's tick and margin; the back-off scaled down (it matters only where the gateway is down). */
const TIMING: RefreshTiming = { tickMs: 30_000, marginMs: 90_000, backoffInitialMs: 50, backoffMaxMs: 1000 };
const CONFIG_PATH = '/api/v1/auth/config';

// A product of its own: tests stop and start its gateway.
let sdk: OwnSdkStack;
let stops: (() => void)[] = [];

beforeAll(async () => {
  sdk = await startSdkStack({ gatewayEnv: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});

afterAll(async () => {
  await sdk?.stop();
});

beforeEach(() => {
  stops = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  for (const stop of stops) stop();
  vi.restoreAllMocks();
  // A test that took the gateway down brings it back for the next one.
  await sdk.stack.services.gateway.start();
});

interface Tab {
  browser: Browser;
  api: ApiClient;
  store: SessionStore;
  client: ReturnType<typeof createQueryClient>;
}

/** A page load: api client, session store and query client in a new browser, the cache tied to the session. */
async function openTab(): Promise<Tab> {
  const browser = createBrowser();
  const api = createApiClient({ baseUrl: sdk.apiUrl, fetch: browser.fetch });
  const store = createSessionStore({ api, timing: TIMING, crossTab: false });
  const client = createQueryClient();
  stops.push(store.start(), clearQueriesOnUserChange(client, store), () => client.clear());
  await vi.waitFor(() => expect(store.getSnapshot().status).not.toBe('loading'));
  return { browser, api, store, client };
}

describe('venue queries', () => {
  it('loads the list page by page until every venue is in, through the infinite query options', async () => {
    const { api, store, client } = await openTab();
    await store.signIn(sdk.account('viewer'));
    const venues = createVenueQueries(api);
    const observer = new InfiniteQueryObserver(client, venues.list({ sort: 'name', pageSize: 7 }));
    stops.push(observer.subscribe(() => {}));
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage();
    const { data } = observer.getCurrentResult();
    const names = data!.pages.flatMap((page) => page.items.map((venue) => venue.name));
    expect(data!.pageParams).toEqual(Array.from({ length: Math.ceil(DEMO_VENUES.length / 7) }, (_, index) => index + 1));
    expect(new Set(names).size).toBe(DEMO_VENUES.length);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('does not retry a 404, retries an unreachable gateway and then reports it', async () => {
    const { api, browser, store, client } = await openTab();
    await store.signIn(sdk.account('viewer'));
    const venues = createVenueQueries(api);
    await expect(client.fetchQuery(venues.detail('00000000-0000-4000-8000-000000000000'))).rejects.toMatchObject({ status: 404 });
    expect(browser.calls('/api/v1/venues/00000000')).toHaveLength(1);

    const id = (await api.venues.list({ pageSize: 1 })).items[0]!.id;
    await sdk.stack.services.gateway.stop();
    // Two retries (back-off shortened here), then the network error.
    await expect(client.fetchQuery({ ...venues.detail(id), retryDelay: 10 })).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(browser.calls(`/api/v1/venues/${id}`).map((call) => call.status)).toEqual([0, 0, 0]);
  });
});

describe('sign-in settings', () => {
  it('reads the public settings once and keeps them', async () => {
    const { api, browser, client } = await openTab();
    const auth = createAuthQueries(api, TIMING);
    await expect(client.fetchQuery(auth.config())).resolves.toEqual({ companyDomain: '@example.com', google: { enabled: true } });
    await client.fetchQuery(auth.config());
    expect(browser.calls(CONFIG_PATH)).toHaveLength(1);
  });

  it('retries with the session back-off while the gateway is down and gives up within the budget', async () => {
    const { api, browser, client } = await openTab();
    await sdk.stack.services.gateway.stop();
    const before = browser.calls(CONFIG_PATH).length;
    // 50 + 100 + 200 + 400 ms < 1 s; the next 800 ms would pass the budget: five attempts.
    await expect(client.fetchQuery(createAuthQueries(api, TIMING).config())).rejects.toMatchObject({ status: 0 });
    expect(
      browser
        .calls(CONFIG_PATH)
        .slice(before)
        .map((call) => call.status),
    ).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('signing out', () => {
  it("clears the user's cached data and keeps the public settings; the next user starts empty", async () => {
    const { api, store, client } = await openTab();
    const venues = createVenueQueries(api);
    const auth = createAuthQueries(api, TIMING);
    await client.fetchQuery(auth.config());
    await store.signIn(sdk.account('editor'));
    const id = (await api.venues.list({ pageSize: 1 })).items[0]!.id;
    await client.fetchQuery(venues.detail(id));
    await client.fetchInfiniteQuery(venues.list({ pageSize: 5 }));
    expect(client.getQueryData(venues.detail(id).queryKey)?.id).toBe(id);

    await store.signOut();
    expect(client.getQueryData(venues.detail(id).queryKey)).toBeUndefined();
    expect(client.getQueryData(venues.list({ pageSize: 5 }).queryKey)).toBeUndefined();
    expect(client.getQueryData(auth.config().queryKey)).toMatchObject({ companyDomain: '@example.com' });

    // Signed out, a venue read fails with the spec's text and is not retried.
    await expect(client.fetchQuery(venues.detail(id))).rejects.toMatchObject({ status: 401, message: 'No session found' });
    await store.signIn(sdk.account('viewer'));
    expect(client.getQueryData(venues.detail(id).queryKey)).toBeUndefined();
  });
});
