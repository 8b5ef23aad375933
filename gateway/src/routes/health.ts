import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_NAMES, SERVICES } from '@venuebook/proto/services';

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
      const statuses = await Promise.all(SERVICE_NAMES.map((name) => fastify.grpcHealth[name].check(SERVICES[name].service.typeName)));
      const ready = statuses.every((status) => status === 'SERVING');
      const checks = Object.fromEntries(SERVICE_NAMES.map((name, index) => [name, statuses[index]!]));
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
};

export default healthRoutes;
