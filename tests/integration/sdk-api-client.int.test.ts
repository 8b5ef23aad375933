// @venuebook/sdk's api client against the running product (gateway, identity and venues services as their own
// processes on real FerretDB, MinIO and NATS, demo accounts and venues): the venues and auth calls, the
// error body, aborts, and bearer calls through a bound session (401 → refresh once → retry once, 403
// domain_not_allowed, no session). Only the browser is emulated: a cookie jar around Node's fetch.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../shell/sdk/src/api/api-client.ts';
import type { ApiClient, AuthBinding } from '../../shell/sdk/src/api/api-client.ts';
import type { ApiRequestError } from '../../shell/sdk/src/api/api-error.ts';
import { createBrowser, REFRESH_COOKIE, REFRESH_PATH, sharedSdkStack } from './sdk-support.ts';
import type { Browser, SdkStack } from './sdk-support.ts';

let sdk: SdkStack;

beforeAll(async () => {
  // Many sign-ins from one address (the shared product's AUTH_RATE_LIMIT_PER_MINUTE); the limit itself is the gateway's own test.
  sdk = await sharedSdkStack();
}, 180_000);

afterAll(async () => {
  await sdk?.stop();
});

function client(browser: Browser = createBrowser()): { api: ApiClient; browser: Browser } {
  return { api: createApiClient({ baseUrl: sdk.apiUrl, fetch: browser.fetch }), browser };
}

/** A real access token (and the browser holding its refresh cookie) of a password sign-in (a demo account's, or those credentials'). */
async function signIn(who: 'viewer' | 'editor' | { email: string; password: string } = 'viewer'): Promise<{ token: string; browser: Browser }> {
  const { api, browser } = client();
  const session = await api.auth.signIn(typeof who === 'string' ? sdk.account(who) : who);
  return { token: session.accessToken, browser };
}

/** A bound session whose token is `initial`; a refresh switches to `next` (null: signed out). */
function binding(initial: string | null, next: string | null) {
  let token = initial;
  const state = { refreshes: 0, denied: 0 };
  const auth: AuthBinding = {
    accessToken: async () => token,
    refreshAfterUnauthorized: async () => {
      state.refreshes++;
      token = next;
      return token;
    },
    onDomainNotAllowed: () => {
      state.denied++;
    },
  };
  return { auth, state };
}

/** An api client in a signed-in browser, bound to its token. */
async function signedInClient(who: Parameters<typeof signIn>[0] = 'viewer'): Promise<{ api: ApiClient; browser: Browser; token: string }> {
  const { token, browser } = await signIn(who);
  const { api } = client(browser);
  api.bindAuth(binding(token, null).auth);
  return { api, browser, token };
}

describe('venues', () => {
  it('lists venues and parses the page', async () => {
    const { api, browser } = await signedInClient();
    const result = await api.venues.list({ q: 'red', leagues: ['OTX'], sort: 'newest', page: 1, pageSize: 50 });
    expect(result).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(result.items[0]).toMatchObject({ name: 'Red Rocks Amphitheatre', leagues: ['OTX', 'Other'] });
    expect(browser.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/venues?q=red&leagues=OTX&sort=newest&page=1&pageSize=50', status: 200 });
    const all = await api.venues.list({ sort: 'name', pageSize: 10 });
    expect(all.total).toBeGreaterThanOrEqual(31); // the demo venues, and those other tests create
    expect(all.items).toHaveLength(10);
  });

  it('gets and creates a venue', async () => {
    const { api, browser } = await signedInClient('editor');
    const name = `New Hall ${randomUUID().slice(0, 8)}`;
    const created = await api.venues.create({ name });
    expect(created).toMatchObject({ name, country: 'United States' });
    expect(browser.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/venues', status: 201 });
    expect(await api.venues.get(created.id)).toEqual(created);
    expect((await api.venues.list({ q: name })).items.map((venue) => venue.id)).toEqual([created.id]);
  });

  it('throws ApiRequestError from the error body', async () => {
    const { api } = await signedInClient();
    await expect(api.venues.get(randomUUID())).rejects.toMatchObject({ name: 'ApiRequestError', status: 404, code: 'not_found', message: 'Venue not found' });
    // Validation errors keep their field details.
    const { api: editorApi } = await signedInClient('editor');
    const invalid = (await editorApi.venues.create({ name: '   ' }).catch((error: unknown) => error)) as ApiRequestError;
    expect(invalid).toMatchObject({ status: 400 });
    expect(invalid.fieldErrors).toContainEqual({ field: 'name', message: 'Venue name is required' });
    // Permissions: a viewer may not create venues.
    await expect(api.venues.create({ name: 'Not allowed' })).rejects.toMatchObject({ status: 403 });
  });

  it('rejects with AbortError when aborted', async () => {
    const { api } = await signedInClient();
    const controller = new AbortController();
    const pending = api.venues.list({}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('auth calls (/api/v1/auth)', () => {
  it('reads the public sign-in settings', async () => {
    const { api, browser } = client();
    await expect(api.auth.config()).resolves.toEqual({ companyDomain: '@example.com', google: { enabled: true } });
    expect(browser.requests.at(-1)).toMatchObject({ path: '/api/v1/auth/config', authorization: null, status: 200 });
  });

  it("signs up, and reports the domain rule and weak passwords with the server's texts", async () => {
    const { api, browser } = client();
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    await expect(api.auth.signUp({ email: ` ${email} `, password: 'long-enough-1' })).resolves.toEqual({
      message: 'Check your email for the confirmation link!',
    });
    expect(browser.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/auth/signup', status: 201 });
    await expect(api.auth.signUp({ email: 'x@gmail.com', password: 'long-enough-1' })).rejects.toMatchObject({
      status: 403,
      code: 'domain_not_allowed',
      message: 'Only @example.com email addresses are allowed',
    });
    const weak = (await api.auth
      .signUp({ email: `weak-${randomUUID().slice(0, 8)}@example.com`, password: 'short' })
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(weak).toMatchObject({ status: 400 });
    expect(weak.fieldErrors.map((e) => e.message)).toContain('Password should be at least 8 characters.');
    await expect(api.auth.signUp({ email: sdk.account('editor').email, password: 'long-enough-1' })).rejects.toMatchObject({
      status: 409,
      message: 'User already registered',
    });
  });

  it('signs in with a password and refreshes from the cookie; both public', async () => {
    const viewer = sdk.account('viewer');
    const { api, browser } = client();
    await expect(api.auth.signIn({ email: viewer.email, password: 'Wrong-password-1' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid login credentials',
    });
    const session = await api.auth.signIn(viewer);
    expect(session).toMatchObject({ tokenType: 'bearer', expiresIn: 900, user: { email: viewer.email, role: 'viewer' } });
    expect(browser.requests.at(-1)).toMatchObject({ path: '/api/v1/auth/token?grant_type=password', authorization: null });
    const cookie = browser.cookie(REFRESH_COOKIE);
    expect(cookie).toBeDefined();
    const refreshed = await api.auth.refresh();
    expect(refreshed).toMatchObject({ tokenType: 'bearer', user: { id: session.user.id } });
    expect(browser.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: REFRESH_PATH,
      authorization: null,
      cookie: expect.stringContaining(`${REFRESH_COOKIE}=${cookie}`),
      status: 200,
    });
    expect(browser.cookie(REFRESH_COOKIE)).not.toBe(cookie);
    // Without the cookie (another browser): 401.
    await expect(client().api.auth.refresh()).rejects.toMatchObject({ status: 401, message: 'Auth session missing!' });
  });
});

describe('bearer calls through a bound session', () => {
  it('sends the access token, user and welcome calls included', async () => {
    // A viewer of its own: its welcome is marked and its other sessions signed out (other files use the demo viewer).
    const viewer = await sdk.newAccount('bearer');
    const { api, browser, token } = await signedInClient(viewer);
    await expect(api.auth.user()).resolves.toMatchObject({ email: viewer.email, role: 'viewer' });
    await expect(api.auth.markWelcomeShown()).resolves.toBeUndefined();
    expect(browser.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/auth/welcome', authorization: `Bearer ${token}`, status: 204 });
    await expect(api.auth.user()).resolves.toMatchObject({ welcomeShown: true });
    await expect(api.auth.logout('others')).resolves.toBeUndefined();
    expect(browser.requests.at(-1)).toMatchObject({ path: '/api/v1/auth/logout?scope=others', authorization: `Bearer ${token}`, status: 204 });
    // 'others' leaves this session (and its cookie) alone.
    await expect(api.auth.user()).resolves.toMatchObject({ email: viewer.email });
    expect(browser.cookie(REFRESH_COOKIE)).toBeDefined();
  });

  it('on 401 refreshes once and retries once with the new token', async () => {
    const { token: fresh } = await signIn();
    const stale = `${fresh.slice(0, fresh.lastIndexOf('.'))}.not-the-signature`;
    const { api, browser } = client();
    const { auth, state } = binding(stale, fresh);
    api.bindAuth(auth);
    await expect(api.venues.list()).resolves.toMatchObject({ page: 1, total: expect.any(Number) });
    expect(state.refreshes).toBe(1);
    expect(browser.requests.map((r) => [r.authorization, r.status])).toEqual([
      [`Bearer ${stale}`, 401],
      [`Bearer ${fresh}`, 200],
    ]);
  });

  it('gives up after one retry, and when the refresh signs the user out', async () => {
    const { api, browser } = client();
    const twice = binding('stale-token', 'still-stale');
    const unbind = api.bindAuth(twice.auth);
    await expect(api.venues.list()).rejects.toMatchObject({ status: 401 });
    expect(twice.state.refreshes).toBe(1);
    expect(browser.requests).toHaveLength(2);
    unbind();
    const out = binding('stale-token', null);
    api.bindAuth(out.auth);
    await expect(api.venues.list()).rejects.toMatchObject({ status: 401, message: 'Auth session missing!' });
    expect(out.state.refreshes).toBe(1);
    expect(browser.requests).toHaveLength(3);
  });

  it('fails with "No session found" without a token, sending nothing', async () => {
    const { api, browser } = client();
    api.bindAuth(binding(null, null).auth);
    await expect(api.venues.get('x')).rejects.toMatchObject({ status: 401, code: 'no_session', message: 'No session found' });
    expect(browser.requests).toHaveLength(0);
    // Public calls do not need a session.
    await expect(api.auth.config()).resolves.toMatchObject({ companyDomain: '@example.com' });
  });

  it('reports 403 domain_not_allowed to the session (a signed-in user outside the company domain)', async () => {
    const browser = createBrowser();
    browser.setCookie(REFRESH_COOKIE, await sdk.outsiderRefreshToken(), '/api/v1/auth');
    const { api } = client(browser);
    const session = await api.auth.refresh();
    expect(session.user.email).toMatch(/@partner\.org$/);
    const { auth, state } = binding(session.accessToken, null);
    api.bindAuth(auth);
    await expect(api.venues.list()).rejects.toMatchObject({ status: 403, code: 'domain_not_allowed' });
    expect(state.denied).toBe(1);
    // Who they are stays readable (the Access Denied screen shows it).
    await expect(api.auth.user()).resolves.toMatchObject({ email: session.user.email });
    expect(state.denied).toBe(1);
  });

  it('sends no Authorization header when no session is bound', async () => {
    const spy = vi.fn(globalThis.fetch);
    const plain = createApiClient({ baseUrl: sdk.apiUrl, fetch: spy });
    await expect(plain.venues.list()).rejects.toMatchObject({ status: 401, code: 'unauthenticated', message: 'No session found' });
    expect(new Headers(spy.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    expect(spy.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });
});
