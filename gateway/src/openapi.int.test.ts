import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import { buildApp } from './app.ts';
import type { GatewayApp } from './app.ts';
import { gatewayConfigSchema } from './config.ts';
import { GENERATE_API_COMMAND, OPENAPI_DOCUMENT_FILE } from './openapi-document.ts';

// The OpenAPI document of the gateway (/api/docs/json): valid OpenAPI 3.1, every $ref resolves, every
// operation of the API documented under its tag with its error answers. Needs no services (NATS only).
interface Operation {
  tags?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const API_OPERATIONS: [method: string, path: string, tag: string][] = [
  // Documents and photos.
  ['post', '/api/v1/venues/{id}/documents', 'media'],
  ['get', '/api/v1/venues/{id}/documents', 'media'],
  ['get', '/api/v1/documents/{id}', 'media'],
  ['patch', '/api/v1/documents/{id}', 'media'],
  ['delete', '/api/v1/documents/{id}', 'media'],
  ['get', '/api/v1/documents/{id}/content', 'media'],
  ['post', '/api/v1/venues/{id}/photos/batch-delete', 'media'],
  ['post', '/api/v1/venues/{id}/photo-tags', 'media'],
  ['post', '/api/v1/venues/{id}/photo-tags/remove', 'media'],
  ['get', '/api/v1/venues/{id}/gallery', 'media'],
  ['put', '/api/v1/venues/{id}/gallery', 'media'],
  ['post', '/api/v1/venues/{id}/gallery/rotate', 'media'],
  ['get', '/api/v1/public/venues/{id}/gallery', 'media'],
  // Data cards: templates, a venue's cards, values and field notes.
  ['delete', '/api/v1/card-templates/{id}', 'cards'],
  ['delete', '/api/v1/cards/{id}', 'cards'],
  ['delete', '/api/v1/deleted-cards/{id}', 'cards'],
  ['delete', '/api/v1/venues/{id}/cards/templates/{templateId}', 'cards'],
  ['get', '/api/v1/card-templates', 'cards'],
  ['get', '/api/v1/cards/{id}', 'cards'],
  ['get', '/api/v1/deleted-cards', 'cards'],
  ['get', '/api/v1/venues/{id}/cards', 'cards'],
  ['get', '/api/v1/venues/{id}/cards/{cardId}/fields/{fieldKey}/history', 'cards'],
  ['get', '/api/v1/venues/{id}/cards/{cardId}/notes/{fieldKey}', 'cards'],
  ['get', '/api/v1/venues/{id}/cards/{cardId}/values', 'cards'],
  ['get', '/api/v1/venues/{id}/values', 'cards'],
  ['post', '/api/v1/card-templates', 'cards'],
  ['post', '/api/v1/card-templates/{id}/move', 'cards'],
  ['post', '/api/v1/cards/{id}/remove-department', 'cards'],
  ['post', '/api/v1/cards/{id}/restore', 'cards'],
  ['post', '/api/v1/venues/{id}/cards', 'cards'],
  ['post', '/api/v1/venues/{id}/cards/templates', 'cards'],
  ['post', '/api/v1/venues/{id}/cards/templates/{templateId}/customize', 'cards'],
  ['post', '/api/v1/venues/{id}/cards/{cardId}/fields/{fieldKey}/restore', 'cards'],
  ['post', '/api/v1/venues/{id}/cards/{cardId}/fields/{fieldKey}/verify', 'cards'],
  ['post', '/api/v1/venues/{id}/field-notes/clean', 'cards'],
  ['get', '/api/v1/venues/{id}/notes', 'cards'],
  ['put', '/api/v1/card-templates/order', 'cards'],
  ['put', '/api/v1/card-templates/{id}', 'cards'],
  ['put', '/api/v1/cards/{id}', 'cards'],
  ['put', '/api/v1/venues/{id}/cards/order', 'cards'],
  ['put', '/api/v1/venues/{id}/cards/{cardId}/notes/{fieldKey}', 'cards'],
  ['put', '/api/v1/venues/{id}/cards/{cardId}/values', 'cards'],
  ['get', '/api/v1/venues', 'venues'],
  ['post', '/api/v1/venues', 'venues'],
  ['get', '/api/v1/venues/{id}', 'venues'],
  ['put', '/api/v1/venues/{id}', 'venues'],
  ['delete', '/api/v1/venues/{id}', 'venues'],
  ['post', '/api/v1/venues/{id}/restore', 'venues'],
  ['post', '/api/v1/venues/duplicate-check', 'venues'],
  ['put', '/api/v1/venues/{id}/links', 'venues'],
  ['get', '/api/v1/deleted-venues', 'venues'],
  ['delete', '/api/v1/deleted-venues/{id}', 'venues'],
  ['get', '/api/v1/venues/{id}/events', 'events'],
  ['post', '/api/v1/venues/{id}/events', 'events'],
  ['get', '/api/v1/events', 'events'],
  ['put', '/api/v1/events/{id}', 'events'],
  ['delete', '/api/v1/events/{id}', 'events'],
  ['get', '/api/v1/venues/{id}/contacts', 'contacts'],
  ['post', '/api/v1/venues/{id}/contacts', 'contacts'],
  ['get', '/api/v1/contacts', 'contacts'],
  ['put', '/api/v1/contacts/{id}', 'contacts'],
  ['delete', '/api/v1/contacts/{id}', 'contacts'],
  ['post', '/api/v1/contacts/{id}/restore', 'contacts'],
  ['get', '/api/v1/deleted-contacts', 'contacts'],
  ['delete', '/api/v1/deleted-contacts/{id}', 'contacts'],
  ['get', '/api/v1/contact-tags', 'contacts'],
  ['get', '/api/v1/venues/export.csv', 'venues'],
  ['get', '/api/v1/contacts/export.csv', 'contacts'],
  ['post', '/api/v1/imports/venues', 'venues'],
  ['post', '/api/v1/imports/contacts', 'contacts'],
  ['get', '/api/v1/auth/config', 'auth'],
  ['post', '/api/v1/auth/signup', 'auth'],
  ['get', '/api/v1/auth/confirm', 'auth'],
  ['post', '/api/v1/auth/token', 'auth'],
  ['post', '/api/v1/auth/logout', 'auth'],
  ['post', '/api/v1/auth/embed-token', 'auth'],
  ['get', '/api/v1/auth/user', 'auth'],
  ['post', '/api/v1/auth/welcome', 'auth'],
  ['get', '/api/v1/auth/google/start', 'auth'],
  ['get', '/api/v1/auth/google/callback', 'auth'],
  ['get', '/api/v1/users', 'users'],
  ['put', '/api/v1/users/{id}/role', 'users'],
  ['delete', '/api/v1/users/{id}', 'users'],
  ['get', '/api/v1/audit-logs', 'audit'],
  ['get', '/api/v1/admin/settings', 'admin'],
  ['get', '/api/v1/admin/settings/{key}', 'admin'],
  ['put', '/api/v1/admin/settings/{key}', 'admin'],
  ['get', '/api/v1/admin/webhook', 'admin'],
  ['post', '/api/v1/admin/webhook/test', 'admin'],
  ['get', '/api/v1/admin/webhook/secret', 'admin'],
  ['post', '/api/v1/admin/webhook/secret/rotate', 'admin'],
  ['post', '/api/v1/admin/webhook/jobs/{deliveryId}/retry', 'admin'],
  ['get', '/api/v1/admin/drive', 'admin'],
  ['get', '/api/v1/admin/drive/queue', 'admin'],
  ['post', '/api/v1/admin/drive/sync', 'admin'],
  ['post', '/api/v1/admin/drive/reset', 'admin'],
  ['post', '/api/v1/venues/{id}/documents/sync-drive', 'media'],
];

const API_ERROR_REF = { $ref: '#/components/schemas/ApiError' };

function collectRefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.push(child);
      else collectRefs(child, into);
    }
  }
  return into;
}

let app: GatewayApp;
let document: OpenApiDocument;

beforeAll(async () => {
  const config = loadConfig(gatewayConfigSchema, {
    VENUES_GRPC_URL: '127.0.0.1:1',
    IDENTITY_GRPC_URL: '127.0.0.1:1',
    NATS_URL: testInfra().natsUrl,
    USER_CONTEXT_KEY: 'k'.repeat(32),
    JWT_SECRET: 'j'.repeat(32),
    COMPANY_DOMAIN: 'example.com',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    // Served to anyone here (the default, signed-in, needs a session of the identity service).
    API_DOCS: 'public',
  });
  app = await buildApp(config, { logger: createLogger('openapi-test', { level: 'silent' }) });
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});

afterAll(async () => {
  await app?.close();
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    // Validates against the OpenAPI 3.1 schema and dereferences every $ref (throws on any problem).
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('resolves every $ref to a component, and keeps only components in use', () => {
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(20);
    const names = refs.map((ref) => {
      expect(ref).toMatch(/^#\/components\/schemas\/[A-Za-z]+$/);
      return ref.slice('#/components/schemas/'.length);
    });
    for (const name of names) expect(document.components.schemas, name).toHaveProperty(name);
    expect(Object.keys(document.components.schemas).sort()).toEqual([...new Set(names)].sort());
  });

  it('documents every venue, auth and user operation under its declared tag, with its error answers', () => {
    const declared = new Map(document.tags.map((tag) => [tag.name, tag.description]));
    expect([...declared.keys()]).toEqual(expect.arrayContaining(['auth', 'users', 'venues', 'health']));
    for (const [method, path, tag] of API_OPERATIONS) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags, `${method} ${path}`).toEqual([tag]);
      expect(declared.get(tag), tag).toBeTruthy();
      const errors = Object.entries(operation!.responses).filter(([status]) => /^[45]/.test(status));
      expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, answer] of errors) expect(answer.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual(API_ERROR_REF);
    }
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    const apiOperations = documented.filter((operation) => operation.includes(' /api/v1/'));
    expect(apiOperations.sort()).toEqual(API_OPERATIONS.map(([method, path]) => `${method} ${path}`).sort());
  });

  it('names request and response copies of a shared schema apart, and spells out the list query', () => {
    const create = document.paths['/api/v1/venues']!.post!;
    expect(create.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/VenueFieldsInput' });
    expect(create.responses['201']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Venue' });
    const list = document.paths['/api/v1/venues']!.get!;
    expect(list.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual([
      'q',
      'leagues',
      'sort',
      'page',
      'pageSize',
    ]);
    expect(document.paths['/api/v1/auth/token']!.post!.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Session',
    });
  });

  it(`is the committed gateway/openapi.json, which \`${GENERATE_API_COMMAND}\` builds without servers (the sdk's types come from it)`, () => {
    expect(document).toEqual(JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')));
  });

  it('is browsable at /api/docs', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });
});
