import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import { FAKE_DOMAIN, FAKE_PASSWORD, sampleAuthUser, startFakeGateway, type FakeGateway } from '../testing/fake-gateway.ts';
import type { RefreshTiming } from './refresh-timing.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

/** Spec timing scaled down: 5 ms back-off doubling within a 60 ms budget. */
const FAST: RefreshTiming = { tickMs: 30_000, marginMs: 90_000, backoffInitialMs: 5, backoffMaxMs: 60 };

let gateway: FakeGateway;
let stops: (() => void)[];

beforeEach(async () => {
  gateway = await startFakeGateway();
  stops = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  for (const stop of stops) stop();
  vi.restoreAllMocks();
  await gateway.close();
});

function setup(timing: RefreshTiming = FAST) {
  const api = createApiClient({ baseUrl: gateway.baseUrl });
  const store = createSessionStore({ api, timing, crossTab: false });
  return { api, store };
}

function start(store: SessionStore) {
  stops.push(store.start());
}

const settled = (store: SessionStore) => vi.waitFor(() => expect(store.getSnapshot().status).not.toBe('loading'));
const credentials = { email: 'jane.doe@example.com', password: FAKE_PASSWORD };

describe('start-up (spec §4: loading, then signed in or signed out)', () => {
  it('is loading until the refresh answers, then signed out without a refresh cookie', async () => {
    const { store } = setup();
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', session: null, user: null });
    start(store);
    await settled(store);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, user: null });
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token')).toHaveLength(1);
    await vi.waitFor(() => expect(store.getSnapshot().config).toEqual({ companyDomain: FAKE_DOMAIN, google: { enabled: true } }));
    expect(store.getSnapshot().configSettled).toBe(true);
  });

  it('restores the session from the refresh cookie', async () => {
    gateway.signedIn = true;
    const { store } = setup();
    start(store);
    await settled(store);
    const snapshot = store.getSnapshot();
    expect(snapshot.status).toBe('signed-in');
    expect(snapshot.user?.email).toBe('jane.doe@example.com');
    expect(snapshot.session?.accessToken).toMatch(/^at-/);
  });

  it('refreshes only once however often it is started (StrictMode)', async () => {
    gateway.signedIn = true;
    const { store } = setup();
    const stop = store.start();
    stop();
    start(store);
    start(store);
    await settled(store);
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token')).toHaveLength(1);
  });

  it('retries a failing refresh with back-off, then succeeds', async () => {
    gateway.signedIn = true;
    gateway.refreshFailures = [503, 502];
    const { store } = setup();
    start(store);
    await settled(store);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token')).toHaveLength(3);
  });

  it('gives up after the back-off budget and signs out', async () => {
    gateway.signedIn = true;
    gateway.refreshFailures = Array.from({ length: 20 }, () => 503);
    const { store } = setup();
    start(store);
    await settled(store);
    expect(store.getSnapshot().status).toBe('signed-out');
    // 5 + 10 + 20 ms < 60 ms; a fourth retry (40 ms more) would exceed the budget: four attempts.
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token').length).toBeLessThanOrEqual(4);
  });

  it('does not retry a refresh the server refused (500)', async () => {
    gateway.signedIn = true;
    gateway.refreshFailures = [500];
    const { store } = setup();
    start(store);
    await settled(store);
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token')).toHaveLength(1);
  });
});

describe('sign-in, sign-up, sign-out', () => {
  it('signs in with a password and authenticates later calls with the in-memory token', async () => {
    const { api, store } = setup();
    start(store);
    await settled(store);
    const session = await store.signIn(credentials);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', user: { email: 'jane.doe@example.com' } });
    await api.venues.list();
    expect(gateway.calls('/api/v1/venues').at(-1)?.authorization).toBe(`Bearer ${session.accessToken}`);
    expect(gateway.calls('/api/v1/auth/token?grant_type=password')[0]?.body).toBe(JSON.stringify(credentials));
  });

  it('keeps the user signed out when the credentials are wrong', async () => {
    const { store } = setup();
    start(store);
    await settled(store);
    await expect(store.signIn({ ...credentials, password: 'nope' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid login credentials',
    });
    expect(store.getSnapshot().status).toBe('signed-out');
  });

  it('signs up and passes the confirmation message on', async () => {
    const { store } = setup();
    await expect(store.signUp({ email: 'new.person@example.com', password: 'a-long-pass-9' })).resolves.toEqual({
      message: 'Check your email for the confirmation link!',
    });
  });

  it('signs out on the server (scope local by default) and locally', async () => {
    gateway.signedIn = true;
    const { api, store } = setup();
    start(store);
    await settled(store);
    const token = store.getSnapshot().session?.accessToken;
    await store.signOut();
    expect(gateway.calls('/api/v1/auth/logout')).toMatchObject([{ url: '/api/v1/auth/logout?scope=local', authorization: `Bearer ${token}` }]);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-out', session: null, user: null });
    // Spec §5: a call that needs a login fails with 'No session found' and sends nothing.
    const before = gateway.requests.length;
    await expect(api.venues.list()).rejects.toMatchObject({ status: 401, code: 'no_session', message: 'No session found' });
    expect(gateway.requests).toHaveLength(before);
  });

  it('passes the sign-out scope on and signs out locally even when the server fails', async () => {
    gateway.signedIn = true;
    const { store } = setup();
    start(store);
    await settled(store);
    gateway.expireAccessTokens();
    gateway.refreshFailures = [500];
    await store.signOut('global');
    expect(gateway.calls('/api/v1/auth/logout')[0]?.url).toBe('/api/v1/auth/logout?scope=global');
    expect(store.getSnapshot().status).toBe('signed-out');
  });
});

describe('401: refresh once, then retry once', () => {
  it('refreshes an expired token once for all concurrent calls and retries them', async () => {
    gateway.signedIn = true;
    const { api, store } = setup();
    start(store);
    await settled(store);
    const first = store.getSnapshot().session?.accessToken;
    gateway.expireAccessTokens();
    await Promise.all([api.venues.list(), api.venues.list({ q: 'a' }), api.auth.user()]);
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token')).toHaveLength(2); // start-up + one
    const second = store.getSnapshot().session?.accessToken;
    expect(second).not.toBe(first);
    expect(gateway.calls('/api/v1/venues').filter((r) => r.authorization === `Bearer ${second}`)).toHaveLength(2);
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('signs out when the refresh fails, and the call fails with its 401', async () => {
    gateway.signedIn = true;
    const { api, store } = setup();
    start(store);
    await settled(store);
    gateway.expireAccessTokens();
    gateway.signedIn = false;
    await expect(api.venues.list()).rejects.toMatchObject({ status: 401 });
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(gateway.calls('/api/v1/venues')).toHaveLength(1);
  });
});

describe('access denied, welcome', () => {
  it('flags Access Denied on a 403 domain_not_allowed', async () => {
    gateway.user = sampleAuthUser({ email: 'someone@gmail.com' });
    gateway.signedIn = true;
    const { api, store } = setup();
    start(store);
    await settled(store);
    expect(store.getSnapshot().accessDenied).toBe(false);
    await expect(api.venues.list()).rejects.toMatchObject({ status: 403, code: 'domain_not_allowed' });
    expect(store.getSnapshot().accessDenied).toBe(true);
    await store.signOut();
    expect(store.getSnapshot().accessDenied).toBe(false);
  });

  it('marks the welcome dialog as shown on the server and locally', async () => {
    gateway.signedIn = true;
    const { store } = setup();
    start(store);
    await settled(store);
    expect(store.getSnapshot().user?.welcomeShown).toBe(false);
    await store.markWelcomeShown();
    expect(gateway.calls('/api/v1/auth/welcome')).toHaveLength(1);
    expect(store.getSnapshot().user?.welcomeShown).toBe(true);
    expect(store.getSnapshot().session?.user.welcomeShown).toBe(true);
  });

  it('keeps welcomeShown false when the server fails', async () => {
    gateway.signedIn = true;
    gateway.welcomeStatus = 500;
    const { store } = setup();
    start(store);
    await settled(store);
    await expect(store.markWelcomeShown()).rejects.toMatchObject({ status: 500 });
    expect(store.getSnapshot().user?.welcomeShown).toBe(false);
  });
});

describe('auto-refresh', () => {
  it('refreshes before expiry on its own, at most once a tick', async () => {
    gateway.signedIn = true;
    gateway.expiresIn = 60; // inside a 90 s margin from the start
    const { store } = setup({ ...FAST, tickMs: 40 });
    start(store);
    await settled(store);
    const first = store.getSnapshot().session?.accessToken;
    await vi.waitFor(() => expect(store.getSnapshot().session?.accessToken).not.toBe(first));
    const count = gateway.calls('/api/v1/auth/token?grant_type=refresh_token').length;
    expect(count).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // 100 ms at one refresh per 40 ms tick: a few more, not a loop.
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token').length - count).toBeLessThanOrEqual(3);
  });

  it('stops refreshing when stopped', async () => {
    gateway.signedIn = true;
    gateway.expiresIn = 60;
    const { store } = setup({ ...FAST, tickMs: 20 });
    const stop = store.start();
    await settled(store);
    stop();
    const count = gateway.calls('/api/v1/auth/token?grant_type=refresh_token').length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(gateway.calls('/api/v1/auth/token?grant_type=refresh_token')).toHaveLength(count);
  });
});
