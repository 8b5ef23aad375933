import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { DeleteVenueRequestSchema, GetVenueRequestSchema, VenueSort, VenuesService } from '@venuebook/contracts/venues/v1';
import { createClient, GrpcError, implement, partialHandlers, toServiceDefinition } from './index.ts';
import type { Client, HandlerContext, ServiceHandlers } from './index.ts';

async function listen(server: grpc.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port)));
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('toServiceDefinition', () => {
  it('uses /<typeName>/<method> paths keyed by localName', () => {
    const definition = toServiceDefinition(VenuesService);
    expect(Object.keys(definition).sort()).toEqual(expect.arrayContaining(['createVenue', 'getVenue', 'listVenues']));
    expect(Object.keys(definition).sort()).toEqual(VenuesService.methods.map((method) => method.localName).sort());
    expect(definition.updateVenue?.path).toBe('/venuebook.venues.v1.VenuesService/UpdateVenue');
    expect(definition.listVenues?.path).toBe('/venuebook.venues.v1.VenuesService/ListVenues');
    expect(definition.listVenues?.requestStream).toBe(false);
    expect(definition.listVenues?.responseStream).toBe(false);
  });

  it('refuses an implementation with a missing handler', () => {
    const partial = { getVenue: async () => ({}) } as unknown as ServiceHandlers<typeof VenuesService>;
    expect(() => implement(VenuesService, partial)).toThrow(/No handler for venuebook.venues.v1.VenuesService\/CreateVenue/);
  });

  it('partialHandlers answers UNIMPLEMENTED for the methods it is not given', async () => {
    const handlers = partialHandlers(VenuesService, { getVenue: async () => ({ venue: { id: 'x' } }) });
    expect(() => implement(VenuesService, handlers)).not.toThrow();
    expect(await handlers.getVenue(create(GetVenueRequestSchema, { id: 'x' }), {} as HandlerContext)).toEqual({ venue: { id: 'x' } });
    await expect(handlers.deleteVenue(create(DeleteVenueRequestSchema, { id: 'x' }), {} as HandlerContext)).rejects.toMatchObject({
      code: grpc.status.UNIMPLEMENTED,
    });
  });
});

describe('grpc adapter against a real grpc-js server', () => {
  const server = new grpc.Server();
  const internalErrors: unknown[] = [];
  const contexts: HandlerContext[] = [];
  let slowHandlerAborted = false;
  let client: Client<typeof VenuesService>;
  let address: string;

  const handlers = partialHandlers(VenuesService, {
    async listVenues(request, call) {
      contexts.push(call);
      return {
        venues: request.leagues.map((league, index) => ({ id: `id-${index}`, name: `${request.query} ${league}`, leagues: [league] })),
        total: request.leagues.length,
        page: request.page,
        pageSize: request.pageSize,
      };
    },
    async createVenue(request) {
      if (request.venue?.name === 'boom') throw new Error('database password=hunter2 leaked in stack');
      throw new GrpcError(grpc.status.INVALID_ARGUMENT, 'Invalid venue', [
        { field: 'name', message: 'Venue name is required' },
        { field: 'leagues.0', message: 'Unknown league' },
      ]);
    },
    async getVenue(request, call) {
      if (request.id === 'slow') {
        await sleep(1000, call.signal);
        slowHandlerAborted = call.signal.aborted;
        return { venue: { id: 'slow' } };
      }
      throw GrpcError.notFound('Venue not found');
    },
  });

  beforeAll(async () => {
    server.addService(toServiceDefinition(VenuesService), implement(VenuesService, handlers, { onInternalError: (error) => internalErrors.push(error) }));
    const port = await listen(server);
    address = `127.0.0.1:${port}`;
    client = createClient(VenuesService, address, { deadlineMs: 2000 });
  });

  afterAll(() => {
    client?.close();
    server.forceShutdown();
  });

  it('round-trips request and response messages', async () => {
    const response = await client.listVenues(
      { query: 'Arena', leagues: ['OTE', 'OT Select'], sort: VenueSort.NAME, page: 2, pageSize: 25 },
      { metadata: { 'x-request-id': 'req-123' } },
    );
    expect(response.$typeName).toBe('venuebook.venues.v1.ListVenuesResponse');
    expect(response.total).toBe(2);
    expect(response.page).toBe(2);
    expect(response.pageSize).toBe(25);
    expect(response.venues.map((venue) => [venue.id, venue.name, venue.leagues])).toEqual([
      ['id-0', 'Arena OTE', ['OTE']],
      ['id-1', 'Arena OT Select', ['OT Select']],
    ]);
    const context = contexts.at(-1);
    expect(context?.requestId).toBe('req-123');
    // The client's 2000 ms default deadline arrives at the server.
    expect(context?.deadline).toBeGreaterThan(Date.now());
    expect(context?.deadline).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('sends a GrpcError status with its field errors and rebuilds it on the client', async () => {
    const error = await client.createVenue({ venue: { name: '' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GrpcError);
    const grpcError = error as GrpcError;
    expect(grpcError.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(grpcError.codeName).toBe('INVALID_ARGUMENT');
    expect(grpcError.message).toBe('Invalid venue');
    expect(grpcError.fieldErrors).toEqual([
      { field: 'name', message: 'Venue name is required' },
      { field: 'leagues.0', message: 'Unknown league' },
    ]);
  });

  it('maps NOT_FOUND without field errors', async () => {
    const error = (await client.getVenue({ id: 'missing' }).catch((caught: unknown) => caught)) as GrpcError;
    expect(error).toBeInstanceOf(GrpcError);
    expect(error.code).toBe(grpc.status.NOT_FOUND);
    expect(error.message).toBe('Venue not found');
    expect(error.fieldErrors).toEqual([]);
  });

  it('answers other errors with INTERNAL and a generic message', async () => {
    const error = (await client.createVenue({ venue: { name: 'boom' } }).catch((caught: unknown) => caught)) as GrpcError;
    expect(error.code).toBe(grpc.status.INTERNAL);
    expect(error.message).toBe('Internal server error');
    expect(error.message).not.toContain('hunter2');
    expect(internalErrors).toHaveLength(1);
    expect(String(internalErrors[0])).toContain('hunter2');
  });

  it('fails with DEADLINE_EXCEEDED when the handler is slower than the deadline', async () => {
    const started = Date.now();
    const error = (await client.getVenue({ id: 'slow' }, { deadlineMs: 150 }).catch((caught: unknown) => caught)) as GrpcError;
    expect(error).toBeInstanceOf(GrpcError);
    expect(error.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    expect(Date.now() - started).toBeLessThan(900);
    await expect.poll(() => slowHandlerAborted, { timeout: 2000 }).toBe(true);
  });

  it('applies the client default deadline to every call', async () => {
    const shortClient = createClient(VenuesService, address, { deadlineMs: 100 });
    try {
      const error = (await shortClient.getVenue({ id: 'slow' }).catch((caught: unknown) => caught)) as GrpcError;
      expect(error.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    } finally {
      shortClient.close();
    }
  });

  it('cancels a call through an AbortSignal', async () => {
    const controller = new AbortController();
    const pending = client.getVenue({ id: 'slow' }, { signal: controller.signal }).catch((caught: unknown) => caught);
    setTimeout(() => controller.abort(), 50);
    const error = (await pending) as GrpcError;
    expect(error.code).toBe(grpc.status.CANCELLED);
  });

  it('rejects a non-positive deadline', () => {
    expect(() => createClient(VenuesService, address, { deadlineMs: 0 })).toThrow(RangeError);
  });
});

describe('unreachable server', () => {
  it('rejects with UNAVAILABLE', async () => {
    // Bind a port and release it again, so nothing listens there.
    const probe = new grpc.Server();
    const port = await listen(probe);
    probe.forceShutdown();
    const client = createClient(VenuesService, `127.0.0.1:${port}`, { deadlineMs: 3000 });
    try {
      const error = (await client.getVenue({ id: 'x' }).catch((caught: unknown) => caught)) as GrpcError;
      expect(error).toBeInstanceOf(GrpcError);
      expect(error.code).toBe(grpc.status.UNAVAILABLE);
    } finally {
      client.close();
    }
  });
});
