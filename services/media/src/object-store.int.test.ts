// The object store against the test's MinIO: a streamed put of known size (several parts' worth, one PUT), ranged
// reads, removal by keys and by prefix, and a put whose source fails leaves no object.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { testInfra } from '@venuebook/service-kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createObjectStore, documentKeys, PART_SIZE, venuePrefix } from './adapters/object-store.ts';

const infra = testInfra();
const store = createObjectStore({
  S3_ENDPOINT: `${infra.s3.useSSL ? 'https' : 'http'}://${infra.s3.endPoint}:${infra.s3.port}`,
  S3_ACCESS_KEY: infra.s3.accessKey,
  S3_SECRET_KEY: infra.s3.secretKey,
  S3_BUCKET: `media-store-${randomUUID().slice(0, 8)}`,
  S3_REGION: 'us-east-1',
});

async function* bytes(total: number, chunk = 256 * 1024, failAt?: number): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < total; sent += chunk) {
    if (failAt !== undefined && sent >= failAt) throw new Error('source failed');
    const size = Math.min(chunk, total - sent);
    yield Buffer.alloc(size, (sent / chunk) % 256);
  }
}

async function read(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('object store', () => {
  beforeAll(async () => {
    await store.ensureBucket();
    await store.ensureBucket();
  });

  it('puts a stream of known size, reads it whole and by range, removes it', async () => {
    const venueId = randomUUID();
    const keys = documentKeys(venueId, randomUUID());
    const size = 2 * PART_SIZE + 12345;
    await store.put(keys.original, bytes(size), size, 'application/pdf');
    expect(await store.stat(keys.original)).toMatchObject({ size });
    expect((await read(await store.get(keys.original))).length).toBe(size);
    const range = await read(await store.get(keys.original, { start: 256 * 1024 - 2, end: 256 * 1024 + 1 }));
    expect([...range]).toEqual([0, 0, 1, 1]);
    await store.remove([keys.original, keys.thumb]);
    expect(await store.stat(keys.original)).toBeNull();
  });

  it('leaves no object when the source fails', async () => {
    const key = documentKeys(randomUUID(), randomUUID()).original;
    const size = 3 * PART_SIZE;
    await expect(store.put(key, bytes(size, 256 * 1024, PART_SIZE + 1), size, 'application/zip')).rejects.toThrow();
    expect(await store.stat(key)).toBeNull();
  });

  it("removes every object of a venue by prefix and no other venue's", async () => {
    const [gone, kept] = [randomUUID(), randomUUID()];
    for (const venueId of [gone, kept, gone]) {
      const keys = documentKeys(venueId, randomUUID());
      await store.put(keys.original, Buffer.from('x'), 1, 'text/plain');
      await store.put(keys.thumb, Buffer.from('yy'), 2, 'image/webp');
    }
    expect(await store.removePrefix(venuePrefix(gone))).toBe(4);
    expect(await store.removePrefix(venuePrefix(gone))).toBe(0);
    expect(await store.removePrefix(venuePrefix(kept))).toBe(2);
    expect(() => venuePrefix('../x')).toThrow();
  });
});

describe('object store: counts', () => {
  it('refuses a source shorter or longer than announced and stores nothing', async () => {
    for (const [sent, announced] of [
      [PART_SIZE * 2, PART_SIZE * 2 + 1],
      [PART_SIZE + 5, PART_SIZE + 4],
      [10, 11],
      [12, 11],
    ] as const) {
      const key = documentKeys(randomUUID(), randomUUID()).original;
      await expect(store.put(key, bytes(sent), announced, 'application/zip')).rejects.toThrow(/announced/);
      expect(await store.stat(key)).toBeNull();
    }
  });
});
