import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { provisionInfra } from './provision.ts';

describe('provisionInfra with servers given by URL', () => {
  it('logs where the servers are without their credentials', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-provision-'));
    const lines: string[] = [];
    try {
      const infra = await provisionInfra({
        dataDir,
        log: (line) => lines.push(line),
        env: {
          MONGODB_URI: 'mongodb://venuebook:mongo-secret@db.internal:27017/',
          NATS_URL: 'nats://venuebook:nats-secret@nats.internal:4222',
          S3_ENDPOINT: 'https://s3.internal',
          S3_ACCESS_KEY: 'venuebook',
          S3_SECRET_KEY: 's3-secret',
        },
      });
      // The services still get the URLs as given.
      expect(infra.env.NATS_URL).toBe('nats://venuebook:nats-secret@nats.internal:4222');
      await infra.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(lines.join('\n')).toContain('nats.internal:4222');
    expect(lines.join('\n')).toContain('db.internal:27017');
    expect(lines.join('\n')).not.toMatch(/secret/);
  });
});
