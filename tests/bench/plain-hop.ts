// The yardstick of venue-get.bench.ts: a plain Fastify → grpc-js hop, two processes as the gateway and a
// service are, with nothing of ours on the path (no auth, no user context, no schemas, no logging, no
// database). The gRPC process answers every unary call with one fixed GetVenueResponse (the venue the
// benchmark passes in, so both paths carry the same bytes), protobuf-encoded per call; the HTTP process has
// one route, GET /venues/:id, that makes one grpc-js unary call and sends the decoded venue as JSON.
//
//   node tests/bench/plain-hop.ts grpc '<venue JSON>'   → prints {"port":N} once listening
//   node tests/bench/plain-hop.ts http <grpc port>      → prints {"port":N} once listening
//
// startPlainHop(venue) starts both processes and returns the HTTP base URL and a stop function.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import Fastify from 'fastify';
import { venueFromProto, venueToProto } from '@venuebook/contracts/codecs/venues';
import type { Venue } from '@venuebook/domain';
import { GetVenueRequestSchema, GetVenueResponseSchema } from '@venuebook/contracts/venues/v1';
import type { GetVenueRequest, GetVenueResponse } from '@venuebook/contracts/venues/v1';

const PATH = '/bench.PlainHop/Get';

const METHOD: grpc.MethodDefinition<GetVenueRequest, GetVenueResponse> = {
  path: PATH,
  requestStream: false,
  responseStream: false,
  requestSerialize: (value) => Buffer.from(toBinary(GetVenueRequestSchema, value)),
  requestDeserialize: (bytes) => fromBinary(GetVenueRequestSchema, bytes),
  responseSerialize: (value) => Buffer.from(toBinary(GetVenueResponseSchema, value)),
  responseDeserialize: (bytes) => fromBinary(GetVenueResponseSchema, bytes),
};

function announce(port: number): void {
  process.stdout.write(`${JSON.stringify({ port })}\n`);
}

async function serveGrpc(venueJson: string): Promise<void> {
  const response = create(GetVenueResponseSchema, { venue: venueToProto(JSON.parse(venueJson) as Venue) });
  const server = new grpc.Server();
  server.addService({ get: METHOD } as grpc.ServiceDefinition, {
    get: (_call: grpc.ServerUnaryCall<GetVenueRequest, GetVenueResponse>, callback: grpc.sendUnaryData<GetVenueResponse>) => callback(null, response),
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  announce(port);
}

async function serveHttp(grpcPort: string): Promise<void> {
  const Client = grpc.makeGenericClientConstructor({ get: METHOD } as grpc.ServiceDefinition, 'PlainHop');
  const client = new Client(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure());
  const get = (id: string): Promise<GetVenueResponse> =>
    new Promise((resolve, reject) => {
      client.makeUnaryRequest<GetVenueRequest, GetVenueResponse>(
        PATH,
        METHOD.requestSerialize,
        METHOD.responseDeserialize,
        create(GetVenueRequestSchema, { id }),
        (error, value) => (error || !value ? reject(error ?? new Error('no answer')) : resolve(value)),
      );
    });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/venues/:id', async (request) => {
    const { venue } = await get(request.params.id);
    if (!venue) throw new Error('no venue');
    return venueFromProto(venue);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0);
}

/** Starts one process of this file and waits for its port. */
function startProcess(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  // An IPC channel, so a process ends with the benchmark that started it (see the 'disconnect' below).
  const child = spawn(process.execPath, [import.meta.filename, ...args], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.once('exit', (code) => reject(new Error(`plain-hop ${args[0]} exited (${code}) before listening`)));
    child.once('error', reject);
  });
}

export interface PlainHop {
  /** e.g. http://127.0.0.1:PORT; GET `${url}/venues/<id>` answers the fixed venue. */
  url: string;
  /** The two processes' ids (for a profiler or a report). */
  pids: { http: number; grpc: number };
  stop(): Promise<void>;
}

/** Starts the gRPC process (answering `venue`) and the HTTP process in front of it. */
export async function startPlainHop(venue: Venue): Promise<PlainHop> {
  const started: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      started.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.disconnect();
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    const grpcProcess = await startProcess(['grpc', JSON.stringify(venue)]);
    started.push(grpcProcess.child);
    const httpProcess = await startProcess(['http', String(grpcProcess.port)]);
    started.push(httpProcess.child);
    return { url: `http://127.0.0.1:${httpProcess.port}`, pids: { http: httpProcess.child.pid!, grpc: grpcProcess.child.pid! }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.main) {
  process.once('disconnect', () => process.exit(0));
  const [mode, argument = ''] = process.argv.slice(2);
  if (mode === 'grpc') await serveGrpc(argument);
  else if (mode === 'http') await serveHttp(argument);
  else {
    console.error('usage: node tests/bench/plain-hop.ts grpc <venue JSON> | http <grpc port>');
    process.exit(2);
  }
}
