// Several replicas behind one typed client: the target grpc-js balances with round_robin, reads retried on
// UNAVAILABLE (a replica going down mid-call: grpc-js's retry policy, then the client's own tries), writes never
// retried. Real grpc-js servers on loopback.
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import {
  createClient,
  GrpcError as GrpcErrorClass,
  grpcTarget,
  idempotentReads,
  implement,
  READ_RETRY_PAUSES_MS,
  splitGrpcAddresses,
  toServiceDefinition,
} from './index.ts';
import type { GrpcError, ServiceHandlers } from './index.ts';

describe('grpcTarget', () => {
  it('keeps one host:port as it is (DNS: every address of the name is balanced)', () => {
    expect(grpcTarget('venues:50051')).toBe('venues:50051');
    expect(grpcTarget('127.0.0.1:50051')).toBe('127.0.0.1:50051');
    expect(grpcTarget(' [::1]:50051 ')).toBe('[::1]:50051');
  });

  it('turns a list of IP addresses into one ipv4: or ipv6: target', () => {
    expect(grpcTarget('127.0.0.1:50051,127.0.0.1:50052')).toBe('ipv4:127.0.0.1:50051,127.0.0.1:50052');
    expect(grpcTarget(' 10.0.0.1:1 , 10.0.0.2:2 ')).toBe('ipv4:10.0.0.1:1,10.0.0.2:2');
    expect(grpcTarget('[::1]:50051,[fd00::2]:50052')).toBe('ipv6:[::1]:50051,[fd00::2]:50052');
  });

  it('refuses lists it cannot balance, with the reason', () => {
    expect(() => grpcTarget('venues-1:50051,venues-2:50051')).toThrow(
      /several addresses must be IP addresses.*one host name that DNS resolves to every replica/,
    );
    expect(() => grpcTarget('127.0.0.1:50051,[::1]:50052')).toThrow(/all IPv4 or all IPv6/);
    expect(() => grpcTarget('127.0.0.1:50051,,127.0.0.1:50052')).toThrow(/empty entry/);
    expect(() => grpcTarget('127.0.0.1,127.0.0.1:50052')).toThrow(/'127.0.0.1' is not host:port/);
    expect(() => grpcTarget('')).toThrow(/no address/);
  });

  it('splits a list into its addresses', () => {
    expect(splitGrpcAddresses(' 127.0.0.1:1, 127.0.0.1:2 ')).toEqual(['127.0.0.1:1', '127.0.0.1:2']);
  });
});

describe('idempotentReads', () => {
  it('names the Get and List methods only', () => {
    expect(idempotentReads(VenuesService).map((method) => method.name)).toEqual(
      VenuesService.methods.map((method) => method.name).filter((name) => /^(Get|List)[A-Z]/.test(name)),
    );
    expect(idempotentReads(VenuesService).map((method) => method.name)).toContain('ListVenues');
    expect(idempotentReads(VenuesService).map((method) => method.name)).not.toContain('CreateVenue');
  });
});

/**
 * One replica: a real grpc-js server behind a TCP relay, whose calls can be held; kill() drops every
 * connection as a dying process does (the client sees the connection go, not a graceful goodbye).
 */
class Replica {
  readonly server = new grpc.Server();
  readonly calls: string[] = [];
  /** While true, calls are held until the replica goes away. */
  hold = false;
  /** This many calls more are answered UNAVAILABLE (as an overloaded or starting server could). */
  unavailableFor = 0;
  held = 0;
  #relay: Server | undefined;
  readonly #sockets = new Set<Socket>();
  readonly name: string;

  constructor(name: string) {
    this.name = name;
    const answers: Record<string, unknown> = {
      listVenues: { venues: [{ id: name, name }], total: 1 },
      getVenue: { venue: { id: name, name } },
      createVenue: { venue: { id: name, name } },
    };
    const handlers = Object.fromEntries(
      VenuesService.methods.map((method) => [
        method.localName,
        async () => {
          this.calls.push(method.name);
          if (this.unavailableFor > 0) {
            this.unavailableFor -= 1;
            throw new GrpcErrorClass(grpc.status.UNAVAILABLE, 'not now');
          }
          if (this.hold) {
            this.held += 1;
            await new Promise(() => undefined);
          }
          return answers[method.localName] ?? {};
        },
      ]),
    ) as unknown as ServiceHandlers<typeof VenuesService>;
    this.server.addService(toServiceDefinition(VenuesService), implement(VenuesService, handlers));
  }

  async listen(): Promise<string> {
    const port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    const relay = createServer((client) => {
      const upstream = connect(port, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.#sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    this.#relay = relay;
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  kill(): void {
    this.#relay?.close();
    for (const socket of this.#sockets) socket.resetAndDestroy();
    this.server.forceShutdown();
  }
}

describe('a client of two replicas (real servers)', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  async function twoReplicas() {
    const replicas = [new Replica('one'), new Replica('two')];
    const addresses = await Promise.all(replicas.map((replica) => replica.listen()));
    const client = createClient(VenuesService, addresses.join(','), { deadlineMs: 5000 });
    cleanups.push(() => {
      client.close();
      for (const replica of replicas) replica.kill();
    });
    return { replicas, client };
  }

  it('spreads calls over both replicas (round_robin)', async () => {
    const { replicas, client } = await twoReplicas();
    const served = [];
    for (let index = 0; index < 20; index += 1) served.push((await client.listVenues({})).venues[0]!.id);
    expect(new Set(served)).toEqual(new Set(['one', 'two']));
    expect(replicas[0]!.calls.length + replicas[1]!.calls.length).toBe(20);
    expect(Math.abs(replicas[0]!.calls.length - replicas[1]!.calls.length)).toBeLessThanOrEqual(2);
  });

  /** Starts `call` with both replicas holding calls, takes down the replica that got it; the other answers. */
  async function downMidCall(replicas: Replica[], call: () => Promise<unknown>): Promise<{ result: unknown; down: Replica; up: Replica }> {
    for (const replica of replicas) replica.hold = true;
    const pending = call().catch((error: unknown) => error);
    await expect.poll(() => replicas.filter((replica) => replica.held > 0).length).toBe(1);
    const down = replicas.find((replica) => replica.held > 0)!;
    const up = replicas.find((replica) => replica !== down)!;
    up.hold = false;
    down.kill();
    return { result: await pending, down, up };
  }

  it('retries a read once on the other replica when its replica goes down mid-call', async () => {
    const { replicas, client } = await twoReplicas();
    await client.listVenues({});
    await client.listVenues({});
    const { result, up } = await downMidCall(replicas, () => client.getVenue({ id: 'x' }));
    expect(result).toMatchObject({ venue: { id: up.name } });
    expect(up.calls.at(-1)).toBe('GetVenue');
  });

  it('never retries a write: the caller sees UNAVAILABLE and the other replica got no call', async () => {
    const { replicas, client } = await twoReplicas();
    await client.listVenues({});
    await client.listVenues({});
    const { result, up } = await downMidCall(replicas, () => client.createVenue({ venue: { name: 'Once Only Hall' } }));
    expect((result as GrpcError).codeName).toBe('UNAVAILABLE');
    expect(up.calls).not.toContain('CreateVenue');
  });

  // It waits out the client's read-retry pauses twice (250 + 750 ms each) besides grpc-js's own back-offs: more than
  // the default 5 s of a test on a busy machine.
  it("tries a read again after a pause when grpc-js's own tries all met UNAVAILABLE, within the deadline; a write never", async () => {
    const { replicas, client: balanced } = await twoReplicas();
    // Both replicas answer UNAVAILABLE in turn: one client of the two, the other stopped taking calls.
    const [replica, other] = replicas as [Replica, Replica];
    other.kill();
    await expect.poll(async () => (await balanced.listVenues({})).venues[0]!.id).toBe('one');
    replica.calls.length = 0;
    const client = balanced;
    // grpc-js tries 5 times (serviceConfig); the 6th and 7th calls fail too, the 8th answers.
    replica.unavailableFor = 7;
    const started = Date.now();
    expect((await client.listVenues({})).venues[0]!.id).toBe('one');
    expect(replica.calls.filter((name) => name === 'ListVenues')).toHaveLength(8);
    expect(Date.now() - started).toBeGreaterThanOrEqual(READ_RETRY_PAUSES_MS[0]);
    // Every try failing: UNAVAILABLE after 3 rounds of grpc-js's 5.
    replica.unavailableFor = 100;
    replica.calls.length = 0;
    expect(((await client.getVenue({ id: 'x' }).catch((error: unknown) => error)) as GrpcError).codeName).toBe('UNAVAILABLE');
    expect(replica.calls).toHaveLength(15);
    // A write: one call, never again.
    replica.calls.length = 0;
    expect(((await client.createVenue({ venue: { name: 'Once Only Hall' } }).catch((error: unknown) => error)) as GrpcError).codeName).toBe('UNAVAILABLE');
    expect(replica.calls).toEqual(['CreateVenue']);
  }, 15_000);

  it('keeps serving from the other replica while one is down', async () => {
    const { replicas, client } = await twoReplicas();
    await client.listVenues({});
    replicas[0]!.kill();
    for (let index = 0; index < 10; index += 1) expect((await client.listVenues({})).venues[0]!.id).toBe('two');
  });
});
