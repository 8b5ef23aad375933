import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MAX_PATH_PARAM_LENGTH } from '@venuebook/domain';
import { isGrpcError } from '@venuebook/grpc';
import { apiError, fieldOfInstancePath, fromGrpcError, GENERIC_MESSAGES, HttpError } from '../../lib/error-mapping.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static plugin: answers a client-side route with the shell's index.html; false when it can't. */
    spaFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}

const VALIDATION_MESSAGES: Record<string, string> = {
  body: 'Invalid request body',
  querystring: 'Invalid query parameters',
  params: 'Invalid path parameters',
  headers: 'Invalid request headers',
};

/**
 * The router's limit of a path parameter (app.ts). Far above the routes' own limit (MAX_PATH_PARAM_LENGTH,
 * checked by their zod schemas with a field-level 400) and above any URL Node reads with its default 16 KiB
 * of headers, so that the routes' validation decides and not the router.
 */
export const ROUTER_MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Errors Fastify raises before a route is found (its `frameworkErrors` option, set in app.ts), in the API's
 * format: a path parameter beyond the router's limit (Fastify's own answer is a 414 in its format) and a
 * malformed percent-encoding are invalid path parameters (400), as a route's zod check would say.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(400).send(apiError(400, `${VALIDATION_MESSAGES.params}: a path parameter has at most ${MAX_PATH_PARAM_LENGTH} characters`));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send(apiError(400, `${VALIDATION_MESSAGES.params}: malformed percent-encoding`));
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  void reply.code(500).send(apiError(500, GENERIC_MESSAGES[500]!));
}

/**
 * The methods each route path answers (every route but the static front ends' wildcards), matched the way
 * Fastify's router matches (find-my-way), so that a known path asked with another method is a 405 with an
 * Allow header instead of a 404.
 */
class AllowedMethods {
  readonly #router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: ROUTER_MAX_PARAM_LENGTH });
  readonly #byPath = new Map<string, Set<string>>();

  add(url: string, methods: readonly string[]): void {
    if (url.includes('*')) return;
    let allowed = this.#byPath.get(url);
    if (!allowed) {
      allowed = new Set();
      this.#byPath.set(url, allowed);
      this.#router.on('GET' as HTTPMethod, url, () => undefined, allowed);
    }
    for (const method of methods) allowed.add(method.toUpperCase());
    // Fastify answers HEAD for every GET route (exposeHeadRoutes).
    if (allowed.has('GET')) allowed.add('HEAD');
  }

  /** The methods of the route path `path` matches, sorted; undefined when it matches none. */
  of(path: string): string[] | undefined {
    const found = this.#router.find('GET' as HTTPMethod, path);
    return found ? [...(found.store as Set<string>)].sort() : undefined;
  }
}

/**
 * Every error leaves the gateway as `{ error: { code, message, details? } }`:
 * zod validation → 400 with `[{ field, message }]`; gRPC errors by status (NOT_FOUND → 404, …,
 * UNAVAILABLE / DEADLINE_EXCEEDED → 503); other 4xx keep their message; everything else is a logged 500.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    // Routes are registered after this plugin (the routes folder), so each passes through here.
    const allowedMethods = new AllowedMethods();
    fastify.addHook('onRoute', (route) => {
      allowedMethods.add(route.url ?? route.path, Array.isArray(route.method) ? route.method : [route.method]);
    });
    // A known path asked with another method (TRACE, QUERY, …): 405 with Allow. Checked before any body is
    // read (a request no route takes), and again when a route gives up on it (the front ends' GET wildcard).
    const methodNotAllowed = (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
      const path = request.url.split('?')[0]!;
      const allow = allowedMethods.of(path);
      if (!allow || allow.includes(request.method)) return undefined;
      return reply
        .code(405)
        .header('allow', allow.join(', '))
        .send(apiError(405, `Method ${request.method} not allowed on ${path}; allowed: ${allow.join(', ')}`));
    };
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.is404) return methodNotAllowed(request, reply);
    });

    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({ field: fieldOfInstancePath(issue.instancePath), message: issue.message ?? 'Invalid' }));
        const message = VALIDATION_MESSAGES[error.validationContext ?? ''] ?? 'Invalid request';
        return reply.code(400).send(apiError(400, message, details));
      }
      const failure: unknown = error;
      if (failure instanceof HttpError) {
        if (failure.statusCode >= 500) request.log.error({ err: failure }, 'request failed');
        return reply.code(failure.statusCode).send(apiError(failure.statusCode, failure.message, undefined, failure.apiCode));
      }
      if (isGrpcError(failure)) {
        const { status, body } = fromGrpcError(failure);
        if (status >= 500) request.log.error({ err: failure, grpcCode: failure.codeName }, 'downstream gRPC call failed');
        return reply.code(status).send(body);
      }
      if (!isResponseSerializationError(error) && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        if (error.validation) {
          const details = error.validation.map((issue) => ({ field: fieldOfInstancePath(issue.instancePath), message: issue.message ?? 'Invalid' }));
          return reply.code(400).send(apiError(400, 'Invalid request', details));
        }
        return reply.code(error.statusCode).send(apiError(error.statusCode, error.message));
      }
      request.log.error({ err: error }, 'request failed');
      const status = typeof error.statusCode === 'number' && error.statusCode >= 500 && error.statusCode !== 500 ? error.statusCode : 500;
      return reply.code(status).send(apiError(status, GENERIC_MESSAGES[status] ?? GENERIC_MESSAGES[500]!));
    });

    fastify.setNotFoundHandler(async (request, reply) => {
      if (methodNotAllowed(request, reply)) return reply;
      if (fastify.spaFallback && (await fastify.spaFallback(request, reply))) return reply;
      return reply.code(404).send(apiError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
    });
  },
  { name: 'error-handler' },
);
