// Integration tests: one set of real servers (FerretDB or MongoDB, MinIO, NATS) for the whole run, in a
// temporary folder that is removed afterwards. Each test file uses its own database / stream names.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionInfra } from '@venuebook/local';
import type { TestProject } from 'vitest/node';
import './context.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-int-'));
  const infra = await provisionInfra({ dataDir, log: (message) => console.log(`[integration] ${message}`) });
  const { endPoint, port, useSSL, accessKey, secretKey } = infra.s3;
  project.provide('infra', { mongoUri: infra.mongoUri, natsUrl: infra.natsUrl, s3: { endPoint, port, useSSL, accessKey, secretKey } });
  return async () => {
    await infra.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
