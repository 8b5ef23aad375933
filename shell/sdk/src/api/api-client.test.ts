// Pure parts of the api client. Its calls against the real gateway are tested in
// tests/integration/sdk-api-client.int.test.ts (the running product, no stand-ins).
import { describe, expect, it } from 'vitest';
import { createApiClient, eventListSearchParams, venueListSearchParams } from './api-client.ts';

describe('venueListSearchParams', () => {
  it('serialises only what is set', () => {
    expect(venueListSearchParams({}).toString()).toBe('');
    expect(venueListSearchParams({ q: '  red  ', leagues: ['OTE', 'OT Select'], sort: 'name', page: 2, pageSize: 50 }).toString()).toBe(
      'q=red&leagues=OTE%2COT+Select&sort=name&page=2&pageSize=50',
    );
    expect(venueListSearchParams({ q: '   ', leagues: [] }).toString()).toBe('');
  });
});

describe('eventListSearchParams', () => {
  it('serialises only what is set', () => {
    expect(eventListSearchParams({}).toString()).toBe('');
    expect(
      eventListSearchParams({
        q: ' gala ',
        sort: 'z-a',
        leagues: ['OTX', 'OT Select'],
        from: '2026-01-01',
        to: '2026-12-31',
        page: 3,
        pageSize: 20,
      }).toString(),
    ).toBe('q=gala&sort=z-a&leagues=OTX%2COT+Select&from=2026-01-01&to=2026-12-31&page=3&pageSize=20');
    expect(eventListSearchParams({ q: '  ', leagues: [], from: '', to: '' }).toString()).toBe('');
  });
});

describe('answers our gateway never gives', () => {
  /** A client whose every request is answered with `response`: a proxy in front of the gateway, or a contract break. */
  const answering = (response: () => Response) => createApiClient({ baseUrl: 'http://gateway.invalid/api/v1', fetch: async () => response() });

  it("maps a proxy's non-JSON error page to a server error", async () => {
    const proxy = answering(() => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(proxy.venues.get('x')).rejects.toMatchObject({ status: 502, code: 'server_error' });
  });

  it('refuses a success that is no JSON object (an HTML page, an empty body, a bare value) as invalid_response', async () => {
    const html = answering(() => new Response('<!doctype html><title>Sign in to the proxy</title>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(html.venues.get('x')).rejects.toMatchObject({ status: 200, code: 'invalid_response', message: 'The server sent an unexpected response.' });
    const empty = answering(() => new Response(null, { status: 200 }));
    await expect(empty.auth.config()).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
    for (const value of [[], 'ok', 42, null]) {
      const bare = answering(() => Response.json(value));
      await expect(bare.venues.list(), JSON.stringify(value)).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
    }
  });

  it("trusts a JSON object as the gateway's typed answer: its fields are not checked again in the browser", async () => {
    // The gateway validates every response with the same schemas before it sends it (and the contract tests prove
    // the document); checking again here would load zod on every page. So an object outside the contract passes.
    const outside = answering(() => Response.json({ id: 1 }));
    await expect(outside.venues.get('x')).resolves.toEqual({ id: 1 });
  });

  it('reports an unreachable server as a network error', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    await expect(api.venues.list()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('configure', () => {
  it('points the client at another base URL and fetch (the embeddable media library on another origin)', async () => {
    const requested: string[] = [];
    const api = createApiClient();
    expect(api.baseUrl).toBe('/api/v1');
    api.configure({
      baseUrl: 'https://venuebook.example.com/api/v1/',
      fetch: async (input) => {
        requested.push(String(input));
        return Response.json({ enabled: false });
      },
    });
    expect(api.baseUrl).toBe('https://venuebook.example.com/api/v1');
    await api.auth.config();
    expect(requested).toEqual(['https://venuebook.example.com/api/v1/auth/config']);
  });
});
