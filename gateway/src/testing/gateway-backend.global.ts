// Integration project's global setup: one set of the gateway's services (gateway-backend.ts: the four services,
// the mail sink, the OIDC stand-in, the demo accounts) for every gateway test file of the run, on the servers of
// tests/setup/infra.global.ts. Started when the first file asks for it (sharedGatewayBackend), so that a run
// without such a file does not pay for it; stopped (and its databases dropped) at the end of the run.
import type { TestProject } from 'vitest/node';
import { startOnRequest } from '@venuebook/service-kit/testing';
import { startGatewayBackend } from './gateway-backend.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { infra } = project.getProvidedContext();
  if (!infra?.mongoUri) throw new Error('gateway-backend.global.ts runs after tests/setup/infra.global.ts (the globalSetup order)');
  const server = await startOnRequest('shared gateway services', async () => {
    const started = await startGatewayBackend(infra);
    return { description: started.backend, stop: started.stop };
  });
  project.provide('gatewayBackendUrl', server.url);
  return () => server.close();
}
