import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP allows the shell and its federated remotes (all served from this origin),
 * inline styles (Chakra UI / Emotion inject <style> tags), images from data:/blob: (previews, camera),
 * and service workers. No inline scripts, no plugins, no framing.
 */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  // Sign-in with Google opens a popup that must be able to talk back to the opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
} satisfies HelmetOptions & FastifyHelmetOptions;

/**
 * helmet's headers on every response. @fastify/helmet's global hook builds the helmet middleware (and parses
 * the CSP) again on every request, a noticeable share of the gateway's CPU on a point read; here it is built once. The
 * plugin stays registered without its global hook, for `reply.helmet()` and a route's own `helmet` option
 * (such a route gets its headers from @fastify/helmet, not from the hook below).
 */
export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(fastifyHelmet, { ...HELMET_OPTIONS, global: false });
    const headers = helmet(HELMET_OPTIONS);
    fastify.addHook('onRequest', (request, reply, done) => {
      // @fastify/helmet keeps a route's `helmet` option in its config (it answers that route itself).
      if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return done();
      headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'helmet' },
);
