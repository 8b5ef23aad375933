// e2e tests: the whole product as `npm start` runs it (each service its own process, the gateway serving
// the built front ends), on a free port, with fresh data and the demo venues.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startStack } from '@venuebook/local';
import type { TestProject } from 'vitest/node';
import './context.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of ['shell/dist/index.html', 'mfe-venues/dist/remoteEntry.js']) {
    if (!existsSync(join(REPO_ROOT, built))) throw new Error(`${built} is missing: run 'npm run build' (npm test does) before the e2e tests`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-e2e-'));
  // Two gateways on one NATS (presence.e2e opens a card on each); the tests that use one talk to the first.
  const stack = await startStack({ dataDir, port: 0, seed: true, env: {}, logLevel: 'warn', gatewayReplicas: 2, log: (message) => console.log(`[e2e] ${message}`) });
  const artifactsDir = join(REPO_ROOT, 'artifacts', 'e2e');
  mkdirSync(artifactsDir, { recursive: true });
  project.provide('baseUrl', stack.url);
  project.provide('gatewayUrls', stack.gatewayUrls);
  project.provide('artifactsDir', artifactsDir);
  if (!stack.mailboxUrl) throw new Error('the e2e stack needs the local mail sink');
  project.provide('mailboxUrl', stack.mailboxUrl);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
