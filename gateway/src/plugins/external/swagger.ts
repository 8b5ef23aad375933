import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
// Loads the shared schemas (and their component ids) before the registry snapshot below.
import '@venuebook/proto/domain';
import { openApiRegistry } from '../../lib/openapi-registry.ts';

type Transform = ReturnType<typeof createJsonSchemaTransform>;
type TransformObject = ReturnType<typeof createJsonSchemaTransformObject>;

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
 * Every schema with an id in the shared registry becomes a component (input and output variant); keep only
 * those the documented operations actually reach.
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

/**
 * @fastify/swagger expands querystring / params / headers schemas into individual parameters and cannot
 * follow a `$ref` to a component there, so such object schemas are documented inline: a fresh object over
 * the same fields (a `.clone()` would still be emitted as a `$ref` to its parent). Validation is unaffected.
 */
function inlineParameterSchemas(transform: Transform, registry: ReturnType<typeof openApiRegistry>): Transform {
  return (input) => {
    if (!input.schema) return transform(input);
    const schema: Record<string, unknown> = { ...input.schema };
    for (const key of ['querystring', 'params', 'headers']) {
      const value = schema[key];
      if (value instanceof z.ZodObject && registry.get(value)?.id) schema[key] = z.object(value.shape);
    }
    return transform({ ...input, schema });
  };
}

/** OpenAPI 3.1 generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export default fp(
  async (fastify: FastifyInstance) => {
    const schemaRegistry = openApiRegistry();
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Venue Book API',
          description: 'HTTP API of the Venue Book gateway. Errors are `{ error: { code, message, details? } }`.',
          version: '1.0.0',
        },
        tags: [
          { name: 'venues', description: 'Venue records' },
          { name: 'health', description: 'Liveness and readiness' },
        ],
      },
      transform: inlineParameterSchemas(createJsonSchemaTransform({ schemaRegistry }), schemaRegistry),
      transformObject: pruneUnusedComponents(createJsonSchemaTransformObject({ schemaRegistry })),
    });
    await fastify.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The docs may be served over plain http (local runs), so no upgrade-insecure-requests; swagger-ui
      // sets a few inline styles, as the app does.
      transformStaticCSP: (header) =>
        header.replace(/\s*upgrade-insecure-requests;?/, '').replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
      uiConfig: { deepLinking: true },
    });
  },
  { name: 'swagger' },
);
