import { connect as tcpConnect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { connectNats } from '../nats.ts';
import type { NatsConnection } from '../nats.ts';
import { foldText, ReadModel } from './read-model.ts';
import { byName, thingsWorld } from '../testing/things.fixture.ts';

interface ThingDoc {
  _id: string;
  name: string;
  tags: string[];
  at: string;
  deleted?: boolean;
}
type Thing = { id: string; name: string; tags: string[]; at: string };

const world = thingsWorld<ThingDoc>('rm');
const { suffix, subject } = world;

/** While set, a scan waits for it before reading (to hold a rebuild in the middle of its load). */
let scanGate: Promise<void> | undefined;
let scans = 0;

function readModel(progressEvery = 1000, connection: NatsConnection = world.nc) {
  return world.stopAfterAll(
    new ReadModel<ThingDoc, Thing, 'name' | 'newest'>({
      name: 'things',
      logger: createLogger('read-model-test', { level: 'warn' }),
      source: {
        scan: async function* () {
          scans += 1;
          await scanGate;
          yield* world.things.find({}, { batchSize: 2 });
        },
        byId: (id) => world.things.findOne({ _id: id }),
      },
      toRecord: (doc) => (doc.deleted ? null : { id: doc._id, name: doc.name, tags: doc.tags, at: doc.at }),
      searchText: (thing) => thing.name,
      tagValues: ['red', 'green', 'blue'],
      tagsOf: (thing) => thing.tags,
      sorts: {
        name: byName,
        newest: (a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1),
      },
      events: { nc: connection, stream: world.stream.name, recordIdOf: (_subject, payload) => (payload as { id: string }).id },
      progressEvery,
    }),
  );
}

async function write(doc: ThingDoc, publish = true): Promise<void> {
  await world.things.replaceOne({ _id: doc._id }, doc, { upsert: true });
  if (publish) await world.nc.jetstream().publish(subject, new TextEncoder().encode(JSON.stringify({ id: doc._id })));
}

const names = (page: { items: Thing[] }) => page.items.map((thing) => thing.name);

/**
 * A TCP relay in front of the test's NATS server: cut() drops every connection through it and refuses new
 * ones (a network outage for the clients behind it, the server itself keeps running for the other tests);
 * restore() accepts again on the same port.
 */
async function natsRelay(natsUrl: string) {
  const target = new URL(natsUrl.includes('://') ? natsUrl : `nats://${natsUrl}`);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        (socket === client ? upstream : client).destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `nats://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.resetAndDestroy();
      });
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  const seed: [string, string[]][] = [
    ['Zürich Hallenstadion', ['red']],
    ['Søndermarken Arena', ['green']],
    ['Łódź Atlas Arena', ['blue', 'red']],
    ['Straße Halle', []],
    ['Old Hall', ['green']],
  ];
  for (const [index, [name, tags]] of seed.entries()) await write({ _id: `t${index}`, name, tags, at: `2026-01-0${index + 1}` }, false);
  await write({ _id: 't9', name: 'Gone Hall', tags: [], at: '2026-01-09', deleted: true }, false);
});

describe('ReadModel', () => {
  it('loads with one scan (in batches), leaves out what toRecord drops, and sorts, filters and searches', async () => {
    const model = readModel(2);
    await model.start();
    expect(model.size).toBe(5);
    expect(names(model.query({ sort: 'name', offset: 0, limit: 10 }))).toEqual([
      'Old Hall',
      'Straße Halle',
      'Søndermarken Arena',
      'Zürich Hallenstadion',
      'Łódź Atlas Arena',
    ]);
    const page = model.query({ sort: 'newest', offset: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(names(page)).toEqual(['Straße Halle', 'Łódź Atlas Arena']);
    expect(names(model.query({ tags: ['red'], sort: 'name', offset: 0, limit: 10 }))).toEqual(['Zürich Hallenstadion', 'Łódź Atlas Arena']);
    expect(model.query({ tags: ['green', 'blue'], sort: 'name', offset: 0, limit: 10 }).total).toBe(3);
    // Accents folded, every word a prefix, all words required.
    expect(names(model.query({ text: 'zurich', sort: 'name', offset: 0, limit: 10 }))).toEqual(['Zürich Hallenstadion']);
    expect(names(model.query({ text: 'lodz ar', sort: 'name', offset: 0, limit: 10 }))).toEqual(['Łódź Atlas Arena']);
    expect(names(model.query({ text: 'STRASSE', sort: 'name', offset: 0, limit: 10 }))).toEqual(['Straße Halle']);
    expect(names(model.query({ text: 'sonder', sort: 'name', offset: 0, limit: 10 }))).toEqual(['Søndermarken Arena']);
    expect(model.query({ text: 'hall', sort: 'name', offset: 0, limit: 10 }).total).toBe(3);
    expect(model.query({ text: 'hall arena', sort: 'name', offset: 0, limit: 10 }).total).toBe(0);
    expect(model.query({ text: '(*[', sort: 'name', offset: 0, limit: 10 }).total).toBe(0);
    expect(foldText('Æsir Œuvre')).toBe('aesir oeuvre');
  });

  it('applies its own writes at once and moves a changed record in every sort', async () => {
    const model = readModel();
    await model.start();
    model.upsert({ id: 't1', name: 'Aarhus Arena', tags: ['red'], at: '2026-02-01' });
    expect(names(model.query({ sort: 'name', offset: 0, limit: 1 }))).toEqual(['Aarhus Arena']);
    expect(names(model.query({ sort: 'newest', offset: 0, limit: 1 }))).toEqual(['Aarhus Arena']);
    expect(model.query({ text: 'sondermarken', sort: 'name', offset: 0, limit: 10 }).total).toBe(0);
    expect(model.query({ tags: ['red'], sort: 'name', offset: 0, limit: 10 }).total).toBe(3);
    model.remove('t1');
    expect(model.size).toBe(4);
    expect(model.query({ text: 'aarhus', sort: 'name', offset: 0, limit: 10 }).total).toBe(0);
  });

  it("follows another writer's events: the record is re-read by _id", async () => {
    const model = readModel();
    await model.start();
    await write({ _id: `n-${suffix}`, name: 'Newcastle Arena', tags: ['blue'], at: '2026-03-01' });
    await expect.poll(() => model.get(`n-${suffix}`)?.name, { timeout: 10_000 }).toBe('Newcastle Arena');
    await write({ _id: `n-${suffix}`, name: 'Newcastle Arena', tags: ['blue'], at: '2026-03-01', deleted: true });
    await expect.poll(() => model.get(`n-${suffix}`), { timeout: 10_000 }).toBeUndefined();
    expect(model.rebuilds).toBe(0);
  });

  it('rebuilds from the database when events were lost (a gap in the stream)', async () => {
    const model = readModel();
    await model.start();
    await model.stop();
    // While it is not following: a write whose event is then lost (stream purged), and one whose event is kept.
    await write({ _id: `lost-${suffix}`, name: 'Lost Event Hall', tags: [], at: '2026-04-01' });
    await (await world.nc.jetstreamManager()).streams.purge(world.stream.name);
    await write({ _id: `kept-${suffix}`, name: 'Kept Event Hall', tags: [], at: '2026-04-02' });
    await model.resume();
    await expect.poll(() => model.rebuilds, { timeout: 10_000 }).toBe(1);
    await model.settled();
    expect(model.get(`lost-${suffix}`)?.name).toBe('Lost Event Hall');
    expect(model.get(`kept-${suffix}`)?.name).toBe('Kept Event Hall');
    // It follows again after the rebuild.
    await write({ _id: `after-${suffix}`, name: 'After Gap Hall', tags: [], at: '2026-04-03' });
    await expect.poll(() => model.get(`after-${suffix}`)?.name, { timeout: 10_000 }).toBe('After Gap Hall');
  });

  it('keeps an own write made while a rebuild loads', async () => {
    const model = readModel();
    await model.start();
    await model.stop();
    await write({ _id: `lost2-${suffix}`, name: 'Lost Again Hall', tags: [], at: '2026-04-30' });
    await (await world.nc.jetstreamManager()).streams.purge(world.stream.name);
    await write({ _id: `gap2-${suffix}`, name: 'Second Gap Hall', tags: [], at: '2026-05-01' });
    let release = (): void => undefined;
    scanGate = new Promise((resolve) => (release = resolve));
    const scansBefore = scans;
    try {
      await model.resume();
      await expect.poll(() => scans, { timeout: 10_000 }).toBe(scansBefore + 1);
      // The database write happened after the scan passed it (here: no document at all, and no event).
      model.upsert({ id: `own-${suffix}`, name: 'Own Write Hall', tags: [], at: '2026-05-02' });
    } finally {
      release();
      scanGate = undefined;
    }
    await expect.poll(() => model.rebuilds, { timeout: 10_000 }).toBe(1);
    await model.settled();
    expect(model.get(`gap2-${suffix}`)?.name).toBe('Second Gap Hall');
    expect(model.get(`own-${suffix}`)?.name).toBe('Own Write Hall');
    expect(model.query({ text: 'own write', sort: 'newest', offset: 0, limit: 1 }).items.map((thing) => thing.id)).toEqual([`own-${suffix}`]);
  });

  it('rebuilds after its NATS connection drops and reconnects: a write whose event was lost in the outage is listed afterwards', {
    timeout: 60_000,
  }, async () => {
    const relay = await natsRelay(world.infra.natsUrl);
    const connection = await connectNats(relay.url);
    const seen: string[] = [];
    void (async () => {
      for await (const status of connection.status()) seen.push(status.type);
    })();
    try {
      const model = readModel(1000, connection);
      await model.start();
      const before = model.rebuilds;
      await relay.cut();
      await expect.poll(() => seen, { timeout: 10_000 }).toContain('disconnect');
      // Written during the outage; its event never reaches this model (here: none is published at all).
      await write({ _id: `outage-${suffix}`, name: 'Outage Hall', tags: ['blue'], at: '2026-06-01' }, false);
      expect(model.get(`outage-${suffix}`)).toBeUndefined();
      await relay.restore();
      await expect.poll(() => model.rebuilds, { timeout: 20_000 }).toBeGreaterThan(before);
      expect(seen).toContain('reconnect');
      await model.settled();
      expect(model.get(`outage-${suffix}`)?.name).toBe('Outage Hall');
      expect(names(model.query({ text: 'outage', sort: 'name', offset: 0, limit: 10 }))).toEqual(['Outage Hall']);
      // And it follows the stream again on the new connection.
      await write({ _id: `after-outage-${suffix}`, name: 'After Outage Hall', tags: [], at: '2026-06-02' });
      await expect.poll(() => model.get(`after-outage-${suffix}`)?.name, { timeout: 10_000 }).toBe('After Outage Hall');
      await model.stop();
    } finally {
      await connection.close();
      await relay.close();
    }
  });
});
