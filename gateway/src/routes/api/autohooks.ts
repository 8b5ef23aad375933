import type { FastifyInstance } from 'fastify';

/**
 * Hooks for everything under /api (autoload applies them to this folder and, with cascadeHooks, to all
 * nested folders).
 *
 * Next: authentication goes here — verify the access JWT (Authorization: Bearer), require the company
 * e-mail domain, resolve the role (missing → viewer) and put user id, e-mail, role and request id into
 * the signed gRPC metadata; sign-in and public routes opt out. Until then no user is attached and nothing
 * pretends to authenticate.
 */
export default async function apiHooks(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('cache-control', 'no-store');
  });
}
