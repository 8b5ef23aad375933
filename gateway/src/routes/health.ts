import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_NAMES, SERVICES } from '@venuebook/proto/services';

const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z
      .record(z.string(), z.string())
      .optional()
      .describe('Health status per downstream gRPC service: only for signed-in admins and owners, or callers on a loopback address'),
  })
  .meta({ id: 'Readiness' });

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback: the machine itself (with TRUST_PROXY, the forwarded client). */
function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./i.test(ip);
}

/**
 * /healthz: the process is up (public). /readyz: every downstream gRPC service reports SERVING; anyone gets
 * the status (probes), which service is failing only signed-in admins and owners or callers on this machine.
 */
const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  async function mayReadDetail(request: FastifyRequest): Promise<boolean> {
    if (isLoopback(request.ip)) return true;
    if (!request.headers.authorization) return false;
    // A bearer that does not verify (or identity being down) just means the bare status.
    const auth = await fastify.authn.authorize(request, 'member').catch(() => undefined);
    return auth?.role === 'admin' || auth?.role === 'owner';
  }

  fastify.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  fastify.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'Readiness (downstream gRPC health)', response: { 200: readinessSchema, 503: readinessSchema } } },
    async (request, reply) => {
      const statuses = await Promise.all(SERVICE_NAMES.map((name) => fastify.grpcHealth[name].check(SERVICES[name].service.typeName)));
      const ready = statuses.every((status) => status === 'SERVING');
      const status = ready ? 'ready' : 'not_ready';
      reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
      if (!(await mayReadDetail(request))) return reply.send({ status });
      return reply.send({ status, checks: Object.fromEntries(SERVICE_NAMES.map((name, index) => [name, statuses[index]!])) });
    },
  );
};

export default healthRoutes;
