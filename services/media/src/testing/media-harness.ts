// Test harness (integration tests only): the media service on the test's servers (FerretDB, MinIO, NATS) with a
// database and a bucket of the test file's own, as a primary and (unless `replica: false`) a second instance on the
// same database and bucket; the venues and cards services it asks, as their own processes through the launcher (a
// service never imports another); signed clients per role; helpers that create venues, events and cards; a NATS
// connection for eventsSince and a database connection for reads behind the service's back.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGrpcService } from '@venuebook/service-kit/processes';
import type { RunningGrpcService } from '@venuebook/service-kit/processes';
import { CardsService } from '@venuebook/contracts/cards/v1';
import { createClient } from '@venuebook/grpc';
import type { Caller, Client } from '@venuebook/grpc';
import type { MediaService, UploadDocumentRequest, UploadHeader } from '@venuebook/contracts/media/v1';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { connectMongo, connectNats, createLogger, userContextSigner } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import type { TestInfra } from '@venuebook/service-kit/testing';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { UploadDocumentRequestSchema, UploadHeaderSchema } from '@venuebook/contracts/media/v1';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import type { MediaConfig } from '../config.ts';
import { start } from '../main.ts';
import type { MediaServiceHandle } from '../main.ts';
import { createObjectStore } from '../adapters/object-store.ts';
import type { ObjectStore } from '../adapters/object-store.ts';
import { mediaClient, mediaTestConfig } from './media-under-test.ts';

export type UploadPart = MessageInitShape<typeof UploadDocumentRequestSchema>;

export interface MediaHarness {
  readonly infra: TestInfra;
  readonly dbName: string;
  readonly bucket: string;
  readonly userContextKey: string;
  readonly config: MediaConfig;
  readonly primary: MediaServiceHandle;
  readonly replica: MediaServiceHandle;
  readonly venuesService: RunningGrpcService;
  readonly cardsService: RunningGrpcService;
  readonly nc: NatsConnection;
  readonly connection: Connection;
  /** The bucket, read behind the service's back. */
  readonly store: ObjectStore;
  user(role: string): Caller;
  clientOf(instance: 'primary' | 'replica', user: string | Caller): Client<typeof MediaService>;
  createVenue(name?: string, fields?: Record<string, string>): Promise<string>;
  createEvent(venueId: string, name?: string): Promise<string>;
  /** A venue card (custom, in IT) of the venue; its id. */
  createCard(venueId: string, title?: string): Promise<string>;
  deleteVenue(id: string): Promise<void>;
  purgeVenue(id: string): Promise<void>;
}

/** The requests of an upload: the header, then `bytes` in chunks of `chunk` bytes. */
export async function* uploadParts(
  header: MessageInitShape<typeof UploadHeaderSchema>,
  bytes: Uint8Array | AsyncIterable<Uint8Array>,
  chunk = 64 * 1024,
): AsyncGenerator<UploadPart> {
  yield { part: { case: 'header', value: header } };
  if (bytes instanceof Uint8Array) {
    for (let offset = 0; offset < bytes.length; offset += chunk) yield { part: { case: 'chunk', value: bytes.subarray(offset, offset + chunk) } };
    return;
  }
  for await (const piece of bytes) yield { part: { case: 'chunk', value: piece } };
}

export type { UploadDocumentRequest, UploadHeader };

export function mediaUnderTest(name: string, options: { replica?: boolean; env?: Record<string, string> } = {}): MediaHarness {
  const clients: { close(): void }[] = [];
  const suffix = randomUUID().slice(0, 8);
  const user = (role: string): Caller => ({ userId: randomUUID(), email: `${role}@example.com`, role, requestId: `${name}-${role}` });
  const signed = (role: string) => ({ deadlineMs: 10_000, metadata: userContextSigner(user(role), harness.userContextKey) });
  async function withVenues<T>(role: string, call: (venues: Client<typeof VenuesService>) => Promise<T>): Promise<T> {
    const venues = createClient(VenuesService, harness.venuesService.address, signed(role));
    try {
      return await call(venues);
    } finally {
      venues.close();
    }
  }
  const harness = {
    infra: testInfra(),
    dbName: `venuebook_test_media_${name.replaceAll('-', '_')}_${suffix}`,
    bucket: `media-${name}-${suffix}`.toLowerCase().slice(0, 60),
    userContextKey: randomBytes(32).toString('base64url'),
    user,
    clientOf(instance: 'primary' | 'replica', who: string | Caller): Client<typeof MediaService> {
      const caller = typeof who === 'string' ? user(who) : who;
      let client: Client<typeof MediaService> | undefined;
      return new Proxy({} as Client<typeof MediaService>, {
        get(_target, key) {
          if (!client) {
            client = mediaClient(harness[instance], caller, harness.userContextKey);
            clients.push(client);
          }
          const value: unknown = Reflect.get(client, key);
          return typeof value === 'function' ? value.bind(client) : value;
        },
      });
    },
    createVenue: (venueName = `Media ${randomUUID().slice(0, 8)} Hall`, fields: Record<string, string> = {}) =>
      withVenues('editor', async (venues) => {
        const { venue } = await venues.createVenue({ venue: { name: venueName, ...fields } });
        if (!venue) throw new Error('no venue');
        return venue.id;
      }),
    createEvent: (venueId: string, eventName = 'Load-in') =>
      withVenues('editor', async (venues) => {
        const { event } = await venues.createEvent({ venueId, event: { name: eventName } });
        if (!event) throw new Error('no event');
        return event.id;
      }),
    async createCard(venueId: string, title = 'Comms Room'): Promise<string> {
      const cards = createClient(CardsService, harness.cardsService.address, signed('editor'));
      try {
        const { card } = await cards.createVenueCard({ venueId, department: 'IT', card: { title } });
        if (!card) throw new Error('no card');
        return card.id;
      } finally {
        cards.close();
      }
    },
    deleteVenue: (id: string) => withVenues('admin', async (venues) => void (await venues.deleteVenue({ id }))),
    purgeVenue: (id: string) => withVenues('admin', async (venues) => void (await venues.purgeVenue({ id }))),
  } as Omit<MediaHarness, 'config' | 'primary' | 'replica' | 'venuesService' | 'cardsService' | 'nc' | 'connection' | 'store'> & {
    config: MediaConfig;
    primary: MediaServiceHandle;
    replica: MediaServiceHandle;
    venuesService: RunningGrpcService;
    cardsService: RunningGrpcService;
    nc: NatsConnection;
    connection: Connection;
    store: ObjectStore;
  };

  beforeAll(async () => {
    const { infra } = harness;
    const logDir = mkdtempSync(join(tmpdir(), 'venuebook-media-int-'));
    const common = { MONGODB_URI: infra.mongoUri, NATS_URL: infra.natsUrl, USER_CONTEXT_KEY: harness.userContextKey };
    harness.venuesService = await startGrpcService({
      name: 'venues',
      env: { ...common, MONGODB_DB: `venuebook_test_media_venues_${suffix}` },
      logDir,
      logLevel: 'warn',
    });
    harness.cardsService = await startGrpcService({
      name: 'cards',
      env: {
        ...common,
        MONGODB_DB: `venuebook_test_media_cards_${suffix}`,
        VENUES_GRPC_URL: harness.venuesService.address,
        VENUE_PURGE_CONSUMER_NAME: `cards-purge-${suffix}`,
      },
      logDir,
      logLevel: 'warn',
    });
    harness.config = mediaTestConfig(infra, {
      db: harness.dbName,
      bucket: harness.bucket,
      userContextKey: harness.userContextKey,
      venuesAddress: harness.venuesService.address,
      cardsAddress: harness.cardsService.address,
      env: { VENUE_PURGE_CONSUMER_NAME: `media-purge-${suffix}`, ...options.env },
    });
    harness.primary = await start(harness.config, { logger: createLogger(`media-${name}`, { level: 'warn' }) });
    if (options.replica !== false) harness.replica = await start(harness.config, { logger: createLogger(`media-${name}-replica`, { level: 'warn' }) });
    harness.store = createObjectStore(harness.config);
    harness.nc = await connectNats(infra.natsUrl);
    harness.connection = await connectMongo(infra.mongoUri, harness.dbName);
  }, 90_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await harness.replica?.stop();
    await harness.primary?.stop();
    await harness.cardsService?.stop();
    await harness.venuesService?.stop();
    await harness.nc?.drain();
    await harness.connection?.dropDatabase().catch(() => undefined);
    await harness.connection?.close();
  });

  return harness;
}
