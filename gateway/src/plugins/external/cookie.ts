import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cookie parsing and signing. The refresh-token cookie (httpOnly, SameSite=Strict) is set by the auth
 * routes; the short-lived Google sign-in state cookie is signed with a key derived from JWT_SECRET.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const secret = createHmac('sha256', fastify.config.JWT_SECRET).update('venuebook cookie signing').digest('base64url');
    await fastify.register(cookie, { secret });
  },
  { name: 'cookie' },
);
