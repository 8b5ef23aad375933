import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';
import { API_ERROR_CODE_BY_STATUS, API_ERROR_CODES, apiErrorResponses, apiErrorSchema, toFieldErrors } from '../index.ts';

describe('the API error contract', () => {
  it('validates the error shape', () => {
    expect(apiErrorSchema.safeParse({ error: { code: 'not_found', message: 'Venue not found' } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ error: { code: 'invalid_argument', message: 'Bad', details: [{ field: 'name', message: 'x' }] } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ code: 'x', message: 'y' }).success).toBe(false);
  });

  it('names a default code for every status of the gRPC → HTTP conventions, all of them known codes', () => {
    expect(Object.keys(API_ERROR_CODE_BY_STATUS).map(Number)).toEqual([400, 401, 403, 404, 409, 429, 500, 503]);
    for (const code of Object.values(API_ERROR_CODE_BY_STATUS)) expect(Object.values(API_ERROR_CODES)).toContain(code);
    expect(API_ERROR_CODE_BY_STATUS[403]).toBe('permission_denied');
    expect(API_ERROR_CODES.domainNotAllowed).toBe('domain_not_allowed');
  });

  it('builds the error answers of a route from the one ApiError schema', () => {
    const responses = apiErrorResponses(400, 404, 503);
    expect(Object.keys(responses)).toEqual(['400', '404', '503']);
    expect(Object.values(responses).every((schema) => schema === apiErrorSchema)).toBe(true);
  });

  it('turns zod issues into dotted field errors', () => {
    const result = z.object({ links: z.array(z.object({ url: z.string() })) }).safeParse({ links: [{ url: 1 }] });
    expect(toFieldErrors(result.error!)).toEqual([{ field: 'links.0.url', message: expect.any(String) }]);
  });
});

describe('component ids of the shared schemas', () => {
  const exported: unknown[] = Object.values(domain);
  const ids = exported
    .filter((value): value is z.ZodType => value instanceof z.ZodType)
    .map((schema) => z.globalRegistry.get(schema)?.id)
    .filter((id): id is string => typeof id === 'string');

  it('are unique', () => {
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // fastify-type-provider-zod documents the request-side copy of a component `<id>` as `<id>Input`; an id of
  // our own ending in 'Input' could therefore clash with it (e.g. 'VenueInput' next to 'Venue').
  it("never end in 'Input', the OpenAPI generator's suffix for request copies", () => {
    expect(ids.filter((id) => id.endsWith('Input'))).toEqual([]);
  });
});
