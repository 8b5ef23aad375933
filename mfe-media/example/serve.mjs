// `npm run example -w @venuebook/mfe-media`: serves this folder as another team's page (another origin than Venue
// Book). PORT (default 3013), HOST (default 127.0.0.1), VENUEBOOK_URL: the gateway (default http://127.0.0.1:8080).
// Venue Book's EMBED_ALLOWED_ORIGINS must list this page's origin (e.g. http://127.0.0.1:3013).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * A static server of `dir` with a generated /config.js naming the gateway. Resolves to the server once it listens.
 * @param {{ dir?: string, port?: number, host?: string, gateway?: string }} options
 */
export function serveExample({ dir = import.meta.dirname, port = 3013, host = '127.0.0.1', gateway = 'http://127.0.0.1:8080' } = {}) {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://example.invalid');
    if (url.pathname === '/config.js') {
      response.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-store' });
      response.end(`window.VENUEBOOK_EXAMPLE = ${JSON.stringify({ gateway })};\n`);
      return;
    }
    const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    const file = path.join(dir, path.normalize(name));
    const type = TYPES[path.extname(file)];
    if (!file.startsWith(dir + path.sep) || !type || (await stat(file).catch(() => null))?.isFile() !== true) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === import.meta.filename) {
  const port = Number(process.env.PORT ?? 3013);
  const host = process.env.HOST ?? '127.0.0.1';
  const gateway = (process.env.VENUEBOOK_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const server = await serveExample({ port, host, gateway });
  const { port: actual } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(
    `Example host page: http://${host}:${actual}/?venue=<venue id>  (Venue Book at ${gateway}; add http://${host}:${actual} to its EMBED_ALLOWED_ORIGINS)`,
  );
}
