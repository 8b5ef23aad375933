// RecordCache on real FerretDB/MongoDB and NATS: read-through, invalidation by the read model it follows (own
// writes at once, another replica's events when they arrive, rebuilds), and no stale record kept by a load
// that a write overtook.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { ReadModel } from './read-model.ts';
import { RecordCache } from './record-cache.ts';
import { byName, thingsWorld } from '../testing/things.fixture.ts';

interface ThingDoc {
  _id: string;
  name: string;
  notes: string;
  deleted?: boolean;
}
type Thing = { id: string; name: string };

const world = thingsWorld<ThingDoc>('rc');
const { suffix, subject } = world;

/** One replica of a service: its read model (list fields) and its point-read cache (whole documents). */
async function replica(options: { load?: (id: string) => Promise<ThingDoc | null> } = {}) {
  const readModel = world.stopAfterAll(
    new ReadModel<ThingDoc, Thing, 'name'>({
      name: 'things',
      logger: createLogger('record-cache-test', { level: 'warn' }),
      source: { scan: () => world.things.find({}), byId: (id) => world.things.findOne({ _id: id }) },
      toRecord: (doc) => (doc.deleted ? null : { id: doc._id, name: doc.name }),
      searchText: (thing) => thing.name,
      tagValues: [],
      tagsOf: () => [],
      sorts: { name: byName },
      events: { nc: world.nc, stream: world.stream.name, recordIdOf: (_subject, payload) => (payload as { id: string }).id },
    }),
  );
  await readModel.start();
  const loads: string[] = [];
  const cache = new RecordCache<ThingDoc>({
    maxBytes: 1 << 20,
    load: async (id) => {
      loads.push(id);
      if (options.load) return options.load(id);
      const doc = await world.things.findOne({ _id: id });
      return doc && !doc.deleted ? doc : null;
    },
    sizeOf: (doc) => JSON.stringify(doc).length + 100,
  });
  cache.follow(readModel);
  /** A write as the service makes it: the database, then its read model at once, then the event for the others. */
  const write = async (doc: ThingDoc): Promise<void> => {
    await world.things.replaceOne({ _id: doc._id }, doc, { upsert: true });
    readModel.apply(doc._id, doc);
    await world.nc.jetstream().publish(subject, new TextEncoder().encode(JSON.stringify({ id: doc._id })));
  };
  return { readModel, cache, loads, write };
}

// A replica's own events come back to it too and invalidate its cache once more (an extra load after each
// own write), so the tests wait them out (world.caughtUp: every event of the stream applied).

describe('RecordCache', () => {
  it('loads a record once and answers it from memory after; unknown and deleted records are not kept', async () => {
    const a = await replica();
    await a.write({ _id: `one-${suffix}`, name: 'One Hall', notes: 'long notes' });
    await world.caughtUp(a.readModel);
    expect((await a.cache.get(`one-${suffix}`))?.notes).toBe('long notes');
    expect((await a.cache.get(`one-${suffix}`))?.notes).toBe('long notes');
    expect(a.loads).toEqual([`one-${suffix}`]);
    expect(a.cache.size).toBe(1);
    expect(await a.cache.get(`none-${suffix}`)).toBeNull();
    expect(await a.cache.get(`none-${suffix}`)).toBeNull();
    expect(a.loads.filter((id) => id === `none-${suffix}`)).toHaveLength(2);
  });

  it('never answers the old record after its own write (update and delete)', async () => {
    const a = await replica();
    const id = `own-${suffix}`;
    await a.write({ _id: id, name: 'Own Hall', notes: 'v1' });
    expect((await a.cache.get(id))?.notes).toBe('v1');
    await a.write({ _id: id, name: 'Own Hall', notes: 'v2' });
    expect((await a.cache.get(id))?.notes).toBe('v2');
    await a.write({ _id: id, name: 'Own Hall', notes: 'v2', deleted: true });
    expect(await a.cache.get(id)).toBeNull();
  });

  it("drops what another replica changed when that replica's event arrives", async () => {
    const a = await replica();
    const b = await replica();
    const id = `other-${suffix}`;
    await a.write({ _id: id, name: 'Shared Hall', notes: 'v1' });
    await world.caughtUp(b.readModel);
    expect((await b.cache.get(id))?.notes).toBe('v1');
    const loadsBefore = b.loads.length;
    await a.write({ _id: id, name: 'Shared Hall', notes: 'v2' });
    await expect.poll(async () => (await b.cache.get(id))?.notes, { timeout: 10_000 }).toBe('v2');
    expect(b.loads.length).toBeGreaterThan(loadsBefore);
    await a.write({ _id: id, name: 'Shared Hall', notes: 'v2', deleted: true });
    await expect.poll(async () => b.cache.get(id), { timeout: 10_000 }).toBeNull();
  });

  it('does not keep a record read before a write that finished while the read was under way', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = await replica({
      // The first load reads the document, then waits: the write lands meanwhile.
      load: async (id) => {
        const doc = await world.things.findOne({ _id: id });
        if (a.loads.length === 1) await gate;
        return doc;
      },
    });
    const id = `race-${suffix}`;
    await world.things.replaceOne({ _id: id }, { name: 'Race Hall', notes: 'old' }, { upsert: true });
    const slow = a.cache.get(id);
    await expect.poll(() => a.loads.length).toBe(1);
    await a.write({ _id: id, name: 'Race Hall', notes: 'new' });
    release();
    expect((await slow)?.notes).toBe('old');
    expect((await a.cache.get(id))?.notes).toBe('new');
    expect(a.loads).toHaveLength(2);
  });

  it('is cleared by a rebuild (events were missed)', async () => {
    const a = await replica();
    const id = `gap-${suffix}`;
    await a.write({ _id: id, name: 'Gap Hall', notes: 'v1' });
    await world.caughtUp(a.readModel);
    expect((await a.cache.get(id))?.notes).toBe('v1');
    await a.readModel.stop();
    // Another replica's write whose event is lost (stream purged), then one whose event is kept: a gap.
    await world.things.replaceOne({ _id: id }, { name: 'Gap Hall', notes: 'v2' });
    await world.nc.jetstream().publish(subject, new TextEncoder().encode(JSON.stringify({ id })));
    await (await world.nc.jetstreamManager()).streams.purge(world.stream.name);
    await world.nc.jetstream().publish(subject, new TextEncoder().encode(JSON.stringify({ id: `unrelated-${suffix}` })));
    expect((await a.cache.get(id))?.notes).toBe('v1');
    await a.readModel.resume();
    await expect.poll(() => a.readModel.rebuilds, { timeout: 10_000 }).toBe(1);
    await a.readModel.settled();
    expect((await a.cache.get(id))?.notes).toBe('v2');
  });

  it('with a budget of 0 loads every time', async () => {
    const cache = new RecordCache<ThingDoc>({ maxBytes: 0, load: (id) => world.things.findOne({ _id: id }), sizeOf: () => 1 });
    await world.things.replaceOne({ _id: `off-${suffix}` }, { name: 'Off Hall', notes: '' }, { upsert: true });
    expect((await cache.get(`off-${suffix}`))?.name).toBe('Off Hall');
    expect(cache.size).toBe(0);
  });
});
