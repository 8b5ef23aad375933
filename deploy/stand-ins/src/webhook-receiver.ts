// A local webhook receiver standing in for the automation service (Zapier and the like) in local mode and tests:
// it takes every POST under /hooks/<name>, checks its signature with the signing secret it was given, and shows
// what it got on a page (/) and as JSON (/deliveries). Tests script its answers per hook.
//   HTTP_PORT=0 node deploy/stand-ins/src/webhook-receiver.ts   → prints {"httpPort":…} once listening
// Endpoints:
//   POST /hooks/<name>                 a webhook request (answered 200, or by the hook's script)
//   GET  /deliveries[?hook=<name>]     what was received, oldest first (JSON)
//   PUT  /secret                       the signing secret to check signatures with (body: the secret)
//   PUT  /hooks/<name>/secret          that hook's own signing secret (e.g. one per test)
//   PUT  /hooks/<name>/script          the next answers of that hook, in order (JSON: [{ status, delayMs?, headers? }]);
//                                      then 200 again. delayMs: answer only after that long (a hanging receiver)
//   DELETE /deliveries                 forget everything received
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature, WEBHOOK_HEADERS } from '@venuebook/service-kit';
import { STAND_IN_HOST } from './host.ts';

interface Received {
  id: number;
  hook: string;
  deliveryId: string;
  event: string;
  /** true: made with the secret given; false: not; null: no secret given yet. */
  signatureValid: boolean | null;
  body: unknown;
  /** The body as sent (what the signature covers) and the signature header. */
  rawBody: string;
  signature: string;
  answeredStatus: number;
  receivedAt: string;
}

interface ScriptedAnswer {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
}

const MAX_RECEIVED = 50_000;
const MAX_BODY_BYTES = 1024 * 1024;
const received: Received[] = [];
const scripts = new Map<string, ScriptedAnswer[]>();
const hookSecrets = new Map<string, string>();
let secret = process.env.WEBHOOK_SECRET ?? '';
let nextId = 1;

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const header = (request: IncomingMessage, name: string): string => {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const http = createServer((request, response) => {
  // Only this machine's names: a web page cannot reach it through a DNS name it rebinds to 127.0.0.1.
  const port = (http.address() as AddressInfo).port;
  if (![`${STAND_IN_HOST}:${port}`, `localhost:${port}`].includes(request.headers.host ?? '')) {
    response.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
    return;
  }
  const url = new URL(request.url ?? '/', 'http://localhost');
  const hookMatch = /^\/hooks\/([A-Za-z0-9_.-]{1,100})(\/script|\/secret)?$/.exec(url.pathname);
  void (async () => {
    if (hookMatch && request.method === 'PUT' && hookMatch[2] === '/script') {
      scripts.set(hookMatch[1]!, JSON.parse(await readBody(request)) as ScriptedAnswer[]);
      response.writeHead(204).end();
      return;
    }
    if (hookMatch && request.method === 'PUT' && hookMatch[2] === '/secret') {
      hookSecrets.set(hookMatch[1]!, (await readBody(request)).trim());
      response.writeHead(204).end();
      return;
    }
    if (hookMatch && request.method === 'POST' && !hookMatch[2]) {
      const hook = hookMatch[1]!;
      const text = await readBody(request);
      const answer = scripts.get(hook)?.shift() ?? { status: 200 };
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      const signature = header(request, WEBHOOK_HEADERS.signature);
      const checkWith = hookSecrets.get(hook) ?? secret;
      const entry: Received = {
        id: nextId++,
        hook,
        deliveryId: header(request, WEBHOOK_HEADERS.delivery),
        event: header(request, WEBHOOK_HEADERS.event),
        signatureValid: checkWith ? verifyWebhookSignature(checkWith, text, signature) : null,
        body,
        rawBody: text,
        signature,
        answeredStatus: answer.status,
        receivedAt: new Date().toISOString(),
      };
      received.push(entry);
      if (received.length > MAX_RECEIVED) received.shift();
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (response.destroyed) return;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify({ received: entry.id }));
      return;
    }
    if (url.pathname === '/secret' && request.method === 'PUT') {
      secret = (await readBody(request)).trim();
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/deliveries' && request.method === 'DELETE') {
      received.length = 0;
      scripts.clear();
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/deliveries') {
      const hook = url.searchParams.get('hook');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(hook ? received.filter((r) => r.hook === hook) : received));
      return;
    }
    if (url.pathname === '/' && request.method === 'GET') {
      const rows = [...received]
        .reverse()
        .slice(0, 200)
        .map(
          (r) =>
            `<article><h2>${escapeHtml(r.event || 'request')} · ${escapeHtml(r.deliveryId)}</h2><p>${r.receivedAt} · /hooks/${escapeHtml(r.hook)} · answered ${r.answeredStatus} · signature ${
              r.signatureValid === null ? 'not checked (no secret given)' : r.signatureValid ? '<b class="ok">valid</b>' : '<b class="bad">INVALID</b>'
            }</p><pre>${escapeHtml(JSON.stringify(r.body, null, 2))}</pre></article>`,
        )
        .join('');
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><meta charset="utf-8"><title>Venue Book · local webhook receiver</title><style>body{font:14px system-ui;max-width:50rem;margin:2rem auto}article{border:1px solid #ddd;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}.ok{color:#15803d}.bad{color:#b91c1c}</style><h1>Local webhook receiver (development only)</h1><p>Set <code>http://${STAND_IN_HOST}:${(http.address() as AddressInfo).port}/hooks/first-login</code> as the webhook URL in User Management. Signatures are checked with the signing secret ${secret ? 'given at start' : '(none given)'}.</p>${rows || '<p>Nothing received yet.</p>'}`,
        );
      return;
    }
    response.writeHead(404).end();
  })().catch((error: unknown) => {
    if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message);
  });
});

http.listen(Number(process.env.HTTP_PORT ?? 0), STAND_IN_HOST, () => {
  console.log(JSON.stringify({ httpPort: (http.address() as AddressInfo).port }));
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
