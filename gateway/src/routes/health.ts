import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdentityService } from '@venuebook/proto/identity/v1';
import { VenuesService } from '@venuebook/proto/venues/v1';

const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.record(z.string(), z.string()).describe('Health status per downstream gRPC service'),
  })
  .meta({ id: 'Readiness' });

/** /healthz: the process is up. /readyz: every downstream gRPC service reports SERVING. */
const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  fastify.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'Readiness (downstream gRPC health)', response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const [venues, identity] = await Promise.all([
        fastify.grpcHealth.venues.check(VenuesService.typeName),
        fastify.grpcHealth.identity.check(IdentityService.typeName),
      ]);
      const ready = venues === 'SERVING' && identity === 'SERVING';
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: { venues, identity } });
    },
  );
};

export default healthRoutes;
