// A 200 MB upload through the media service as its own process (started by the launcher, as in production) keeps
// its resident memory flat: the file streams from the gRPC call into MinIO as one PUT written while it arrives
// (docs/decisions/0004-streaming-uploads.md). VmRSS of the service process is read from /proc every 50 ms during
// the upload; the figures are printed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGrpcService } from '@venuebook/service-kit/processes';
import type { RunningGrpcService } from '@venuebook/service-kit/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKeys } from './adapters/object-store.ts';
import { s3Env, mediaClient } from './testing/media-under-test.ts';
import { mediaUnderTest, uploadParts } from './testing/media-harness.ts';

const MB = 1024 * 1024;
/** 200 MB (MEDIA_MEMORY_MB changes it: the growth must not depend on the file's size). */
const SIZE = Number(process.env.MEDIA_MEMORY_MB ?? 200) * MB;
/**
 * Growth that counts as flat: 100 MB, half the default file. It leaves room for the V8 and grpc-js buffers that wait
 * for a collection, upload and read-back alike, and guards against a leak that keeps the whole file.
 */
const FLAT_LIMIT = 100 * MB;
const harness = mediaUnderTest('memory', { replica: false });
let media: RunningGrpcService;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

beforeAll(async () => {
  media = await startGrpcService({
    name: 'media',
    env: {
      MONGODB_URI: harness.infra.mongoUri,
      MONGODB_DB: harness.dbName,
      NATS_URL: harness.infra.natsUrl,
      USER_CONTEXT_KEY: harness.userContextKey,
      VENUES_GRPC_URL: harness.venuesService.address,
      CARDS_GRPC_URL: harness.cardsService.address,
      VENUE_PURGE_CONSUMER_NAME: `media-purge-memory-process`,
      ...s3Env(harness.infra, harness.bucket),
    },
    logDir: mkdtempSync(join(tmpdir(), 'venuebook-media-memory-')),
    logLevel: 'warn',
  });
}, 60_000);

afterAll(async () => {
  await media?.stop();
});

describe('upload memory', () => {
  it('keeps the service process RSS flat through a 200 MB upload', async () => {
    const venueId = await harness.createVenue();
    const client = mediaClient(media.address, harness.user('editor'), harness.userContextKey);
    const pid = media.process.child.pid!;
    const piece = new Uint8Array(256 * 1024).fill(0x61);
    async function* file(total: number): AsyncGenerator<Uint8Array> {
      for (let sent = 0; sent < total; sent += piece.length) yield piece;
    }
    try {
      // Warm up (code loaded, first buffers and connections made), then the baseline.
      await client.uploadDocument(uploadParts({ venueId, fileName: 'warm.txt', fileSize: 12 * MB }, file(12 * MB)));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const baseline = rssOf(pid);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
      const started = Date.now();
      let document;
      try {
        ({ document } = await client.uploadDocument(uploadParts({ venueId, fileName: 'big.txt', fileSize: SIZE }, file(SIZE))));
      } finally {
        clearInterval(sampler);
      }
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `[upload-memory] ${SIZE / MB} MB upload in ${seconds.toFixed(1)} s; media service VmRSS baseline ${(baseline / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB, growth ${((peak - baseline) / MB).toFixed(1)} MB`,
      );
      expect(document).toMatchObject({ fileSize: SIZE, fileType: 'text/plain' });
      expect(await harness.store.stat(documentKeys(venueId, document!.id).original)).toMatchObject({ size: SIZE });
      expect(peak - baseline).toBeLessThan(FLAT_LIMIT);

      // Reading it back (ReadContent, 256 KiB chunks from MinIO with the transport's backpressure) is flat too.
      const readBaseline = rssOf(pid);
      let readPeak = readBaseline;
      const readSampler = setInterval(() => (readPeak = Math.max(readPeak, rssOf(pid))), 50);
      let received = 0;
      try {
        for await (const answer of client.readContent({ id: document!.id })) if (answer.part.case === 'chunk') received += answer.part.value.byteLength;
      } finally {
        clearInterval(readSampler);
      }
      console.log(
        `[upload-memory] ${SIZE / MB} MB read back; media service VmRSS before ${(readBaseline / MB).toFixed(1)} MB, peak ${(readPeak / MB).toFixed(1)} MB, growth ${((readPeak - readBaseline) / MB).toFixed(1)} MB`,
      );
      expect(received).toBe(SIZE);
      expect(readPeak - readBaseline).toBeLessThan(FLAT_LIMIT);
    } finally {
      client.close();
    }
  }, 300_000);
});
