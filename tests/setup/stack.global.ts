// e2e tests: the whole product as `npm start` runs it (each service its own process, the gateway serving
// the built front ends), on free ports, with fresh data and the demo venues; one product per worker, so that two
// files running side by side never share data (a file counts the home page's venues, or edits a demo venue's cards).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startStack, TEST_PASSWORD_HASH_LOG2_N } from '@venuebook/local';
import { freePort } from '@venuebook/service-kit/processes';
import type { RunningStack } from '@venuebook/local';
import type { TestProject } from 'vitest/node';
import type { E2eStack } from './context.ts';
import './context.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of ['shell/dist/index.html', 'mfe-venues/dist/remoteEntry.js']) {
    if (!existsSync(join(REPO_ROOT, built))) throw new Error(`${built} is missing: run 'npm run build' (npm test does) before the e2e tests`);
  }
  const workers = Math.max(1, project.config.maxWorkers);
  const started: { stack: RunningStack; dataDir: string }[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      started.map(async ({ stack, dataDir }) => {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }),
    );
  };
  const results = await Promise.allSettled(Array.from({ length: workers }, (_, index) => startE2eStack(index + 1, workers, started)));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const artifactsDir = join(REPO_ROOT, 'artifacts', 'e2e');
  mkdirSync(artifactsDir, { recursive: true });
  project.provide(
    'e2eStacks',
    results.map((result) => (result as PromiseFulfilledResult<E2eStack>).value),
  );
  project.provide('artifactsDir', artifactsDir);
  return stop;
}

async function startE2eStack(worker: number, workers: number, started: { stack: RunningStack; dataDir: string }[]): Promise<E2eStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-e2e-'));
  // The embeddable media library's host page (the e2e tests serve mfe-media/example on this port): Venue Book lets
  // it embed as a same-site host (127.0.0.1: the session bridge's refresh cookie goes along) and a cross-site one
  // (localhost: it must bring its own tokens).
  const embedHostPort = await freePort();
  const prefix = workers > 1 ? `[e2e ${worker}]` : '[e2e]';
  // Two gateways on one NATS (presence.e2e opens a card on each); the tests that use one talk to the first.
  // Every test signs in from 127.0.0.1, dozens a minute: the per-address sign-in limit (20 a minute) is the gateway's
  // own test (sign-in-limits.int), not a browser's.
  const stack = await startStack({
    dataDir,
    port: 0,
    seed: true,
    env: {},
    gatewayEnv: { EMBED_ALLOWED_ORIGINS: embedHostOrigins(embedHostPort).join(','), AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    logLevel: 'warn',
    passwordHashLog2N: TEST_PASSWORD_HASH_LOG2_N,
    gatewayReplicas: 2,
    log: (message) => console.log(`${prefix} ${message}`),
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  started.push({ stack, dataDir });
  if (!stack.mailboxUrl) throw new Error('the e2e stack needs the local mail sink');
  if (!stack.webhookReceiverUrl) throw new Error('the e2e stack needs the local webhook receiver');
  return { baseUrl: stack.url, gatewayUrls: stack.gatewayUrls, mailboxUrl: stack.mailboxUrl, webhookReceiverUrl: stack.webhookReceiverUrl, embedHostPort };
}

/** The origins of the embedding host page on `port`: same-site with the stack (127.0.0.1), then cross-site (localhost). */
export function embedHostOrigins(port: number): [sameSite: string, crossSite: string] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}
