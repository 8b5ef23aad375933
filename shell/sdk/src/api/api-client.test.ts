// Pure parts of the api client. Its calls against the real gateway are tested in
// tests/integration/sdk-api-client.int.test.ts (the running product, no stand-ins).
import { describe, expect, it } from 'vitest';
import { createApiClient, venueListSearchParams } from './api-client.ts';

describe('venueListSearchParams', () => {
  it('serialises only what is set', () => {
    expect(venueListSearchParams({}).toString()).toBe('');
    expect(
      venueListSearchParams({ q: '  red  ', leagues: ['OTE', 'OT Select'], sort: 'name', page: 2, pageSize: 50 }).toString(),
    ).toBe('q=red&leagues=OTE%2COT+Select&sort=name&page=2&pageSize=50');
    expect(venueListSearchParams({ q: '   ', leagues: [] }).toString()).toBe('');
  });
});

describe('answers our gateway never gives', () => {
  /** A client whose every request is answered with `response`: a proxy in front of the gateway, or a contract break. */
  const answering = (response: () => Response) => createApiClient({ baseUrl: 'http://gateway.invalid/api/v1', fetch: async () => response() });

  it("maps a proxy's non-JSON error page and a body outside the contract", async () => {
    const proxy = answering(() => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(proxy.venues.get('x')).rejects.toMatchObject({ status: 502, code: 'server_error' });
    const broken = answering(() => Response.json({ id: 1 }));
    await expect(broken.venues.get('x')).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('reports an unreachable server as a network error', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    await expect(api.venues.list()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
