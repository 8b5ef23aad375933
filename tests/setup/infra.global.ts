// Integration tests: one set of real servers (FerretDB or MongoDB, MinIO, NATS) for the whole run, in a
// temporary folder that is removed afterwards, and a NATS server for each further worker (files run two at a time).
// Each test file uses its own database / stream names.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionInfra, provisionNats } from '@venuebook/local';
import type { TestProject } from 'vitest/node';
import './context.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-int-'));
  const infra = await provisionInfra({ dataDir, log: (message) => console.log(`[integration] ${message}`) });
  // A NATS per worker beyond the first (testInfra() hands each file its worker's).
  const workers = Math.max(1, project.config.maxWorkers);
  const extraNats = await Promise.all(Array.from({ length: workers - 1 }, (_, index) => provisionNats({ dataDir: join(dataDir, `worker-${index + 2}`) })));
  const { endPoint, port, useSSL, accessKey, secretKey } = infra.s3;
  project.provide('infra', {
    mongoUri: infra.mongoUri,
    natsUrl: infra.natsUrl,
    s3: { endPoint, port, useSSL, accessKey, secretKey },
    workerNatsUrls: [infra.natsUrl, ...extraNats.map((nats) => nats.natsUrl)],
  });
  return async () => {
    await Promise.all([infra.stop(), ...extraNats.map((nats) => nats.stop())]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
