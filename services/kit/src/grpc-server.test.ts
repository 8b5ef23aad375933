import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEFAULT_CHANNEL_OPTIONS, DEFAULT_MAX_MESSAGE_BYTES, GrpcError, GrpcStatus, partialHandlers } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { createHealthChecker } from './grpc-health.ts';
import { startGrpcServer } from './grpc-server.ts';
import type { RunningGrpcServer } from './grpc-server.ts';
import { createLogger } from './logger.ts';

const logged: string[] = [];
const logger = createLogger('test', {
  level: 'info',
  destination: new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logged.push(chunk.toString());
      callback();
    },
  }),
});

const handlers = partialHandlers(VenuesService, {
  async getVenue(request) {
    if (request.id === 'crash') throw new Error('boom with secret');
    if (request.id === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { venue: { id: request.id, name: 'Arena' } };
  },
  async listVenues() {
    return { venues: [], total: 0, page: 1, pageSize: 50 };
  },
  async createVenue() {
    throw GrpcError.invalidArgument('Invalid venue', [{ field: 'name', message: 'Required' }]);
  },
});

describe('startGrpcServer', () => {
  let running: RunningGrpcServer;

  beforeAll(async () => {
    running = await startGrpcServer({ host: '127.0.0.1', port: 0, services: [{ service: VenuesService, handlers }], logger });
  });

  afterAll(async () => {
    await running?.stop(100);
  });

  it('binds a free port and serves the registered service', async () => {
    expect(running.port).toBeGreaterThan(0);
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`);
    try {
      const response = await client.getVenue({ id: 'v1' });
      expect(response.venue?.name).toBe('Arena');
      const error = (await client.createVenue({}).catch((caught: unknown) => caught)) as GrpcError;
      expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(error.fieldErrors).toEqual([{ field: 'name', message: 'Required' }]);
    } finally {
      client.close();
    }
  });

  it('logs unexpected handler errors and answers INTERNAL', async () => {
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`);
    try {
      const error = (await client.getVenue({ id: 'crash' }).catch((caught: unknown) => caught)) as GrpcError;
      expect(error.code).toBe(GrpcStatus.INTERNAL);
      expect(error.message).not.toContain('secret');
      expect(logged.join('')).toContain('gRPC handler failed');
      expect(logged.join('')).toContain('venuebook.venues.v1.VenuesService/GetVenue');
    } finally {
      client.close();
    }
  });

  it('reports SERVING through the standard health service', async () => {
    const health = createHealthChecker(`127.0.0.1:${running.port}`);
    try {
      expect(await health.check('')).toBe('SERVING');
      expect(await health.check('venuebook.venues.v1.VenuesService')).toBe('SERVING');
      expect(await health.check('no.such.Service')).toBe('SERVICE_UNKNOWN');
    } finally {
      health.close();
    }
  });
});

describe('stop()', () => {
  it('lets an in-flight call finish, then refuses new connections', async () => {
    const running = await startGrpcServer({ host: '127.0.0.1', port: 0, services: [{ service: VenuesService, handlers }], logger });
    const address = `127.0.0.1:${running.port}`;
    const client = createClient(VenuesService, address, { deadlineMs: 2000 });
    const health = createHealthChecker(address);
    try {
      const inFlight = client.getVenue({ id: 'slow' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await running.stop(2000);
      await expect(inFlight).resolves.toMatchObject({ venue: { id: 'slow' } });
      expect(await health.check('')).toBe('UNREACHABLE');
      const error = (await client.getVenue({ id: 'after' }).catch((caught: unknown) => caught)) as GrpcError;
      expect(error.code).toBe(GrpcStatus.UNAVAILABLE);
    } finally {
      client.close();
      health.close();
    }
  });

  it('forces the shutdown after the timeout', async () => {
    const running = await startGrpcServer({ host: '127.0.0.1', port: 0, services: [{ service: VenuesService, handlers }], logger });
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`, { deadlineMs: 2000 });
    try {
      const inFlight = client.getVenue({ id: 'slow' }).catch((caught: unknown) => caught);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      await running.stop(50);
      expect(Date.now() - started).toBeLessThan(250);
      const error = (await inFlight) as GrpcError;
      expect(error).toBeInstanceOf(GrpcError);
    } finally {
      client.close();
    }
  });
});

describe('message size limits (one setting for clients and servers)', () => {
  const LIMIT = 64 * 1024;
  const created: string[] = [];
  const sized = partialHandlers(VenuesService, {
    async getVenue(request) {
      return { venue: { id: request.id, generalNotes: request.id === 'big' ? 'x'.repeat(100_000) : 'small' } };
    },
    async listVenues() {
      return {};
    },
    async createVenue(request) {
      created.push(request.venue?.name ?? '');
      return { venue: { id: 'new' } };
    },
  });

  it('applies the default limit to both directions of every channel', () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(4 * 1024 * 1024);
    expect(DEFAULT_CHANNEL_OPTIONS['grpc.max_receive_message_length']).toBe(DEFAULT_MAX_MESSAGE_BYTES);
    expect(DEFAULT_CHANNEL_OPTIONS['grpc.max_send_message_length']).toBe(DEFAULT_MAX_MESSAGE_BYTES);
  });

  it('a server refuses an over-limit request and an over-limit response with RESOURCE_EXHAUSTED, promptly, and keeps serving', async () => {
    const running = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      services: [{ service: VenuesService, handlers: sized }],
      logger,
      maxMessageBytes: LIMIT,
    });
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`, { deadlineMs: 5000 });
    try {
      const started = Date.now();
      const tooBig = (await client.createVenue({ venue: { name: 'Huge', generalNotes: 'x'.repeat(100_000) } }).catch((caught: unknown) => caught)) as GrpcError;
      expect(tooBig).toBeInstanceOf(GrpcError);
      expect(tooBig.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
      expect(tooBig.message).toMatch(/larger than max/);
      expect(created).toEqual([]);
      const answerTooBig = (await client.getVenue({ id: 'big' }).catch((caught: unknown) => caught)) as GrpcError;
      expect(answerTooBig.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
      expect(answerTooBig.message).toMatch(/larger than max \(\d+ vs\. 65536\)/);
      expect(Date.now() - started).toBeLessThan(2000);
      await expect(client.getVenue({ id: 'fine' })).resolves.toMatchObject({ venue: { generalNotes: 'small' } });
      await expect(client.createVenue({ venue: { name: 'Small' } })).resolves.toMatchObject({ venue: { id: 'new' } });
    } finally {
      client.close();
      await running.stop(100);
    }
  });

  it('a client with a limit refuses to send or receive more', async () => {
    const running = await startGrpcServer({ host: '127.0.0.1', port: 0, services: [{ service: VenuesService, handlers: sized }], logger });
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`, { deadlineMs: 5000, maxMessageBytes: LIMIT });
    try {
      const received = (await client.getVenue({ id: 'big' }).catch((caught: unknown) => caught)) as GrpcError;
      expect(received.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
      const before = created.length;
      const sent = (await client.createVenue({ venue: { name: 'Huge', generalNotes: 'x'.repeat(100_000) } }).catch((caught: unknown) => caught)) as GrpcError;
      expect(sent.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
      expect(created.length).toBe(before);
    } finally {
      client.close();
      await running.stop(100);
    }
  });
});
