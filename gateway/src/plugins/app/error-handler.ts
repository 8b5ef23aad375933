import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isGrpcError } from '@venuebook/proto/grpc';
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
 * Every error leaves the gateway as `{ error: { code, message, details? } }`:
 * zod validation → 400 with `[{ field, message }]`; gRPC errors by status (NOT_FOUND → 404, …,
 * UNAVAILABLE / DEADLINE_EXCEEDED → 503); other 4xx keep their message; everything else is a logged 500.
 */
export default fp(
  async (fastify: FastifyInstance) => {
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
      if (fastify.spaFallback && (await fastify.spaFallback(request, reply))) return reply;
      return reply.code(404).send(apiError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
    });
  },
  { name: 'error-handler' },
);
