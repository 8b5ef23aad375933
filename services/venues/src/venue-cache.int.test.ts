// GetVenue's point-read cache on real servers (FerretDB, NATS), with two instances of the service on one
// database and NATS (as replicas): a venue once read is answered from memory; the instance that writes it
// (update, delete, restore) never answers the old venue after its write returns; the other answers the new
// one once the write's event has arrived; a write behind the service's back shows after refresh(id).
import { describe, expect, it } from 'vitest';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import { STREAMS } from '@venuebook/contracts/events';
import type { VenuesService } from '@venuebook/contracts/venues/v1';
import type { VenuesServiceHandle } from './main.ts';
import { venueModel } from './repositories/venue.model.ts';
import { createLogger } from '@venuebook/service-kit';
import { rejection } from '@venuebook/service-kit/testing';
import { start } from './main.ts';
import { venuesUnderTest } from './testing/venues-harness.ts';
import { venuesClient } from './testing/venues-under-test.ts';

const harness = venuesUnderTest('venue-cache');
const editor = harness.clientOf('primary', 'editor');
const admin = harness.clientOf('primary', 'admin');
const replicaViewer = harness.clientOf('replica', 'viewer');

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
  const last = (await (await harness.nc.jetstreamManager()).streams.info(STREAMS.venues.name)).state.last_seq;
  await expect.poll(() => service.readModel.sequence, { timeout: 10_000 }).toBeGreaterThanOrEqual(last);
}

describe('GetVenue point-read cache', () => {
  it('is warmed by the load at start: a fresh instance answers every active venue without reading the database', async () => {
    const ids = await Promise.all(['Warm One', 'Warm Two', 'Warm Three'].map((name) => create(name)));
    await editor.deleteVenue({ id: ids[2]! });
    const fresh = await start(harness.config, { logger: createLogger('venues-venue-cache-fresh', { level: 'warn' }) });
    try {
      expect(fresh.venueCache.size).toBeGreaterThanOrEqual(2);
      const client = venuesClient(fresh, harness.user('viewer'), harness.userContextKey);
      try {
        for (const id of ids.slice(0, 2)) expect((await client.getVenue({ id })).venue?.generalNotes).toBe('v1');
        expect((await rejection(client.getVenue({ id: ids[2]! }))).code).toBe(GrpcStatus.NOT_FOUND);
        // The two active venues came from memory; only the deleted one was looked up (and not found).
        expect({ hits: fresh.venueCache.hits, misses: fresh.venueCache.misses }).toEqual({ hits: 2, misses: 1 });
      } finally {
        client.close();
      }
    } finally {
      await fresh.stop();
    }
  });

  it('answers a venue read once from memory (a write behind the service’s back shows after refresh)', async () => {
    const id = await create('Cached Hall');
    await caughtUp(harness.primary);
    expect(await notesOf(editor, id)).toBe('v1');
    const hits = harness.primary.venueCache.hits;
    await venueModel(harness.connection).updateOne({ _id: id }, { $set: { generalNotes: 'behind its back' } });
    expect(await notesOf(editor, id)).toBe('v1');
    expect(harness.primary.venueCache.hits).toBe(hits + 1);
    await harness.primary.readModel.refresh(id);
    expect(await notesOf(editor, id)).toBe('behind its back');
  });

  it('answers a venue this instance created or updated without reading the database', async () => {
    const misses = harness.primary.venueCache.misses;
    const id = await create('Fresh Hall');
    expect(await notesOf(editor, id)).toBe('v1');
    await editor.updateVenue({ id, venue: { name: 'Fresh Hall', generalNotes: 'v2' } });
    expect(await notesOf(editor, id)).toBe('v2');
    expect(harness.primary.venueCache.misses).toBe(misses);
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
    await caughtUp(harness.replica);
    expect(await notesOf(replicaViewer, id)).toBe('v1');
    expect(harness.replica.venueCache.size).toBeGreaterThan(0);
    await editor.updateVenue({ id, venue: { name: 'Replica Hall', generalNotes: 'v2' } });
    await expect.poll(() => notesOf(replicaViewer, id), { timeout: 10_000 }).toBe('v2');
    await editor.deleteVenue({ id });
    await expect.poll(() => notesOf(replicaViewer, id), { timeout: 10_000 }).toBe(GrpcStatus.NOT_FOUND);
    await admin.restoreVenue({ id });
    await expect.poll(() => notesOf(replicaViewer, id), { timeout: 10_000 }).toBe('v2');
  });
});
