import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, remoteBasePath, remotePackageDir } from '@venuebook/domain/remotes';

/** Files that must be revalidated on every load so that a deploy takes effect immediately. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json']);
/** Bundler output with a content hash in its name (e.g. main.3f9a2c1b.js) never changes. */
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** The build writes a brotli (.br) and a gzip (.gz) copy beside each text asset (compression-webpack-plugin). */
const PRECOMPRESSED = /\.(br|gz)$/;

/** Cache headers by the name of the file asked for (for main.3f9a2c1b.js.br: main.3f9a2c1b.js). */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const file = basename(filePath).replace(PRECOMPRESSED, '');
  if (!ALWAYS_REVALIDATE.has(file) && CONTENT_HASHED.test(file)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', 'no-cache');
}

/** Paths never answered by the SPA fallback (/embed: the media library's session bridge). */
const NOT_SPA = /^\/(api|remotes|embed)(\/|$)|^\/(healthz|readyz)$/;

function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (NOT_SPA.test(path)) return false;
  // A last segment with an extension is a file request (e.g. a missing asset), not a client-side route.
  if (/\.[A-Za-z0-9]+$/.test(path.split('/').pop() ?? '')) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built front ends: <WEB_ROOT>/shell/dist at / and <WEB_ROOT>/mfe-<name>/dist at
 * /remotes/<name>/. GETs for client-side routes fall back to the shell's index.html. A missing dist folder
 * is logged and skipped until it exists (it is looked up per request), so the API keeps working.
 * Compressed at build time: a client that accepts brotli or gzip gets the `.br` / `.gz` copy the build
 * wrote beside the file (Content-Encoding, Vary: Accept-Encoding); other clients and files without a
 * copy (too small to gain) get the file itself.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const webRoot = fastify.config.WEB_ROOT;
    const shellRoot = join(webRoot, 'shell', 'dist');
    const roots = [
      { prefix: '/', root: shellRoot, label: 'shell' },
      // The federated remotes of the registry: /remotes/<name>/ from <WEB_ROOT>/mfe-<name>/dist.
      ...REMOTE_NAMES.map((name) => ({ prefix: remoteBasePath(name), root: join(webRoot, remotePackageDir(name), 'dist'), label: remotePackageDir(name) })),
    ];

    // The embeddable media library's files (mfe-media/dist/library, at /remotes/media/library/) load in other
    // origins' pages (<script>, <img>) when embedding is on: Cross-Origin-Resource-Policy cross-origin instead
    // of helmet's same-origin. Every other file keeps same-origin.
    const libraryRoot = join(webRoot, remotePackageDir('media'), 'dist', 'library') + sep;
    const embedding = fastify.config.EMBED_ALLOWED_ORIGINS.length > 0;
    const setHeaders = (reply: FastifyReply, filePath: string): void => {
      setCacheHeaders(reply, filePath);
      if (embedding && filePath.startsWith(libraryRoot)) reply.header('cross-origin-resource-policy', 'cross-origin');
    };

    let first = true;
    for (const { prefix, root, label } of roots) {
      if (!existsSync(root)) fastify.log.warn({ root }, `${label} is not built (no ${root}); its files are not served until it is`);
      await fastify.register(fastifyStatic, {
        root,
        prefix,
        wildcard: true,
        index: ['index.html'],
        dotfiles: 'ignore',
        etag: true,
        lastModified: true,
        preCompressed: true,
        cacheControl: false,
        setHeaders,
        decorateReply: first,
        suppressWarning: true,
      });
      first = false;
    }

    fastify.decorate('spaFallback', async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      if (!wantsSpa(request)) return false;
      const exists = await stat(join(shellRoot, 'index.html')).then(
        (info) => info.isFile(),
        () => false,
      );
      if (!exists) return false;
      await reply.code(200).sendFile('index.html', shellRoot);
      return true;
    });
  },
  { name: 'static', dependencies: ['error-handler'] },
);
