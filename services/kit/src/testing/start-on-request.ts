// A global setup's lazily started resource: a loopback HTTP server whose GET /start starts it on the first request
// (once, whoever asks, in parallel or not) and answers every request with its description as JSON, or 500 with
// the error of the start. Files ask for it from their beforeAll; a run in which no file asks starts nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Startable<Description> {
  description: Description;
  stop(): Promise<void>;
}

export interface StartOnRequest {
  /** GET this URL (loopback) for the description; hand it to files with `provide`. */
  url: string;
  /** Closes the server and stops the resource if it was started. */
  close(): Promise<void>;
}

export async function startOnRequest<Description>(name: string, start: () => Promise<Startable<Description>>): Promise<StartOnRequest> {
  let started: Promise<Startable<Description>> | undefined;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/start') {
      response.writeHead(404).end();
      return;
    }
    if (!started) {
      const at = performance.now();
      started = start();
      started.then(
        () => console.log(`[integration] ${name} started in ${((performance.now() - at) / 1000).toFixed(1)} s`),
        () => undefined,
      );
    }
    started.then(
      ({ description }) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(description)),
      (error: unknown) => response.writeHead(500).end(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/start`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      const running = await started?.catch(() => undefined);
      await running?.stop();
    },
  };
}

/** GETs a startOnRequest URL: the description of the started resource (or the start's error). */
export async function requestStart<Description>(url: unknown, name: string): Promise<Description> {
  if (typeof url !== 'string' || !url) throw new Error(`No ${name}: run integration tests through the root vitest config (project 'integration').`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the ${name} did not start: ${response.status} ${await response.text()}`);
  return (await response.json()) as Description;
}
