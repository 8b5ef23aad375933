import { describe, expect, it } from 'vitest';
import { MAX_PAGE, MAX_PATH_PARAM_LENGTH } from '@venuebook/domain';
import { ROUTER_MAX_PARAM_LENGTH } from './plugins/app/error-handler.ts';
import { gatewayFixture } from './testing/gateway-fixture.ts';

// What the HTTP API answers outside its happy paths, on the real services: numbers from a URL are bounded
// (400, never a 500), a path parameter too long and a method a path does not have are answered in the
// API's error format ({ error: { code, message } }), the latter as 405 with an Allow header.
const gateway = gatewayFixture(['editor', 'admin']);
const { editor, admin } = gateway.headers;

interface ErrorBody {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
}

describe('numeric query values', () => {
  it('refuses a page beyond MAX_PAGE with 400 on page (a page past int32 was a 500)', async () => {
    for (const page of ['536642190075237', String(MAX_PAGE + 1), '1e300']) {
      const response = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?page=${page}`, headers: editor });
      expect(response.statusCode, `${page}: ${response.body}`).toBe(400);
      expect(response.json<ErrorBody>().error).toMatchObject({
        code: 'invalid_argument',
        details: expect.arrayContaining([expect.objectContaining({ field: 'page' })]),
      });
    }
    const users = await gateway.app.inject({ method: 'GET', url: '/api/v1/users?page=536642190075237', headers: admin });
    expect(users.statusCode, users.body).toBe(400);
  });

  it('still answers the last allowed page', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues?page=${MAX_PAGE}&pageSize=200`, headers: editor });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ items: [], page: MAX_PAGE, pageSize: 200 });
  });
});

describe('path parameters', () => {
  it('answers a path parameter longer than MAX_PATH_PARAM_LENGTH with a field-level 400 in the API format (was Fastify 414)', async () => {
    for (const [method, url] of [
      ['GET', `/api/v1/venues/${'x'.repeat(MAX_PATH_PARAM_LENGTH + 1)}`],
      ['PUT', `/api/v1/users/${'0'.repeat(MAX_PATH_PARAM_LENGTH + 1)}/role`],
      ['DELETE', `/api/v1/users/${'0'.repeat(MAX_PATH_PARAM_LENGTH + 1)}`],
    ] as const) {
      const response = await gateway.app.inject({ method, url, headers: admin, ...(method === 'PUT' ? { payload: { role: 'viewer' } } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json<ErrorBody>();
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatchObject({ code: 'invalid_argument', message: 'Invalid path parameters', details: [expect.objectContaining({ field: 'id' })] });
    }
  });

  it("answers a path parameter beyond the router's limit with 400 in the API format", async () => {
    const response = await gateway.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${'0'.repeat(ROUTER_MAX_PARAM_LENGTH + 1)}/role`,
      headers: admin,
      payload: { role: 'viewer' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorBody>().error).toMatchObject({ code: 'invalid_argument' });
  });

  it('answers a bad percent-encoding in the API format', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/v1/venues/%E0%A4%A', headers: editor });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.code).toBe('invalid_argument');
  });

  it('routes an id of exactly MAX_PATH_PARAM_LENGTH characters to the route (404 from the service)', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: `/api/v1/venues/${'x'.repeat(MAX_PATH_PARAM_LENGTH)}`, headers: editor });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json<ErrorBody>().error.code).toBe('not_found');
  });
});

describe('methods a path does not have', () => {
  it('answers TRACE, QUERY, PATCH … on a known path with 405, an Allow header and the API format, before reading a body', async () => {
    const cases: [method: string, url: string, allow: string][] = [
      ['TRACE', '/api/v1/venues', 'GET, HEAD, POST'],
      ['QUERY', '/api/v1/venues/abc', 'DELETE, GET, HEAD, PUT'],
      ['PATCH', '/api/v1/users/abc/role', 'PUT'],
      ['PATCH', '/api/v1/venues/abc?x=1', 'DELETE, GET, HEAD, PUT'],
      ['GET', '/api/v1/venues/abc/restore', 'POST'],
      ['TRACE', '/healthz', 'GET, HEAD'],
      ['PUT', '/api/v1/auth/token/', 'POST'],
      // A GET the front ends' wildcard takes first, then gives up on.
      ['GET', '/api/v1/auth/logout', 'POST'],
    ];
    for (const [method, url, allow] of cases) {
      // QUERY carries a body; guards against Fastify refusing it with 400 before any route is chosen when it has no Content-Type.
      const response = await gateway.app.inject({ method: method as 'GET', url, headers: editor });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.json<ErrorBody>().error.code).toBe('method_not_allowed');
    }
  });

  it('still answers 404 for a path no route has, and serves the methods a path has', async () => {
    const missing = await gateway.app.inject({ method: 'TRACE', url: '/api/v1/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().error.code).toBe('not_found');
    expect((await gateway.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });
});
