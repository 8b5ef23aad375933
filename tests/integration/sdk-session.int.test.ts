// @venuebook/sdk's session store against the running product (gateway, identity and venues services as their
// own processes on real FerretDB, MinIO and NATS): start-up, sign-in and sign-up, sign-out scopes, the
// 401 → one shared refresh → retry path, Access Denied, the welcome flag, auto-refresh and the back-off while
// the gateway is down. Only the browser is emulated: a cookie jar around Node's fetch.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shell/sdk/src/api/api-client.ts';
import type { ApiClient } from '../../shell/sdk/src/api/api-client.ts';
import type { RefreshTiming } from '../../shell/sdk/src/session/refresh-timing.ts';
import { createSessionStore } from '../../shell/sdk/src/session/session-store.ts';
import type { SessionStore } from '../../shell/sdk/src/session/session-store.ts';
import { createBrowser, REFRESH_COOKIE, REFRESH_PATH, startSdkStack } from './sdk-support.ts';
import type { Browser, OwnSdkStack } from './sdk-support.ts';

/** Lifetime of access tokens in this stack: inside the store's 90 s refresh margin from the start. */
const ACCESS_TOKEN_TTL_SECONDS = 60;

/** The spec's tick and margin; the back-off scaled down (it matters only where the gateway is down). */
const TIMING: RefreshTiming = { tickMs: 30_000, marginMs: 90_000, backoffInitialMs: 5, backoffMaxMs: 60 };

// A product of its own: tests stop and start its gateway, its access tokens live 60 s, and it counts the demo venues.
let sdk: OwnSdkStack;
let stops: (() => void)[] = [];

beforeAll(async () => {
  sdk = await startSdkStack({
    // Many sign-ins from one address; the limit itself is the gateway's own test.
    gatewayEnv: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS), AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
});

afterAll(async () => {
  await sdk?.stop();
});

beforeEach(() => {
  stops = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
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
}

/** A page load: a fresh api client and session store in `browser` (a new browser by default). */
function openTab(browser: Browser = createBrowser(), timing: RefreshTiming = TIMING): Tab {
  const api = createApiClient({ baseUrl: sdk.apiUrl, fetch: browser.fetch });
  return { browser, api, store: createSessionStore({ api, timing, crossTab: false, storage: browser.storage }) };
}

function start(store: SessionStore): void {
  stops.push(store.start());
}

const settled = (store: SessionStore, timeout = 5000) => vi.waitFor(() => expect(store.getSnapshot().status).not.toBe('loading'), { timeout });

/** A tab that has started and signed in with a password. */
async function signedInTab(credentials: { email: string; password: string }, browser?: Browser, timing?: RefreshTiming): Promise<Tab> {
  const tab = openTab(browser, timing);
  start(tab.store);
  await settled(tab.store);
  await tab.store.signIn(credentials);
  return tab;
}

/** Makes the access token in the tab's memory one the server refuses (its signature no longer matches). */
function corruptAccessToken(store: SessionStore): string {
  const session = store.getSnapshot().session;
  if (!session) throw new Error('not signed in');
  const [header, payload, signature = ''] = session.accessToken.split('.');
  session.accessToken = `${header}.${payload}.${[...signature].reverse().join('')}`;
  return session.accessToken;
}

describe('start-up (spec §4: loading, then signed in or signed out)', () => {
  it('is loading until the refresh answers, then signed out without a refresh cookie', async () => {
    const { browser, store } = openTab();
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', session: null, user: null });
    start(store);
    await settled(store);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, user: null, accessDenied: false });
    // 401 without a cookie is the ordinary signed-out answer: not retried.
    expect(browser.calls(REFRESH_PATH)).toMatchObject([{ method: 'POST', cookie: null, status: 401 }]);
  });

  it('restores the session from the refresh cookie on the next page load', async () => {
    const viewer = sdk.account('viewer');
    const first = await signedInTab(viewer);
    const cookie = first.browser.cookie(REFRESH_COOKIE);
    expect(cookie).toBeDefined();

    const reload = openTab(first.browser);
    start(reload.store);
    await settled(reload.store);
    const snapshot = reload.store.getSnapshot();
    expect(snapshot.status).toBe('signed-in');
    expect(snapshot.user).toMatchObject({ email: viewer.email, role: 'viewer' });
    expect(snapshot.session).toMatchObject({ tokenType: 'bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS });
    expect(first.browser.calls(REFRESH_PATH).at(-1)).toMatchObject({ cookie: expect.stringContaining(`${REFRESH_COOKIE}=${cookie}`), status: 200 });
    // The server rotates the refresh token on every use.
    expect(first.browser.cookie(REFRESH_COOKIE)).not.toBe(cookie);
    await expect(reload.api.venues.list({ pageSize: 5 })).resolves.toMatchObject({ total: 31 });
  });

  it('refreshes only once however often it is started (StrictMode)', async () => {
    const { browser } = await signedInTab(sdk.account('editor'));
    const before = browser.calls(REFRESH_PATH).length;
    const { store } = openTab(browser);
    const stop = store.start();
    stop();
    start(store);
    start(store);
    await settled(store);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(browser.calls(REFRESH_PATH)).toHaveLength(before + 1);
  });
});

describe('sign-in, sign-up, sign-out', () => {
  it('signs in with a password and authenticates later calls with the in-memory token', async () => {
    const editor = sdk.account('editor');
    const { api, browser, store } = openTab();
    start(store);
    await settled(store);
    const session = await store.signIn({ email: ` ${editor.email} `, password: editor.password });
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', user: { email: editor.email, role: 'editor' } });
    expect(browser.cookie(REFRESH_COOKIE)).toBeDefined();
    const page = await api.venues.list({ q: 'red rocks' });
    expect(page.items.map((venue) => venue.name)).toEqual(['Red Rocks Amphitheatre']);
    expect(browser.calls('/api/v1/venues').at(-1)).toMatchObject({ authorization: `Bearer ${session.accessToken}`, status: 200 });
    // The access token never travels in a cookie; the refresh cookie goes only to /api/v1/auth.
    expect(browser.calls('/api/v1/venues').at(-1)?.cookie).toBeNull();
  });

  it('keeps the user signed out when the credentials are wrong', async () => {
    const { browser, store } = openTab();
    start(store);
    await settled(store);
    await expect(store.signIn({ email: sdk.account('viewer').email, password: 'Wrong-password-1' })).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
      message: 'Invalid login credentials',
    });
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    expect(browser.cookie(REFRESH_COOKIE)).toBeUndefined();
  });

  it('signs up and passes the confirmation message on; the confirmation mail is sent', async () => {
    const { store } = openTab();
    const email = `new.person-${Date.now()}@example.com`;
    await expect(store.signUp({ email, password: 'a-long-pass-9' })).resolves.toEqual({ message: 'Check your email for the confirmation link!' });
    const messages = (await (await fetch(`${sdk.stack.mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as unknown[];
    expect(messages).toHaveLength(1);
  });

  it('signs out on the server (scope local by default) and locally; other devices stay signed in', async () => {
    const user = await sdk.newAccount('local');
    const laptop = await signedInTab(user);
    const phone = await signedInTab(user);
    const token = laptop.store.getSnapshot().session?.accessToken;
    await laptop.store.signOut();
    expect(laptop.browser.calls('/api/v1/auth/logout')).toMatchObject([
      { method: 'POST', path: '/api/v1/auth/logout?scope=local', authorization: `Bearer ${token}`, status: 204 },
    ]);
    expect(laptop.store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, user: null });
    expect(laptop.browser.cookie(REFRESH_COOKIE)).toBeUndefined(); // cleared by the server
    // Spec §5: a call that needs a login fails with 'No session found' and sends nothing.
    const before = laptop.browser.requests.length;
    await expect(laptop.api.venues.list()).rejects.toMatchObject({ status: 401, code: 'no_session', message: 'No session found' });
    expect(laptop.browser.requests).toHaveLength(before);
    // The phone's session was not touched.
    await expect(phone.api.venues.list({ pageSize: 1 })).resolves.toMatchObject({ total: 31 });
    await expect(phone.store.refresh()).resolves.toMatchObject({ user: { email: user.email } });
  });

  it('passes the sign-out scope on: global ends the sessions of every device', async () => {
    const user = await sdk.newAccount('global');
    const laptop = await signedInTab(user);
    const phone = await signedInTab(user);
    await laptop.store.signOut('global');
    expect(laptop.browser.calls('/api/v1/auth/logout')).toMatchObject([{ path: '/api/v1/auth/logout?scope=global', status: 204 }]);
    expect(laptop.store.getSnapshot().status).toBe('signed-out');
    // The phone's refresh cookie is revoked too.
    await expect(phone.store.refresh()).resolves.toBeNull();
    expect(phone.browser.calls(REFRESH_PATH).at(-1)?.status).toBe(401);
    expect(phone.store.getSnapshot().status).toBe('signed-out');
  });
});

describe('401: refresh once, then retry once', () => {
  it('refreshes a refused token once for all concurrent calls and retries them', async () => {
    const { api, browser, store } = await signedInTab(sdk.account('surveyor'));
    const refused = corruptAccessToken(store);
    const refreshesBefore = browser.calls(REFRESH_PATH).length;
    const venuesBefore = browser.calls('/api/v1/venues').length;
    const [all, some, me] = await Promise.all([api.venues.list(), api.venues.list({ q: 'garden' }), api.auth.user()]);
    expect(all.total).toBe(31);
    expect(some.items.map((venue) => venue.name)).toContain('Madison Square Garden');
    expect(me.email).toBe(sdk.account('surveyor').email);
    expect(browser.calls(REFRESH_PATH)).toHaveLength(refreshesBefore + 1);
    const fresh = store.getSnapshot().session?.accessToken;
    expect(fresh).not.toBe(refused);
    const venueCalls = browser.calls('/api/v1/venues').slice(venuesBefore);
    expect(venueCalls.filter((call) => call.authorization === `Bearer ${refused}`).map((call) => call.status)).toEqual([401, 401]);
    expect(venueCalls.filter((call) => call.authorization === `Bearer ${fresh}`).map((call) => call.status)).toEqual([200, 200]);
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('signs out when the refresh fails (signed out everywhere from another device), and the call fails with its 401', async () => {
    const user = await sdk.newAccount('revoked');
    const laptop = await signedInTab(user);
    const phone = await signedInTab(user);
    await phone.store.signOut('global');
    const venuesBefore = laptop.browser.calls('/api/v1/venues').length;
    await expect(laptop.api.venues.list()).rejects.toMatchObject({ status: 401 });
    expect(laptop.store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    // One call, refused; the refresh was refused too, so no retry.
    expect(
      laptop.browser
        .calls('/api/v1/venues')
        .slice(venuesBefore)
        .map((call) => call.status),
    ).toEqual([401]);
    expect(laptop.browser.calls(REFRESH_PATH).at(-1)?.status).toBe(401);
  });
});

describe('access denied, welcome', () => {
  it('flags Access Denied on a 403 domain_not_allowed (a signed-in user outside the company domain)', async () => {
    const browser = createBrowser();
    browser.setCookie(REFRESH_COOKIE, await sdk.outsiderRefreshToken('guest@partner.org'), '/api/v1/auth');
    const { api, store } = openTab(browser);
    start(store);
    await settled(store);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', user: { email: 'guest@partner.org' }, accessDenied: false });
    await expect(api.venues.list()).rejects.toMatchObject({
      status: 403,
      code: 'domain_not_allowed',
      message: 'Only @example.com email addresses are allowed to access this application.',
    });
    expect(store.getSnapshot().accessDenied).toBe(true);
    await store.signOut();
    expect(browser.calls('/api/v1/auth/logout').at(-1)?.status).toBe(204);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', accessDenied: false });
  });

  it('marks the welcome dialog as shown on the server and locally', async () => {
    const user = await sdk.newAccount('welcome');
    const { browser, store } = await signedInTab(user);
    expect(store.getSnapshot().user?.welcomeShown).toBe(false);
    await store.markWelcomeShown();
    expect(browser.calls('/api/v1/auth/welcome')).toMatchObject([{ method: 'POST', status: 204 }]);
    expect(store.getSnapshot().user?.welcomeShown).toBe(true);
    expect(store.getSnapshot().session?.user.welcomeShown).toBe(true);
    // The next page load reads it from the server.
    const reload = openTab(browser);
    start(reload.store);
    await settled(reload.store);
    expect(reload.store.getSnapshot().user).toMatchObject({ email: user.email, welcomeShown: true });
  });
});

describe('auto-refresh', () => {
  const FAST_TICK: RefreshTiming = { ...TIMING, tickMs: 300 };

  it('refreshes a token that expires within the margin on its own, at most once a tick', async () => {
    const { browser, store } = await signedInTab(sdk.account('admin'), undefined, FAST_TICK);
    const first = store.getSnapshot().session;
    // A 60 s token is inside the 90 s margin at once: the store refreshes a tick after the last refresh.
    expect(first?.expiresIn).toBe(ACCESS_TOKEN_TTL_SECONDS);
    const cookie = browser.cookie(REFRESH_COOKIE);
    const before = browser.calls(REFRESH_PATH).length;
    const answered = () =>
      browser
        .calls(REFRESH_PATH)
        .slice(before)
        .filter((call) => call.status !== null);
    await vi.waitFor(() => expect(answered().length).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 50 });
    expect(answered().map((call) => call.status)).toEqual(answered().map(() => 200));
    expect(store.getSnapshot().session).not.toBe(first);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(browser.cookie(REFRESH_COOKIE)).not.toBe(cookie);
    const count = browser.calls(REFRESH_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // 1 s at one refresh per 300 ms tick: a few more, not a loop.
    expect(browser.calls(REFRESH_PATH).length - count).toBeLessThanOrEqual(4);
  });

  it('stops refreshing when stopped', async () => {
    const tab = openTab(undefined, FAST_TICK);
    const stop = tab.store.start();
    await settled(tab.store);
    await tab.store.signIn(sdk.account('admin'));
    const before = tab.browser.calls(REFRESH_PATH).length;
    await vi.waitFor(
      () =>
        expect(
          tab.browser
            .calls(REFRESH_PATH)
            .slice(before)
            .some((call) => call.status === 200),
        ).toBe(true),
      { timeout: 5000, interval: 50 },
    );
    stop();
    const count = tab.browser.calls(REFRESH_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(tab.browser.calls(REFRESH_PATH)).toHaveLength(count);
  });
});

describe('while the gateway is down (network error, status 0)', () => {
  it('retries the start-up refresh with back-off, then succeeds once the gateway is back', { timeout: 45_000 }, async () => {
    const viewer = sdk.account('viewer');
    const { browser } = await signedInTab(viewer);
    await sdk.stack.services.gateway.stop();
    const before = browser.calls(REFRESH_PATH).length;
    const { store } = openTab(browser, { ...TIMING, backoffInitialMs: 100, backoffMaxMs: 25_000 });
    start(store);
    await vi.waitFor(() => expect(browser.calls(REFRESH_PATH).filter((call) => call.status === 0).length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    expect(store.getSnapshot().status).toBe('loading');
    await sdk.stack.services.gateway.start();
    await settled(store, 20_000);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', user: { email: viewer.email } });
    const attempts = browser
      .calls(REFRESH_PATH)
      .slice(before)
      .map((call) => call.status);
    expect(attempts.at(-1)).toBe(200);
    expect(attempts.slice(0, -1).length).toBeGreaterThanOrEqual(3);
    expect(attempts.slice(0, -1).every((status) => status === 0)).toBe(true);
  });

  it('gives up after the back-off budget and signs out', async () => {
    const { browser } = await signedInTab(sdk.account('viewer'));
    await sdk.stack.services.gateway.stop();
    const before = browser.calls(REFRESH_PATH).length;
    // 50 + 100 + 200 + 400 ms < 1 s; the next 800 ms would pass the budget: at most five attempts.
    const { store } = openTab(browser, { ...TIMING, backoffInitialMs: 50, backoffMaxMs: 1000 });
    start(store);
    await settled(store);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null });
    const attempts = browser.calls(REFRESH_PATH).slice(before);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts.length).toBeLessThanOrEqual(5);
    expect(attempts.every((call) => call.status === 0)).toBe(true);
  });

  it('signs out locally when the sign-out request cannot reach the server', async () => {
    const { browser, store } = await signedInTab(sdk.account('viewer'));
    await sdk.stack.services.gateway.stop();
    await store.signOut('global');
    expect(browser.calls('/api/v1/auth/logout')).toMatchObject([{ path: '/api/v1/auth/logout?scope=global', status: 0 }]);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, user: null });
  });

  it('does not sign the user back in on the next page load after a sign-out that could not reach the server, and ends that session then', async () => {
    const { browser, store } = await signedInTab(sdk.account('editor'));
    const cookieBefore = browser.cookie(REFRESH_COOKIE);
    expect(cookieBefore).toBeTruthy();
    await sdk.stack.services.gateway.stop();
    await store.signOut();
    expect(store.getSnapshot().status).toBe('signed-out');
    await sdk.stack.services.gateway.start();

    // The next page load in the same browser: the refresh cookie is still there, but the user signed out.
    const next = openTab(browser);
    start(next.store);
    await settled(next.store);
    expect(next.store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, user: null });
    // The sign-out is finished on the server: the session is over and the cookie gone.
    expect(browser.calls('/api/v1/auth/logout').at(-1)).toMatchObject({ path: '/api/v1/auth/logout?scope=local', status: 204 });
    expect(browser.cookie(REFRESH_COOKIE)).toBeUndefined();
    const stolen = await fetch(`${sdk.stack.url}${REFRESH_PATH}`, { method: 'POST', headers: { cookie: `${REFRESH_COOKIE}=${cookieBefore}` } });
    expect(stolen.status).toBe(401);
    // And the page load after that is an ordinary signed-out start; signing in works as usual.
    const third = openTab(browser);
    start(third.store);
    await settled(third.store);
    expect(third.store.getSnapshot().status).toBe('signed-out');
    await third.store.signIn(sdk.account('editor'));
    expect(third.store.getSnapshot().status).toBe('signed-in');
  });

  it('keeps welcomeShown false when the server cannot record it', async () => {
    const user = await sdk.newAccount('welcome-down');
    const { store } = await signedInTab(user);
    await sdk.stack.services.gateway.stop();
    await expect(store.markWelcomeShown()).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(store.getSnapshot().user?.welcomeShown).toBe(false);
    await sdk.stack.services.gateway.start();
    await expect(store.refresh()).resolves.toMatchObject({ user: { email: user.email, welcomeShown: false } });
  });
});
