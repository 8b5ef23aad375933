// The adapter's streaming calls (an upload as a client stream, a download as a server stream) against a real grpc-js server.
import { getEventListeners } from 'node:events';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaService } from '@venuebook/contracts/media/v1';
import type { ReadContentResponse, UploadDocumentRequest } from '@venuebook/contracts/media/v1';
import { createClient, GrpcError, implement, partialHandlers, toServiceDefinition } from './index.ts';
import type { Client } from './index.ts';

const CHUNK = 64 * 1024;

async function listen(server: grpc.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port)));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('streaming calls against a real grpc-js server', () => {
  const server = new grpc.Server();
  let client: Client<typeof MediaService>;
  /** Per download: how many chunks the handler has yielded, and whether its call was aborted. */
  const downloads = new Map<string, { produced: number; aborted: boolean; abortListeners: number }>();

  const handlers = partialHandlers(MediaService, {
    async uploadDocument(requests) {
      let header: UploadDocumentRequest['part'] | undefined;
      let bytes = 0;
      for await (const request of requests) {
        if (!header) {
          if (request.part.case !== 'header') throw new GrpcError(grpc.status.INVALID_ARGUMENT, 'The first message must be the header');
          header = request.part;
          if (header.value.fileName === 'refuse.txt') throw new GrpcError(grpc.status.INVALID_ARGUMENT, 'File type not allowed');
          continue;
        }
        if (request.part.case === 'chunk') bytes += request.part.value.byteLength;
      }
      return { document: { id: 'doc-1', fileName: header?.case === 'header' ? header.value.fileName : '', fileSize: bytes } };
    },
    async *readContent(request, call) {
      const state = { produced: 0, aborted: false, abortListeners: 0 };
      downloads.set(request.id, state);
      call.signal.addEventListener('abort', () => (state.aborted = true));
      const chunks = request.rangeEnd;
      yield { part: { case: 'info', value: { contentType: 'application/octet-stream', totalSize: chunks * CHUNK, length: chunks * CHUNK } } };
      for (let index = 0; index < chunks; index++) {
        if (request.id === 'fails' && index === 3) throw new GrpcError(grpc.status.NOT_FOUND, 'Document not found');
        state.produced += 1;
        state.abortListeners = Math.max(state.abortListeners, getEventListeners(call.signal, 'abort').length);
        yield { part: { case: 'chunk', value: new Uint8Array(CHUNK).fill(index % 256) } };
      }
    },
  });

  beforeAll(async () => {
    server.addService(toServiceDefinition(MediaService), implement(MediaService, handlers));
    const port = await listen(server);
    client = createClient(MediaService, `127.0.0.1:${port}`);
  });

  afterAll(() => {
    client.close();
    server.forceShutdown();
  });

  async function* upload(
    fileName: string,
    chunks: number,
    reads?: { count: number },
  ): AsyncGenerator<Parameters<typeof client.uploadDocument>[0] extends AsyncIterable<infer T> | Iterable<infer T> ? T : never> {
    yield { part: { case: 'header', value: { venueId: 'v', fileName, fileSize: chunks * CHUNK } } };
    for (let index = 0; index < chunks; index++) {
      if (reads) reads.count += 1;
      yield { part: { case: 'chunk', value: new Uint8Array(CHUNK).fill(7) } };
    }
  }

  it('sends a client stream of requests and receives the one answer', async () => {
    const answer = await client.uploadDocument(upload('big.pdf', 160));
    expect(answer.document?.fileName).toBe('big.pdf');
    expect(answer.document?.fileSize).toBe(160 * CHUNK);
  });

  it('stops reading the source when the server refuses the stream, and rejects with its status', async () => {
    const reads = { count: 0 };
    const error = await client.uploadDocument(upload('refuse.txt', 10_000, reads)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GrpcError);
    expect(error).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, message: 'File type not allowed' });
    // 10,000 chunks would be 625 MiB: the client stopped long before.
    expect(reads.count).toBeLessThan(2000);
  });

  it('cancels the call and rejects with the source error when the source fails', async () => {
    async function* failing() {
      yield* upload('a.pdf', 3);
      throw new Error('request body too large');
    }
    await expect(client.uploadDocument(failing())).rejects.toThrow('request body too large');
  });

  it('receives a server stream in order', async () => {
    const parts: ReadContentResponse['part'][] = [];
    for await (const answer of client.readContent({ id: 'whole', rangeEnd: 40 })) parts.push(answer.part);
    expect(parts[0]).toMatchObject({ case: 'info', value: { totalSize: 40 * CHUNK } });
    const chunks = parts.slice(1).map((part) => (part.case === 'chunk' ? part.value : new Uint8Array()));
    expect(chunks).toHaveLength(40);
    expect(chunks.map((chunk) => chunk[0])).toEqual(Array.from({ length: 40 }, (_, index) => index));
    expect(chunks.every((chunk) => chunk.byteLength === CHUNK)).toBe(true);
  });

  it('throws the status a server stream ends with', async () => {
    const received: number[] = [];
    const error = await (async () => {
      for await (const answer of client.readContent({ id: 'fails', rangeEnd: 10 })) if (answer.part.case === 'chunk') received.push(answer.part.value[0]!);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GrpcError);
    expect(error).toMatchObject({ code: grpc.status.NOT_FOUND, message: 'Document not found' });
    expect(received).toEqual([0, 1, 2]);
  });

  it('holds a slow reader back (the handler waits for the transport) and cancels when the reader leaves', async () => {
    let consumed = 0;
    for await (const answer of client.readContent({ id: 'slow', rangeEnd: 4000 })) {
      if (answer.part.case !== 'chunk') continue;
      consumed += 1;
      if (consumed === 5) {
        await sleep(300);
        break;
      }
    }
    const state = downloads.get('slow')!;
    // 4,000 chunks are 250 MiB; with backpressure the handler is at most the transport's windows ahead.
    expect(state.produced).toBeLessThan(400);
    await expect.poll(() => state.aborted).toBe(true);
  });

  it('waits for drain without leaving a listener behind each time (a long stream keeps a constant number)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const answer = await client.uploadDocument(upload('long.pdf', 400), { signal: controller.signal });
      expect(answer.document?.fileSize).toBe(400 * CHUNK);
      let received = 0;
      for await (const part of client.readContent({ id: 'long', rangeEnd: 400 })) if (part.part.case === 'chunk') received += 1;
      expect(received).toBe(400);
      // The handler's own listener plus at most a few of the adapter's, not one per drain (400 chunks: hundreds).
      expect(downloads.get('long')!.abortListeners).toBeLessThanOrEqual(3);
      await sleep(50);
      expect(warnings.filter((warning) => warning.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
