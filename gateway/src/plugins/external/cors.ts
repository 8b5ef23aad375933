import cors from '@fastify/cors';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isEmbedCorsPath } from '../../lib/embed.ts';

/** What an allowed host page may send: the sdk's headers (Accept is safelisted) — never cookies. */
export const EMBED_CORS = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['authorization', 'content-type'],
  /** Readable by the host page's script: rate-limit waits, export/download file names, the id of a failed call. */
  exposedHeaders: ['retry-after', 'content-disposition', 'x-request-id'],
  maxAgeSeconds: 600,
} as const;

/**
 * CORS for the embeddable media library. Only when EMBED_ALLOWED_ORIGINS lists origins (else not
 * registered: no CORS at all). A request whose Origin is exactly one of them, to /api/v1/* (except the refresh
 * cookie's routes) or /remotes/media/library/*, gets `Access-Control-Allow-Origin: <that origin>`; its preflight
 * is answered here (204, before authentication and rate limits: a preflight carries no Authorization). Never
 * `Access-Control-Allow-Credentials`: the API authenticates by bearer token, and a credentialed cross-origin
 * response stays unreadable. Any other origin or path: no CORS headers (its preflight is a 404). Every response
 * then carries `Vary: Origin` (the answer depends on it).
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const allowed = new Set(fastify.config.EMBED_ALLOWED_ORIGINS);
    if (allowed.size === 0) return;
    const off: FastifyCorsOptions = { origin: false };
    const on = (origin: string): FastifyCorsOptions => ({
      // A string is sent as it is (the exact origin asked for and found in the list), never reflected blindly.
      origin,
      methods: [...EMBED_CORS.methods],
      allowedHeaders: [...EMBED_CORS.allowedHeaders],
      exposedHeaders: [...EMBED_CORS.exposedHeaders],
      credentials: false,
      maxAge: EMBED_CORS.maxAgeSeconds,
      strictPreflight: true,
    });
    await fastify.register(cors, {
      hook: 'onRequest',
      delegator: (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void) => {
        const origin = request.headers.origin;
        const path = request.url.split('?')[0] ?? '';
        callback(null, typeof origin === 'string' && allowed.has(origin) && isEmbedCorsPath(path) ? on(origin) : off);
      },
    });
  },
  { name: 'cors' },
);
