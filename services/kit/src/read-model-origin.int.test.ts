// A read model and its own events, on real FerretDB/MongoDB and NATS: an event its service published (stamped
// with its `origin`) is not read again, since the own write was applied at once; another replica's event is;
// an own event about a record another replica changed lately is read again (the own write may have been
// applied over the newer record).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { mongo } from 'mongoose';
import { createLogger } from './logger.ts';
import { connectMongo } from './mongo.ts';
import { connectNats, ensureStreams, publishEvent } from './nats.ts';
import type { NatsConnection } from './nats.ts';
import { ReadModel } from './read-model.ts';
import { testInfra } from './testing/infra.ts';

const infra = testInfra();
const suffix = randomUUID().slice(0, 8);
const dbName = `venuebook_test_kit_origin_${suffix}`;
const stream = { name: `TEST_READ_MODEL_ORIGIN_${suffix}`, subjects: [`test.origin${suffix}.>`], storage: 'memory' as const };
const subject = `test.origin${suffix}.thing.changed`;
const logger = createLogger('read-model-origin-test', { level: 'warn' });

interface ThingDoc {
  _id: string;
  name: string;
}

let connection: Awaited<ReturnType<typeof connectMongo>>;
let things: mongo.Collection<ThingDoc>;
let nc: NatsConnection;
const models: ReadModel<ThingDoc, { id: string; name: string }, 'name'>[] = [];

/** One instance of a service: its read model (counting re-reads) and its publisher stamped with the read model's origin. */
async function instance() {
  const reads: string[] = [];
  const readModel = new ReadModel<ThingDoc, { id: string; name: string }, 'name'>({
    name: 'things',
    logger,
    source: {
      scan: () => things.find({}),
      byId: (id) => {
        reads.push(id);
        return things.findOne({ _id: id });
      },
    },
    toRecord: (doc) => ({ id: doc._id, name: doc.name }),
    searchText: (thing) => thing.name,
    tagValues: [],
    tagsOf: () => [],
    sorts: { name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1) },
    events: { nc, stream: stream.name, recordIdOf: (_subject, payload) => (payload as { thingId: string }).thingId },
  });
  models.push(readModel);
  await readModel.start();
  /** The event of a write, stamped with this instance's origin as the service's publisher does. */
  const publish = (id: string) => publishEvent(nc.jetstream(), subject, { id: randomUUID(), thingId: id } as { id: string }, { origin: readModel.origin });
  /** A write as a service makes it: the database, its read model at once, then the event. */
  const write = async (doc: ThingDoc): Promise<void> => {
    await things.replaceOne({ _id: doc._id }, doc, { upsert: true });
    readModel.upsert({ id: doc._id, name: doc.name });
    await publish(doc._id);
  };
  return { readModel, reads, write, publish };
}

async function caughtUp(readModel: ReadModel<ThingDoc, { id: string; name: string }, 'name'>): Promise<void> {
  const last = (await (await nc.jetstreamManager()).streams.info(stream.name)).state.last_seq;
  await expect.poll(() => readModel.sequence, { timeout: 10_000 }).toBeGreaterThanOrEqual(last);
}

beforeAll(async () => {
  connection = await connectMongo(infra.mongoUri, dbName);
  things = connection.db!.collection<ThingDoc>('things');
  nc = await connectNats(infra.natsUrl);
  await ensureStreams(nc, [stream]);
});

afterAll(async () => {
  for (const model of models) await model.stop();
  await nc.drain();
  await connection.dropDatabase().catch(() => undefined);
  await connection.close();
});

describe('ReadModel and its own events', () => {
  it("does not read its own events again, and reads another replica's", async () => {
    const a = await instance();
    const b = await instance();
    const id = `own-${suffix}`;
    await a.write({ _id: id, name: 'Own Hall' });
    await caughtUp(a.readModel);
    await caughtUp(b.readModel);
    expect(a.reads).not.toContain(id);
    expect(a.readModel.ownEventsSkipped).toBeGreaterThan(0);
    expect(b.reads).toContain(id);
    expect(b.readModel.get(id)?.name).toBe('Own Hall');
  });

  it('reads its own event again when another replica changed the same record lately', async () => {
    const a = await instance();
    const b = await instance();
    const id = `race-${suffix}`;
    await a.write({ _id: id, name: 'Race Hall v1' });
    // b's write lands after a's in the database, and a applies b's event before its own write returns…
    await b.write({ _id: id, name: 'Race Hall v2' });
    await caughtUp(a.readModel);
    expect(a.readModel.get(id)?.name).toBe('Race Hall v2');
    // …so a's own write, applied then, is older than the record; its own event must read the record again.
    a.readModel.upsert({ id, name: 'Race Hall v1' });
    await a.publish(id);
    await caughtUp(a.readModel);
    expect(a.readModel.get(id)?.name).toBe('Race Hall v2');
  });
});
