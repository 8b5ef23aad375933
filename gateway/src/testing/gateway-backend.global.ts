// Integration project's global setup: one set of the gateway's services (gateway-backend.ts: the four services,
// the mail sink, the OIDC stand-in, the demo accounts) for every gateway test file of the run, on the servers of
// tests/setup/infra.global.ts. Started lazily, when the first file asks for it (sharedGatewayBackend), so that a
// run without such a file does not pay for it; stopped (and its databases dropped) at the end of the run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startGatewayBackend } from './gateway-backend.ts';
import type { StartedGatewayBackend } from './gateway-backend.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { infra } = project.getProvidedContext();
  if (!infra?.mongoUri) throw new Error('gateway-backend.global.ts runs after tests/setup/infra.global.ts (the globalSetup order)');
  let started: Promise<StartedGatewayBackend> | undefined;
  // Loopback only: GET /backend starts the services once and answers every caller with the same GatewayBackend.
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backend') {
      response.writeHead(404).end();
      return;
    }
    if (!started) {
      const at = performance.now();
      started = startGatewayBackend(infra);
      started.then(
        () => console.log(`[integration] shared gateway services started in ${((performance.now() - at) / 1000).toFixed(1)} s`),
        () => undefined,
      );
    }
    started.then(
      ({ backend }) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(backend)),
      (error: unknown) => response.writeHead(500).end(error instanceof Error ? (error.stack ?? error.message) : String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  project.provide('gatewayBackendUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/backend`);
  return async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    const running = await started?.catch(() => undefined);
    await running?.stop();
  };
}
