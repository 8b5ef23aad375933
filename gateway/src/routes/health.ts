import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_NAMES, SERVICES } from '@venuebook/contracts/services';
import type { ServiceName, ServiceRegistration } from '@venuebook/contracts/services';

const readinessSchema = z
  .object({
    status: z
      .enum(['ready', 'degraded', 'not_ready'])
      .describe("'degraded' (HTTP 200): only a worker's service is down (the first-login webhook, Drive sync), everything else is served"),
    checks: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Health status per downstream gRPC service: only for signed-in admins and owners, or callers on a loopback address whose request no proxy forwarded',
      ),
    replicas: z
      .record(z.string(), z.record(z.string(), z.string()))
      .optional()
      .describe('Health status of each replica (by host:port) of the services that run several; shown with `checks`'),
  })
  .meta({ id: 'Readiness' });

/** A service whose outage leaves the gateway ready (degraded): see ServiceRegistration.optional. */
const isOptional = (name: ServiceName): boolean => (SERVICES[name] as ServiceRegistration).optional === true;

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback: the machine itself (with TRUST_PROXY, the forwarded client). */
function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./i.test(ip);
}

/** Headers a proxy adds to a request it passes on (nginx, HAProxy, Caddy, Apache, load balancers). */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via'] as const;

/**
 * A request from this machine itself (a probe, an operator's curl): the client is on loopback and no proxy
 * passed the request on. Behind a reverse proxy on the same machine every request arrives from loopback, so
 * any forwarding header means someone else's request, whatever address it names (and with TRUST_PROXY, the
 * client is the forwarded one anyway). A proxy in front must therefore send X-Forwarded-For or Forwarded,
 * which it needs to for TRUST_PROXY and the rate limits too.
 */
function isThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.ip) && isLoopback(request.socket.remoteAddress ?? '');
}

/**
 * /healthz: the process is up (public). /readyz: every downstream gRPC service reports SERVING (a service of
 * several replicas: at least one of them), or only an optional one (a worker's) does not ('degraded', still 200); anyone gets the status (probes), which service (and replica) is
 * failing only signed-in admins and owners or callers on this machine (not requests a proxy forwarded).
 */
const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  async function mayReadDetail(request: FastifyRequest): Promise<boolean> {
    if (isThisMachine(request)) return true;
    if (!request.headers.authorization) return false;
    // A bearer that does not verify (or identity being down) just means the bare status.
    const auth = await fastify.authn.authorize(request, 'member').catch(() => undefined);
    return auth?.role === 'admin' || auth?.role === 'owner';
  }

  type Each = Awaited<ReturnType<(typeof fastify.grpcHealth)[keyof typeof fastify.grpcHealth]['checkEach']>>[];
  let inFlight: Promise<Each> | undefined;
  /**
   * One round of health checks (every replica of every service) shared by the requests that arrive while it
   * runs: /readyz is public, and a flood of it must not turn into a flood of calls to the services. Nothing is
   * kept after the round ends, so a service going down shows on the next request.
   */
  function checkAll(): Promise<Each> {
    inFlight ??= Promise.all(SERVICE_NAMES.map((name) => fastify.grpcHealth[name].checkEach(SERVICES[name].service.typeName))).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  fastify.get('/healthz', { schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  fastify.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'Readiness (downstream gRPC health)', response: { 200: readinessSchema, 503: readinessSchema } } },
    async (request, reply) => {
      const each = await checkAll();
      // A service is ready when at least one replica serves; else it shows its first replica's status.
      const statuses = each.map((replicas) => {
        const values = Object.values(replicas);
        return values.includes('SERVING') ? 'SERVING' : values[0]!;
      });
      const serving = (index: number) => statuses[index] === 'SERVING';
      const ready = SERVICE_NAMES.every((name, index) => serving(index) || isOptional(name));
      const status = !ready ? 'not_ready' : statuses.every((_, index) => serving(index)) ? 'ready' : 'degraded';
      reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
      if (!(await mayReadDetail(request))) return reply.send({ status });
      const checks = Object.fromEntries(SERVICE_NAMES.map((name, index) => [name, statuses[index]!]));
      const replicated = SERVICE_NAMES.flatMap((name, index) => (Object.keys(each[index]!).length > 1 ? [[name, each[index]!] as const] : []));
      return reply.send({ status, checks, ...(replicated.length > 0 ? { replicas: Object.fromEntries(replicated) } : {}) });
    },
  );
};

export default healthRoutes;
