// GetVenue's point-read cache on real servers (FerretDB, NATS), with two instances of the service on one
// database and NATS (as replicas): a venue once read is answered from memory; the instance that writes it
// (update, delete, restore) never answers the old venue after its write returns; the other answers the new
// one once the write's event has arrived; a write behind the service's back shows after refresh(id).
import { randomBytes, randomUUID } from 'node:crypto';
import { testInfra } from '@venuebook/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { Client } from '@venuebook/proto/grpc';
import { STREAMS } from '@venuebook/proto/events';
import type { VenuesService } from '@venuebook/proto/venues/v1';
import { connectMongo, connectNats, createLogger } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { start } from './main.ts';
import type { VenuesServiceHandle } from './main.ts';
import { venueModel } from './repositories/venue.model.ts';
import { venuesClient, venuesTestConfig } from './testing/venues-under-test.ts';

const infra = testInfra();
const userContextKey = randomBytes(32).toString('base64url');
const dbName = `venuebook_test_venue_cache_${randomUUID().slice(0, 8)}`;
const caller = (role: string) => ({ userId: randomUUID(), email: `${role}@example.com`, role, requestId: `cache-${role}` });

let primary: VenuesServiceHandle;
let replica: VenuesServiceHandle;
let connection: Awaited<ReturnType<typeof connectMongo>>;
let nc: NatsConnection;
const clients: Client<typeof VenuesService>[] = [];
let editor: Client<typeof VenuesService>;
let admin: Client<typeof VenuesService>;
let replicaViewer: Client<typeof VenuesService>;

function clientOf(service: VenuesServiceHandle, role: string): Client<typeof VenuesService> {
  const client = venuesClient(service, caller(role), userContextKey);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  const config = venuesTestConfig(infra, { db: dbName, userContextKey });
  primary = await start(config, { logger: createLogger('venue-cache', { level: 'warn' }) });
  replica = await start(config, { logger: createLogger('venue-cache-replica', { level: 'warn' }) });
  editor = clientOf(primary, 'editor');
  admin = clientOf(primary, 'admin');
  replicaViewer = clientOf(replica, 'viewer');
  connection = await connectMongo(infra.mongoUri, dbName);
  nc = await connectNats(infra.natsUrl);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await replica?.stop();
  await primary?.stop();
  await connection?.dropDatabase().catch(() => undefined);
  await connection?.close();
  await nc?.drain();
});

async function create(name: string): Promise<string> {
  const { venue } = await editor.createVenue({ venue: { name, generalNotes: 'v1' } });
  if (!venue) throw new Error('no venue');
  return venue.id;
}

/** The venue's notes as `client` reads them, or its gRPC status code when the read fails. */
async function notesOf(client: Client<typeof VenuesService>, id: string): Promise<string | number> {
  try {
    return (await client.getVenue({ id })).venue?.generalNotes ?? '';
  } catch (error) {
    if (error instanceof GrpcError) return error.code;
    throw error;
  }
}

/** Until the instance has applied every venue event so far (another replica's re-read, its own skipped). */
async function caughtUp(service: VenuesServiceHandle): Promise<void> {
  const last = (await (await nc.jetstreamManager()).streams.info(STREAMS.venues.name)).state.last_seq;
  await expect.poll(() => service.readModel.sequence, { timeout: 10_000 }).toBeGreaterThanOrEqual(last);
}

describe('GetVenue point-read cache', () => {
  it('answers a venue read once from memory (a write behind the service’s back shows after refresh)', async () => {
    const id = await create('Cached Hall');
    await caughtUp(primary);
    expect(await notesOf(editor, id)).toBe('v1');
    const hits = primary.venueCache.hits;
    await venueModel(connection).updateOne({ _id: id }, { $set: { generalNotes: 'behind its back' } });
    expect(await notesOf(editor, id)).toBe('v1');
    expect(primary.venueCache.hits).toBe(hits + 1);
    await primary.readModel.refresh(id);
    expect(await notesOf(editor, id)).toBe('behind its back');
  });

  it('answers a venue this instance created or updated without reading the database', async () => {
    const misses = primary.venueCache.misses;
    const id = await create('Fresh Hall');
    expect(await notesOf(editor, id)).toBe('v1');
    await editor.updateVenue({ id, venue: { name: 'Fresh Hall', generalNotes: 'v2' } });
    expect(await notesOf(editor, id)).toBe('v2');
    expect(primary.venueCache.misses).toBe(misses);
  });

  it('never answers the old venue on the instance that wrote it (update, delete, restore)', async () => {
    const id = await create('Own Write Hall');
    expect(await notesOf(editor, id)).toBe('v1');
    await editor.updateVenue({ id, venue: { name: 'Own Write Hall', generalNotes: 'v2' } });
    expect(await notesOf(editor, id)).toBe('v2');
    await editor.deleteVenue({ id });
    expect(await notesOf(editor, id)).toBe(GrpcStatus.NOT_FOUND);
    await admin.restoreVenue({ id });
    expect(await notesOf(editor, id)).toBe('v2');
  });

  it("answers another instance's write once its event has arrived (update, delete, restore)", async () => {
    const id = await create('Replica Hall');
    await caughtUp(replica);
    expect(await notesOf(replicaViewer, id)).toBe('v1');
    expect(replica.venueCache.size).toBeGreaterThan(0);
    await editor.updateVenue({ id, venue: { name: 'Replica Hall', generalNotes: 'v2' } });
    await expect.poll(() => notesOf(replicaViewer, id), { timeout: 10_000 }).toBe('v2');
    await editor.deleteVenue({ id });
    await expect.poll(() => notesOf(replicaViewer, id), { timeout: 10_000 }).toBe(GrpcStatus.NOT_FOUND);
    await admin.restoreVenue({ id });
    await expect.poll(() => notesOf(replicaViewer, id), { timeout: 10_000 }).toBe('v2');
  });
});
