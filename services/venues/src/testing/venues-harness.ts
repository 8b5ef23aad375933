// Test harness (integration tests only): the venues service on the test's servers (FerretDB, NATS) with a
// database of the test file's own, as a primary and (unless `replica: false`) a second instance on the same
// database and NATS as a replica; signed clients per role; a NATS connection for eventsSince and a database
// connection for reads behind the service's back. Registers the file's beforeAll (start) and afterAll (clients
// closed, instances stopped, the database dropped); its fields are set once beforeAll has run.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Caller, Client } from '@venuebook/grpc';
import type { VenuesService } from '@venuebook/contracts/venues/v1';
import { connectMongo, connectNats, createLogger } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import type { VenuesConfig } from '../config.ts';
import { start } from '../main.ts';
import type { VenuesServiceHandle } from '../main.ts';
import { venuesClient, venuesTestConfig } from './venues-under-test.ts';

export interface VenuesHarness {
  readonly infra: TestInfra;
  readonly dbName: string;
  readonly userContextKey: string;
  readonly config: VenuesConfig;
  readonly primary: VenuesServiceHandle;
  /** The second instance (not started with `replica: false`). */
  readonly replica: VenuesServiceHandle;
  readonly nc: NatsConnection;
  /** The test database, for reads and writes behind the service's back. */
  readonly connection: Connection;
  /** A new user of `role` (its own id; request id `<name>-<role>`). */
  user(role: string): Caller;
  /** A client of `service` calling as `user` (a new user of that role when a role is given); closed in afterAll. */
  client(service: VenuesServiceHandle, user: string | Caller): Client<typeof VenuesService>;
  /**
   * The same for the primary or the replica, to be declared at the top of a file: the client is made at its
   * first call (the instances have started by then), e.g. `const editor = harness.clientOf('primary', EDITOR)`.
   */
  clientOf(instance: 'primary' | 'replica', user: string | Caller): Client<typeof VenuesService>;
}

/** The harness of a test file named `name` (in the database's name, the loggers' and the request ids). */
export function venuesUnderTest(name: string, options: { replica?: boolean; config?: Partial<VenuesConfig> } = {}): VenuesHarness {
  const clients: Client<typeof VenuesService>[] = [];
  const harness = {
    infra: testInfra(),
    dbName: `venuebook_test_${name.replaceAll('-', '_')}_${randomUUID().slice(0, 8)}`,
    userContextKey: randomBytes(32).toString('base64url'),
    user: (role: string): Caller => ({ userId: randomUUID(), email: `${role}@example.com`, role, requestId: `${name}-${role}` }),
    client(service: VenuesServiceHandle, user: string | Caller): Client<typeof VenuesService> {
      const client = venuesClient(service, typeof user === 'string' ? harness.user(user) : user, harness.userContextKey);
      clients.push(client);
      return client;
    },
    clientOf(instance: 'primary' | 'replica', user: string | Caller): Client<typeof VenuesService> {
      const caller = typeof user === 'string' ? harness.user(user) : user;
      let client: Client<typeof VenuesService> | undefined;
      return new Proxy({} as Client<typeof VenuesService>, {
        get(_target, key) {
          client ??= harness.client(harness[instance], caller);
          const value: unknown = Reflect.get(client, key);
          return typeof value === 'function' ? value.bind(client) : value;
        },
      });
    },
  } as Omit<VenuesHarness, 'config' | 'primary' | 'replica' | 'nc' | 'connection'> & {
    config: VenuesConfig;
    primary: VenuesServiceHandle;
    replica: VenuesServiceHandle;
    nc: NatsConnection;
    connection: Connection;
  };

  beforeAll(async () => {
    harness.config = { ...venuesTestConfig(harness.infra, { db: harness.dbName, userContextKey: harness.userContextKey }), ...options.config };
    harness.primary = await start(harness.config, { logger: createLogger(`venues-${name}`, { level: 'warn' }) });
    if (options.replica !== false) harness.replica = await start(harness.config, { logger: createLogger(`venues-${name}-replica`, { level: 'warn' }) });
    harness.nc = await connectNats(harness.infra.natsUrl);
    harness.connection = await connectMongo(harness.infra.mongoUri, harness.dbName);
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await harness.replica?.stop();
    await harness.primary?.stop();
    await harness.nc?.drain();
    await harness.connection?.dropDatabase().catch(() => undefined);
    await harness.connection?.close();
  });

  return harness;
}
