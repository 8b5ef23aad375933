// A 200 MB upload and read-back through a listening gateway on the real services: the bytes are generated while they
// are sent (never held), and the gateway's and the media service's memory must stay flat while they stream through.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import type { VenueDocumentDto } from '@venuebook/proto/domain';
import { gatewayFixture } from './testing/gateway-fixture.ts';

const gateway = gatewayFixture(['editor']);
const { editor } = gateway.headers;

const FILE_BYTES = 200 * 1024 * 1024;
/** The RSS either process may grow by while the file streams through. */
const MAX_GROWTH_BYTES = 100 * 1024 * 1024;
const MiB = 1024 * 1024;

/** One 64 KiB block of printable ASCII lines, repeated: valid text whatever the media service checks. */
const BLOCK = Buffer.from(Array.from({ length: 1024 }, (_, line) => `${String(line).padStart(6, '0')} venue book streamed upload line .................................`.slice(0, 63) + '\n').join(''));

/** The file's bytes, made as they are read (and hashed on the way). */
function generatedFile(total: number, hash: ReturnType<typeof createHash>): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const chunk = BLOCK.subarray(0, Math.min(BLOCK.length, total - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
}

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

describe('a 200 MB upload streams through the gateway', () => {
  it('uploads and reads back 200 MB with flat memory in the gateway and the media service', { timeout: 600_000 }, async () => {
    const app = await gateway.under.buildAnother({});
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const venue = await app.inject({ method: 'POST', url: '/api/v1/venues', headers: editor, payload: { name: `Large ${randomUUID().slice(0, 6)} Arena` } });
    expect(venue.statusCode, venue.body).toBe(201);
    const venueId = venue.json<{ id: string }>().id;
    const mediaPid = gateway.under.pids.media;
    global.gc?.();

    // Upload: multipart framing around the generated file, sent with chunked transfer encoding.
    const boundary = `----venuebook${randomUUID()}`;
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = field('category', 'technical') + field('size', String(FILE_BYTES)) + field('lastModified', '1700000000000') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const sentHash = createHash('sha256');
    async function* body() {
      yield Buffer.from(head);
      yield* generatedFile(FILE_BYTES, sentHash);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const uploadSampler = sampler(mediaPid);
    const startedAt = performance.now();
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: `/api/v1/venues/${venueId}/documents`, headers: { ...editor, 'content-type': `multipart/form-data; boundary=${boundary}` } },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (chunk: Buffer) => parts.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
        },
      );
      outgoing.on('error', reject);
      Readable.from(body()).pipe(outgoing);
    });
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
      `200 MB upload: ${uploadSeconds.toFixed(1)} s (${(FILE_BYTES / MiB / uploadSeconds).toFixed(1)} MiB/s); gateway RSS ${mb(upload.gateway.start)} → peak ${mb(upload.gateway.peak)} (+${mb(upload.gateway.growth)}), media RSS ${mb(upload.media.start)} → peak ${mb(upload.media.peak)} (+${mb(upload.media.growth)}); ${upload.samples} samples`,
    );
    console.log(
      `200 MB read-back: ${readSeconds.toFixed(1)} s (${(FILE_BYTES / MiB / readSeconds).toFixed(1)} MiB/s); gateway RSS +${mb(read.gateway.growth)} (peak ${mb(read.gateway.peak)}), media RSS +${mb(read.media.growth)} (peak ${mb(read.media.peak)})`,
    );
    expect(received).toBe(FILE_BYTES);
    expect(readHash.digest('hex')).toBe(sentHash.digest('hex'));
    expect(upload.gateway.growth).toBeLessThan(MAX_GROWTH_BYTES);
    expect(upload.media.growth).toBeLessThan(MAX_GROWTH_BYTES);
    expect(read.gateway.growth).toBeLessThan(MAX_GROWTH_BYTES);
    expect(read.media.growth).toBeLessThan(MAX_GROWTH_BYTES);
  });
});
