import type { FastifyInstance } from 'fastify';

/**
 * Hooks for everything under /api (autoload applies them to this folder and, with cascadeHooks, to every
 * nested folder): every route is 'member' — a verified access token of an active session and a
 * company-domain e-mail (else 403 with the Access Denied text) — unless its `config.auth` says 'session'
 * (signed in, any domain) or 'public'. The resolved user is `request.auth`; gRPC calls carry it signed.
 */
export default async function apiHooks(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('cache-control', 'no-store');
    const access = request.routeOptions.config.auth ?? 'member';
    if (access === 'public') return;
    request.auth = await fastify.authn.authorize(request, access);
  });
}
