// Test harness (integration tests only): the cards service on the test's servers (FerretDB, NATS) with a database
// of the test file's own, as a primary and (unless `replica: false`) a second instance on the same database; the
// venues service it asks about venues, as its own process through the launcher (a service never imports another);
// signed clients per role; a NATS connection for eventsSince and a database connection for reads behind the
// service's back. Registers the file's beforeAll and afterAll; its fields are set once beforeAll has run.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGrpcService } from '@venuebook/service-kit/processes';
import type { RunningGrpcService } from '@venuebook/service-kit/processes';
import type { CardsService } from '@venuebook/contracts/cards/v1';
import { createClient } from '@venuebook/grpc';
import type { Caller, Client } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { connectMongo, connectNats, createLogger, userContextSigner } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import type { CardsConfig } from '../config.ts';
import { start } from '../main.ts';
import type { CardsServiceHandle } from '../main.ts';
import { cardsClient, cardsTestConfig } from './cards-under-test.ts';

export interface CardsHarness {
  readonly infra: TestInfra;
  readonly dbName: string;
  readonly userContextKey: string;
  readonly config: CardsConfig;
  readonly primary: CardsServiceHandle;
  readonly replica: CardsServiceHandle;
  /** The venues service process (a database of its own). */
  readonly venuesService: RunningGrpcService;
  readonly nc: NatsConnection;
  readonly connection: Connection;
  user(role: string): Caller;
  /** A client of the primary or the replica calling as `user`, made at its first call (declare it at the top of a file). */
  clientOf(instance: 'primary' | 'replica', user: string | Caller): Client<typeof CardsService>;
  /** Creates a venue through the venues service (as an editor); its id. */
  createVenue(name?: string): Promise<string>;
  /** Soft-deletes a venue through the venues service (as an admin). */
  deleteVenue(id: string): Promise<void>;
  /** Deletes a soft-deleted venue for good through the venues service (as an admin). */
  purgeVenue(id: string): Promise<void>;
}

/** `env`: settings of both instances beyond the test defaults (cardsTestConfig). */
export function cardsUnderTest(name: string, options: { replica?: boolean; env?: Record<string, string> } = {}): CardsHarness {
  const clients: { close(): void }[] = [];
  const suffix = randomUUID().slice(0, 8);
  const user = (role: string): Caller => ({ userId: randomUUID(), email: `${role}@example.com`, role, requestId: `${name}-${role}` });
  async function asAdmin(call: (venues: Client<typeof VenuesService>) => Promise<unknown>): Promise<void> {
    const venues = createClient(VenuesService, harness.venuesService.address, {
      deadlineMs: 10_000,
      metadata: userContextSigner(user('admin'), harness.userContextKey),
    });
    try {
      await call(venues);
    } finally {
      venues.close();
    }
  }
  const harness = {
    infra: testInfra(),
    dbName: `venuebook_test_cards_${name.replaceAll('-', '_')}_${suffix}`,
    userContextKey: randomBytes(32).toString('base64url'),
    user,
    clientOf(instance: 'primary' | 'replica', who: string | Caller): Client<typeof CardsService> {
      const caller = typeof who === 'string' ? user(who) : who;
      let client: Client<typeof CardsService> | undefined;
      return new Proxy({} as Client<typeof CardsService>, {
        get(_target, key) {
          if (!client) {
            client = cardsClient(harness[instance], caller, harness.userContextKey);
            clients.push(client);
          }
          const value: unknown = Reflect.get(client, key);
          return typeof value === 'function' ? value.bind(client) : value;
        },
      });
    },
    async createVenue(venueName = `Cards ${randomUUID().slice(0, 8)} Arena`): Promise<string> {
      const venues = createClient(VenuesService, harness.venuesService.address, {
        deadlineMs: 10_000,
        metadata: userContextSigner(user('editor'), harness.userContextKey),
      });
      try {
        const { venue } = await venues.createVenue({ venue: { name: venueName } });
        if (!venue) throw new Error('no venue');
        return venue.id;
      } finally {
        venues.close();
      }
    },
    deleteVenue: (id: string) => asAdmin((venues) => venues.deleteVenue({ id })),
    purgeVenue: (id: string) => asAdmin((venues) => venues.purgeVenue({ id })),
  } as Omit<CardsHarness, 'config' | 'primary' | 'replica' | 'venuesService' | 'nc' | 'connection'> & {
    config: CardsConfig;
    primary: CardsServiceHandle;
    replica: CardsServiceHandle;
    venuesService: RunningGrpcService;
    nc: NatsConnection;
    connection: Connection;
  };

  beforeAll(async () => {
    harness.venuesService = await startGrpcService({
      name: 'venues',
      env: {
        MONGODB_URI: harness.infra.mongoUri,
        NATS_URL: harness.infra.natsUrl,
        MONGODB_DB: `venuebook_test_cards_venues_${suffix}`,
        USER_CONTEXT_KEY: harness.userContextKey,
      },
      logDir: mkdtempSync(join(tmpdir(), 'venuebook-cards-int-')),
      logLevel: 'warn',
    });
    harness.config = cardsTestConfig(harness.infra, {
      db: harness.dbName,
      userContextKey: harness.userContextKey,
      venuesAddress: harness.venuesService.address,
      ...(options.env ? { env: options.env } : {}),
    });
    harness.primary = await start(harness.config, { logger: createLogger(`cards-${name}`, { level: 'warn' }) });
    if (options.replica !== false) harness.replica = await start(harness.config, { logger: createLogger(`cards-${name}-replica`, { level: 'warn' }) });
    harness.nc = await connectNats(harness.infra.natsUrl);
    harness.connection = await connectMongo(harness.infra.mongoUri, harness.dbName);
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await harness.replica?.stop();
    await harness.primary?.stop();
    await harness.venuesService?.stop();
    await harness.nc?.drain();
    await harness.connection?.dropDatabase().catch(() => undefined);
    await harness.connection?.close();
  });

  return harness;
}
