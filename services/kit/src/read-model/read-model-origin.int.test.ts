// A read model and its own events, on real FerretDB/MongoDB and NATS: an event its service published (stamped
// with its `origin`) is not read again, since the own write was applied at once; another replica's event is;
// an own event about a record another replica changed lately is read again (the own write may have been
// applied over the newer record).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { publishEvent } from '../nats.ts';
import { ReadModel } from './read-model.ts';
import { byName, thingsWorld } from '../testing/things.fixture.ts';

interface ThingDoc {
  _id: string;
  name: string;
}

const world = thingsWorld<ThingDoc>('origin');
const { suffix, subject } = world;
const logger = createLogger('read-model-origin-test', { level: 'warn' });

/** One instance of a service: its read model (counting re-reads) and its publisher stamped with the read model's origin. */
async function instance() {
  const reads: string[] = [];
  const readModel = world.stopAfterAll(
    new ReadModel<ThingDoc, { id: string; name: string }, 'name'>({
      name: 'things',
      logger,
      source: {
        scan: () => world.things.find({}),
        byId: (id) => {
          reads.push(id);
          return world.things.findOne({ _id: id });
        },
      },
      toRecord: (doc) => ({ id: doc._id, name: doc.name }),
      searchText: (thing) => thing.name,
      tagValues: [],
      tagsOf: () => [],
      sorts: { name: byName },
      events: { nc: world.nc, stream: world.stream.name, recordIdOf: (_subject, payload) => (payload as { thingId: string }).thingId },
    }),
  );
  await readModel.start();
  /** The event of a write, stamped with this instance's origin as the service's publisher does. */
  const publish = (id: string) =>
    publishEvent(world.nc.jetstream(), subject, { id: randomUUID(), thingId: id } as { id: string }, { origin: readModel.origin });
  /** A write as a service makes it: the database, its read model at once, then the event. */
  const write = async (doc: ThingDoc): Promise<void> => {
    await world.things.replaceOne({ _id: doc._id }, doc, { upsert: true });
    readModel.upsert({ id: doc._id, name: doc.name });
    await publish(doc._id);
  };
  return { readModel, reads, write, publish };
}

describe('ReadModel and its own events', () => {
  it("does not read its own events again, and reads another replica's", async () => {
    const a = await instance();
    const b = await instance();
    const id = `own-${suffix}`;
    await a.write({ _id: id, name: 'Own Hall' });
    await world.caughtUp(a.readModel);
    await world.caughtUp(b.readModel);
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
    await world.caughtUp(a.readModel);
    expect(a.readModel.get(id)?.name).toBe('Race Hall v2');
    // …so a's own write, applied then, is older than the record; its own event must read the record again.
    a.readModel.upsert({ id, name: 'Race Hall v1' });
    await a.publish(id);
    await world.caughtUp(a.readModel);
    expect(a.readModel.get(id)?.name).toBe('Race Hall v2');
  });
});
