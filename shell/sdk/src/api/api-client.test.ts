import type { Venue } from '@venuebook/proto/domain';
import { sampleVenue } from '@venuebook/proto/testing';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_DOMAIN, FAKE_PASSWORD, sampleAuthUser, startFakeGateway, type FakeGateway } from '../testing/fake-gateway.ts';
import { createApiClient, venueListSearchParams, type AuthBinding } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';

const venue: Venue = sampleVenue();

/** A real HTTP server on loopback standing in for the gateway's contract. */
const requests: { method: string; url: string; body: string }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.url?.startsWith('/api/v1/venues?') || req.url === '/api/v1/venues') {
      if (req.method === 'POST') return json(201, { ...venue, name: (JSON.parse(body) as { name: string }).name });
      return json(200, { items: [venue], total: 1, page: 1, pageSize: 50 });
    }
    if (req.url === `/api/v1/venues/${venue.id}`) return json(200, venue);
    if (req.url === '/api/v1/venues/bad-shape') return json(200, { id: 1 });
    if (req.url === '/api/v1/venues/slow') return setTimeout(() => json(200, venue), 500);
    if (req.url === '/api/v1/venues/down') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>Bad Gateway</html>');
    }
    return json(404, { error: { code: 'not_found', message: 'Venue not found' } });
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('venueListSearchParams', () => {
  it('serialises only what is set', () => {
    expect(venueListSearchParams({}).toString()).toBe('');
    expect(
      venueListSearchParams({ q: '  red  ', leagues: ['OTE', 'OT Select'], sort: 'name', page: 2, pageSize: 50 }).toString(),
    ).toBe('q=red&leagues=OTE%2COT+Select&sort=name&page=2&pageSize=50');
    expect(venueListSearchParams({ q: '   ', leagues: [] }).toString()).toBe('');
  });
});

describe('api client', () => {
  it('lists venues and parses the page', async () => {
    const api = createApiClient({ baseUrl });
    const result = await api.venues.list({ q: 'red', leagues: ['OT Select'], sort: 'newest', page: 1, pageSize: 50 });
    expect(result.total).toBe(1);
    expect(result.items[0]?.name).toBe('Red Rocks Amphitheatre');
    expect(requests.at(-1)?.url).toBe('/api/v1/venues?q=red&leagues=OT+Select&sort=newest&page=1&pageSize=50');
  });

  it('gets and creates a venue', async () => {
    const api = createApiClient({ baseUrl });
    expect((await api.venues.get(venue.id)).id).toBe(venue.id);
    const created = await api.venues.create({ name: 'New Hall' });
    expect(created.name).toBe('New Hall');
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: '{"name":"New Hall"}' });
  });

  it('throws ApiRequestError from the error body', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api.venues.get('missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Venue not found' });
  });

  it('maps non-JSON failures and unexpected bodies', async () => {
    const api = createApiClient({ baseUrl });
    await expect(api.venues.get('down')).rejects.toMatchObject({ status: 502, code: 'server_error' });
    await expect(api.venues.get('bad-shape')).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('reports an unreachable server as a network error', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    await expect(api.venues.list()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('rejects with AbortError when aborted', async () => {
    const api = createApiClient({ baseUrl });
    const controller = new AbortController();
    const pending = api.venues.get('slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('auth calls (/api/v1/auth contract)', () => {
  let gateway: FakeGateway;
  beforeAll(async () => {
    gateway = await startFakeGateway();
  });
  afterAll(() => gateway.close());

  it('reads the public sign-in settings', async () => {
    const api = createApiClient({ baseUrl: gateway.baseUrl });
    await expect(api.auth.config()).resolves.toEqual({ companyDomain: FAKE_DOMAIN, google: { enabled: true } });
    expect(gateway.requests.at(-1)?.authorization).toBeUndefined();
  });

  it('signs up, and reports the domain rule and weak passwords with the server\'s texts', async () => {
    const api = createApiClient({ baseUrl: gateway.baseUrl });
    await expect(api.auth.signUp({ email: ' new@example.com ', password: 'long-enough-1' })).resolves.toEqual({
      message: 'Check your email for the confirmation link!',
    });
    expect(gateway.requests.at(-1)).toMatchObject({ method: 'POST', body: '{"email":"new@example.com","password":"long-enough-1"}' });
    await expect(api.auth.signUp({ email: 'x@gmail.com', password: 'long-enough-1' })).rejects.toMatchObject({
      status: 403,
      code: 'domain_not_allowed',
      message: 'Only @example.com email addresses are allowed',
    });
    const weak = await api.auth.signUp({ email: 'new@example.com', password: 'short' }).catch((e: unknown) => e);
    expect(weak).toMatchObject({ status: 400, code: 'weak_password' });
    expect((weak as ApiRequestError).fieldErrors.map((e) => e.message)).toContain('Password should be at least 8 characters.');
  });

  it('signs in with a password and refreshes from the cookie; both public', async () => {
    const api = createApiClient({ baseUrl: gateway.baseUrl });
    await expect(api.auth.signIn({ email: 'jane.doe@example.com', password: 'wrong' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid login credentials',
    });
    const session = await api.auth.signIn({ email: 'jane.doe@example.com', password: FAKE_PASSWORD });
    expect(session).toMatchObject({ tokenType: 'bearer', expiresIn: 3600, user: sampleAuthUser() });
    const refreshed = await api.auth.refresh();
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect(gateway.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/auth/token?grant_type=refresh_token', body: '' });
    gateway.signedIn = false;
    await expect(api.auth.refresh()).rejects.toMatchObject({ status: 401 });
  });

  describe('bearer calls through a bound session', () => {
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

    it('sends the access token, user and welcome calls included', async () => {
      const token = gateway.issueSession().accessToken;
      const api = createApiClient({ baseUrl: gateway.baseUrl });
      api.bindAuth(binding(token, null).auth);
      await expect(api.auth.user()).resolves.toMatchObject({ email: 'jane.doe@example.com' });
      await expect(api.auth.markWelcomeShown()).resolves.toBeUndefined();
      expect(gateway.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/auth/welcome', authorization: `Bearer ${token}` });
      await expect(api.auth.logout('others')).resolves.toBeUndefined();
      expect(gateway.requests.at(-1)).toMatchObject({ url: '/api/v1/auth/logout?scope=others', authorization: `Bearer ${token}` });
    });

    it('on 401 refreshes once and retries once with the new token', async () => {
      const fresh = gateway.issueSession().accessToken;
      const api = createApiClient({ baseUrl: gateway.baseUrl });
      const { auth, state } = binding('stale-token', fresh);
      api.bindAuth(auth);
      const before = gateway.requests.length;
      await expect(api.venues.list()).resolves.toMatchObject({ total: 0 });
      expect(state.refreshes).toBe(1);
      expect(gateway.requests.slice(before).map((r) => r.authorization)).toEqual(['Bearer stale-token', `Bearer ${fresh}`]);
    });

    it('gives up after one retry, and when the refresh signs the user out', async () => {
      const api = createApiClient({ baseUrl: gateway.baseUrl });
      const twice = binding('stale-token', 'still-stale');
      const unbind = api.bindAuth(twice.auth);
      await expect(api.venues.list()).rejects.toMatchObject({ status: 401 });
      expect(twice.state.refreshes).toBe(1);
      unbind();
      const out = binding('stale-token', null);
      api.bindAuth(out.auth);
      const before = gateway.requests.length;
      await expect(api.venues.list()).rejects.toMatchObject({ status: 401 });
      expect(gateway.requests.length - before).toBe(1);
    });

    it('fails with "No session found" without a token, sending nothing', async () => {
      const api = createApiClient({ baseUrl: gateway.baseUrl });
      api.bindAuth(binding(null, null).auth);
      const before = gateway.requests.length;
      await expect(api.venues.get('x')).rejects.toMatchObject({ status: 401, code: 'no_session', message: 'No session found' });
      expect(gateway.requests).toHaveLength(before);
      // Public calls do not need a session.
      await expect(api.auth.config()).resolves.toMatchObject({ companyDomain: FAKE_DOMAIN });
    });

    it('reports 403 domain_not_allowed to the session', async () => {
      gateway.user = sampleAuthUser({ email: 'outsider@gmail.com' });
      const token = gateway.issueSession().accessToken;
      const api = createApiClient({ baseUrl: gateway.baseUrl });
      const { auth, state } = binding(token, null);
      api.bindAuth(auth);
      await expect(api.venues.list()).rejects.toMatchObject({ status: 403, code: 'domain_not_allowed' });
      expect(state.denied).toBe(1);
      gateway.user = sampleAuthUser();
    });

    it('sends no Authorization header when no session is bound', async () => {
      const spy = vi.fn(globalThis.fetch);
      const plain = createApiClient({ baseUrl: gateway.baseUrl, fetch: spy });
      await expect(plain.venues.list()).rejects.toMatchObject({ status: 401 });
      expect(new Headers(spy.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
      expect(spy.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    });
  });
});
