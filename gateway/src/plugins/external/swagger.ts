import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type TransformObject = typeof jsonSchemaTransformObject;

const COMPONENT_REF = '#/components/schemas/';

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_REF)) into.add(child.slice(COMPONENT_REF.length));
      else collectRefs(child, into);
    }
  }
}

/**
 * fastify-type-provider-zod makes every schema with an id in zod's global registry a component (as `<id>` for
 * responses and `<id>Input` for requests, hence no id of ours ends in 'Input'); keep only those the
 * documented operations reach.
 */
function pruneUnusedComponents(transformObject: TransformObject): TransformObject {
  return (input) => {
    const document = transformObject(input) as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
    const schemas = document.components?.schemas;
    if (!schemas) return document as ReturnType<TransformObject>;
    const used = new Set<string>();
    collectRefs(document.paths, used);
    const pending = [...used];
    while (pending.length > 0) {
      const found = new Set<string>();
      collectRefs(schemas[pending.pop()!], found);
      for (const name of found) {
        if (!used.has(name)) {
          used.add(name);
          pending.push(name);
        }
      }
    }
    const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
    return { ...document, components: { ...document.components, schemas: kept } } as ReturnType<TransformObject>;
  };
}

/** OpenAPI 3.1 generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Venue Book API',
          description: 'HTTP API of the Venue Book gateway. Errors are `{ error: { code, message, details? } }`.',
          version: '1.0.0',
        },
        tags: [
          { name: 'auth', description: 'Sign-up, sign-in (password or Google), sessions and the signed-in user' },
          { name: 'users', description: 'User management (admins and owners)' },
          { name: 'venues', description: 'Venue records' },
          { name: 'events', description: 'Events (shows and productions) at venues' },
          { name: 'contacts', description: 'Venue contacts, the all-contacts list, deleted contacts and contact tags' },
          { name: 'cards', description: "Data cards: master templates, a venue's cards per department, their order and deleted cards" },
          { name: 'media', description: 'Venue documents and photos: uploads, content (signed URLs), photo tags and the public photo gallery' },
          { name: 'audit', description: 'The audit log of every service (owners)' },
          { name: 'admin', description: 'Admin settings (admins and owners)' },
          { name: 'health', description: 'Liveness and readiness' },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: pruneUnusedComponents(jsonSchemaTransformObject),
    });
    // API_DOCS (config): 'off' serves no docs (the document is still built: app.swagger()); 'signed-in'
    // needs the bearer token of a company user (plugin authn, registered later, is there by the first request).
    const { API_DOCS } = fastify.config;
    if (API_DOCS === 'off') return;
    await fastify.register(swaggerUi, {
      ...(API_DOCS === 'signed-in'
        ? { uiHooks: { onRequest: (request: FastifyRequest, reply: FastifyReply) => fastify.authn.guard('member')(request, reply) } }
        : {}),
      routePrefix: '/api/docs',
      staticCSP: true,
      // The docs may be served over plain http (local runs), so no upgrade-insecure-requests; swagger-ui
      // sets a few inline styles, as the app does.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '').replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
      uiConfig: { deepLinking: true },
    });
  },
  { name: 'swagger' },
);
