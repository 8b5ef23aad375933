import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HELMET_OPTIONS } from '../../plugins/external/helmet.ts';

/** The bridge's files (gateway/src/embed): a page and its script, plain browser code served as written. */
const EMBED_DIR = join(import.meta.dirname, '..', '..', 'embed');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The session bridge of the embeddable media library: /embed/session, a page without UI for a hidden
 * iframe of a host page of EMBED_ALLOWED_ORIGINS, and its script /embed/session.js (the postMessage protocol is
 * described there). Public (no bearer token: the script refreshes with the cookie, same-origin). Only the allowed
 * origins may frame the page (CSP frame-ancestors; 'none' when embedding is off), so no other page can talk to it
 * as its parent; it loads nothing but its own script, sends no Referer, and is never cached.
 */
export default async function embedRoutes(fastify: FastifyInstance): Promise<void> {
  const origins = fastify.config.EMBED_ALLOWED_ORIGINS;
  const [template, script] = await Promise.all([readFile(join(EMBED_DIR, 'session.html'), 'utf8'), readFile(join(EMBED_DIR, 'session.js'), 'utf8')]);
  const page = template.replace('{{ALLOWED_ORIGINS}}', escapeHtml(JSON.stringify(origins)));

  fastify.get(
    '/session',
    {
      config: { auth: 'public' },
      schema: { hide: true },
      helmet: {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'none'"],
            scriptSrc: ["'self'"],
            connectSrc: ["'self'"],
            baseUri: ["'none'"],
            formAction: ["'none'"],
            frameAncestors: origins.length > 0 ? [...origins] : ["'none'"],
          },
        },
        // frame-ancestors decides who may frame it (X-Frame-Options could only say 'none' or 'same origin').
        xFrameOptions: false,
        referrerPolicy: { policy: 'no-referrer' },
        crossOriginOpenerPolicy: HELMET_OPTIONS.crossOriginOpenerPolicy,
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page),
  );

  fastify.get('/session.js', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
  );
}
