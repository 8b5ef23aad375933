// A 400 MB upload and read-back through a listening gateway on the real services: the bytes are generated while they
// are sent (never held, by a process of their own: testing/streamed-upload.ts), and the gateway's and the media
// service's memory must stay flat while they stream through.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { VenueDocumentDto } from '@venuebook/domain';
import { gatewayFixture } from './testing/gateway-fixture.ts';
import type { StreamedUploadResult } from './testing/streamed-upload.ts';

const gateway = gatewayFixture(['editor']);
const { editor } = gateway.headers;

const FILE_BYTES = 400 * 1024 * 1024;
/**
 * The RSS either process may grow by while the file streams through: well under the file (held whole, or half of
 * it, the process would grow by more), and well over the garbage of the chunks on their way, which V8 collects in
 * batches whose size does not grow with the file's.
 */
const MAX_GROWTH_BYTES = 150 * 1024 * 1024;
const MiB = 1024 * 1024;

function rssOfPid(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples the RSS of this process (the in-process gateway) and of the media service every 100 ms. */
function sampler(mediaPid: number) {
  const gatewayRss: number[] = [];
  const mediaRss: number[] = [];
  const sample = () => {
    gatewayRss.push(process.memoryUsage().rss);
    mediaRss.push(rssOfPid(mediaPid));
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const figures = (values: number[]) => ({ start: values[0]!, peak: Math.max(...values), growth: Math.max(...values) - values[0]! });
      return { gateway: figures(gatewayRss), media: figures(mediaRss), samples: gatewayRss.length };
    },
  };
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

describe('a 400 MB upload streams through the gateway', () => {
  it('uploads and reads back 400 MB with flat memory in the gateway and the media service', { timeout: 600_000 }, async () => {
    const app = await gateway.under.buildAnother({});
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const venue = await app.inject({ method: 'POST', url: '/api/v1/venues', headers: editor, payload: { name: `Large ${randomUUID().slice(0, 6)} Arena` } });
    expect(venue.statusCode, venue.body).toBe(201);
    const venueId = venue.json<{ id: string }>().id;
    const mediaPid = gateway.under.pids.media;
    global.gc?.();

    // Upload: multipart framing around the generated file, sent with chunked transfer encoding by a process of its
    // own (its buffers would count in this process's memory, which is the gateway's).
    const uploadSampler = sampler(mediaPid);
    const startedAt = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(new URL('./testing/streamed-upload.ts', import.meta.url))], {
      env: {
        ...process.env,
        UPLOAD_URL: `http://127.0.0.1:${port}/api/v1/venues/${venueId}/documents`,
        UPLOAD_BYTES: String(FILE_BYTES),
        UPLOAD_HEADERS: JSON.stringify(editor),
      },
    });
    const answer = JSON.parse(stdout) as StreamedUploadResult;
    const uploadSeconds = (performance.now() - startedAt) / 1000;
    const upload = uploadSampler.stop();
    expect(answer.status, answer.text.slice(0, 300)).toBe(201);
    const document = JSON.parse(answer.text) as VenueDocumentDto;
    expect(document.fileSize).toBe(FILE_BYTES);

    // Read-back: streamed to a hash, never held.
    const readSampler = sampler(mediaPid);
    const readStartedAt = performance.now();
    const readHash = createHash('sha256');
    let received = 0;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, method: 'GET', path: document.urls.original }, resolve).on('error', reject).end();
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(FILE_BYTES));
    await pipeline(response, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        received += chunk.length;
        readHash.update(chunk);
      }
    });
    const readSeconds = (performance.now() - readStartedAt) / 1000;
    const read = readSampler.stop();
    await app.close();

    console.log(
      `400 MB upload: ${uploadSeconds.toFixed(1)} s (${(FILE_BYTES / MiB / uploadSeconds).toFixed(1)} MiB/s); gateway RSS ${mb(upload.gateway.start)} → peak ${mb(upload.gateway.peak)} (+${mb(upload.gateway.growth)}), media RSS ${mb(upload.media.start)} → peak ${mb(upload.media.peak)} (+${mb(upload.media.growth)}); ${upload.samples} samples`,
    );
    console.log(
      `400 MB read-back: ${readSeconds.toFixed(1)} s (${(FILE_BYTES / MiB / readSeconds).toFixed(1)} MiB/s); gateway RSS +${mb(read.gateway.growth)} (peak ${mb(read.gateway.peak)}), media RSS +${mb(read.media.growth)} (peak ${mb(read.media.peak)})`,
    );
    expect(received).toBe(FILE_BYTES);
    expect(readHash.digest('hex')).toBe(answer.sha256);
    expect(upload.gateway.growth).toBeLessThan(MAX_GROWTH_BYTES);
    expect(upload.media.growth).toBeLessThan(MAX_GROWTH_BYTES);
    expect(read.gateway.growth).toBeLessThan(MAX_GROWTH_BYTES);
    expect(read.media.growth).toBeLessThan(MAX_GROWTH_BYTES);
  });
});
