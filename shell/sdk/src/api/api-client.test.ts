// Pure parts of the api client. Its calls against the real gateway are tested in
// tests/integration/sdk-api-client.int.test.ts (the running product, no stand-ins).
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';

/** A client whose every request is answered `{}`; `asked` holds the URLs below the base URL, in order. */
function asking() {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://gateway.invalid/api/v1',
    fetch: async (input) => {
      asked.push(String(input).replace('http://gateway.invalid/api/v1', ''));
      return Response.json({});
    },
  });
  client.bindAuth({ accessToken: async () => 'token-1', refreshAfterUnauthorized: async () => null });
  return { client, asked };
}

describe('the venue list query (GET /venues, /venues/export.csv)', () => {
  it('serialises only what is set', async () => {
    const { client, asked } = asking();
    await client.venues.list({});
    await client.venues.list({ q: '  red  ', leagues: ['OTE', 'OT Select'], sort: 'name', page: 2, pageSize: 50 });
    await client.venues.list({ q: '   ', leagues: [] });
    await client.venues.exportCsv({ q: ' red ', leagues: ['OTE'], sort: 'name' });
    expect(asked).toEqual([
      '/venues',
      '/venues?q=red&leagues=OTE%2COT+Select&sort=name&page=2&pageSize=50',
      '/venues',
      '/venues/export.csv?q=red&leagues=OTE&sort=name',
    ]);
  });
});

describe('the event list query (GET /events)', () => {
  it('serialises only what is set', async () => {
    const { client, asked } = asking();
    await client.events.list({});
    await client.events.list({
      q: ' gala ',
      sort: 'z-a',
      leagues: ['OTX', 'OT Select'],
      from: '2026-01-01',
      to: '2026-12-31',
      page: 3,
      pageSize: 20,
    });
    await client.events.list({ q: '  ', leagues: [], from: '', to: '' });
    expect(asked).toEqual(['/events', '/events?q=gala&sort=z-a&leagues=OTX%2COT+Select&from=2026-01-01&to=2026-12-31&page=3&pageSize=20', '/events']);
  });
});

describe('the other queries and path parameters', () => {
  it('encodes path segments and form-encodes queries, leaving out defaults, blanks and absent values', async () => {
    const { client, asked } = asking();
    await client.venues.get('a/b c');
    await client.media.listDocuments('v 1', { kind: 'all', eventId: '' });
    await client.media.listDocuments('v1', { kind: 'photos', eventId: 'e1' });
    await client.venueCards.list('v1', 'Production Management');
    await client.venueCards.notes('v1', 'c1', 'notes', undefined);
    await client.contacts.list({ q: ' anna ', page: 1 });
    await client.deletedVenues.list({ pageSize: 10 });
    await client.imports.run('venues', 'name\nA', { mode: 'preview', confirm: [], firstRow: 1, offset: 0 });
    await client.imports.run('contacts', 'name\nA', { mode: 'commit', confirm: [3, 17], firstRow: 201, offset: 5, limit: 100 });
    expect(asked).toEqual([
      '/venues/a%2Fb%20c',
      '/venues/v%201/documents',
      '/venues/v1/documents?kind=photos&eventId=e1',
      '/venues/v1/cards?department=Production+Management',
      '/venues/v1/cards/c1/notes/notes',
      '/contacts?q=anna&page=1',
      '/deleted-venues?pageSize=10',
      '/imports/venues?mode=preview',
      '/imports/contacts?mode=commit&confirm=3%2C17&firstRow=201&offset=5&limit=100',
    ]);
  });
});

describe('Google Drive sync (/admin/drive)', () => {
  it('reads the status and the queue of all venues or of one, and sends Trigger Sync and Clear & Reset of all or of one venue', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    const client = createApiClient({
      baseUrl: 'http://gateway.invalid/api/v1',
      fetch: async (input, init) => {
        sent.push({
          method: init?.method ?? 'GET',
          url: String(input).replace('http://gateway.invalid/api/v1', ''),
          body: init?.body ? JSON.parse(String(init.body)) : null,
        });
        return Response.json({});
      },
    });
    client.bindAuth({ accessToken: async () => 'token-1', refreshAfterUnauthorized: async () => null });
    await client.drive.status();
    await client.drive.queue();
    await client.drive.queue({ venueId: 'v 1', limit: 100 });
    await client.drive.sync();
    await client.drive.reset();
    await client.drive.reset('v1');
    expect(sent).toEqual([
      { method: 'GET', url: '/admin/drive', body: null },
      { method: 'GET', url: '/admin/drive/queue', body: null },
      { method: 'GET', url: '/admin/drive/queue?venueId=v+1&limit=100', body: null },
      { method: 'POST', url: '/admin/drive/sync', body: null },
      { method: 'POST', url: '/admin/drive/reset', body: {} },
      { method: 'POST', url: '/admin/drive/reset', body: { venueId: 'v1' } },
    ]);
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
    // The upload queue's XMLHttpRequest goes to the operation's URL on the same base.
    expect(api.postUrl('/venues/{id}/documents', { id: 'v 1' })).toBe('https://venuebook.example.com/api/v1/venues/v%201/documents');
    await api.auth.config();
    expect(requested).toEqual(['https://venuebook.example.com/api/v1/auth/config']);
  });
});

describe('path parameters', () => {
  it('encodes each as one path segment', async () => {
    const { client, asked } = asking();
    await client.venues.get('a/b?c#d e');
    expect(asked).toEqual(['/venues/a%2Fb%3Fc%23d%20e']);
  });

  it("refuses an empty value, '.' and '..', which would address another resource, before any request", async () => {
    const { client, asked } = asking();
    for (const id of ['', '.', '..']) {
      await expect(client.venues.get(id)).rejects.toMatchObject({ name: 'ApiRequestError', status: 400, code: 'invalid_request' });
    }
    expect(asked).toEqual([]);
  });
});
