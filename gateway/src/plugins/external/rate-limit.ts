import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES } from '@venuebook/domain';

/**
 * Rate limits are opt-in per route (`config.rateLimit`); sign-in and sign-up use `fastify.authRateLimit`.
 * Over the limit: 429 with Retry-After in the API error format.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(rateLimit, {
      global: false,
      // Thrown by the plugin and answered by the error handler as { error: { code: 'rate_limited', … } }.
      errorResponseBuilder: (_request, context) => Object.assign(new Error(AUTH_MESSAGES.tooManyRequests), { statusCode: context.statusCode }),
    });
  },
  { name: 'rate-limit' },
);
