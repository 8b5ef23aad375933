// The world of the kit's read-model integration tests (read-model, read-model-origin, record-cache): a fresh
// database with a `things` collection, and the test NATS with a memory stream of the file's own, set up before
// its tests and removed after them (the read models it was given stopped first). Kit tests only.
import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { afterAll, beforeAll, expect } from 'vitest';
import { connectMongo } from '../mongo.ts';
import { connectNats, ensureStreams } from '../nats.ts';
import type { NatsConnection } from '../nats.ts';
import { testInfra } from './infra.ts';
import type { TestInfra } from './infra.ts';

export interface ThingsWorld<D extends { _id: string }> {
  infra: TestInfra;
  /** A random suffix of the file's names (database, stream, ids it makes unique). */
  suffix: string;
  stream: { name: string; subjects: string[]; storage: 'memory' };
  /** The subject the file's writes publish on (in `stream`). */
  subject: string;
  /** The `things` collection (from beforeAll on). */
  readonly things: mongo.Collection<D>;
  /** The connection to the test NATS (from beforeAll on). */
  readonly nc: NatsConnection;
  /** Stops `model` after all tests (before NATS is drained); returns it. */
  stopAfterAll<M extends { stop(): Promise<unknown> }>(model: M): M;
  /** Waits until `readModel` applied every event of the stream. */
  caughtUp(readModel: { readonly sequence: number }): Promise<void>;
}

/** Registers the beforeAll/afterAll of the world; call it at the top of the test file. `name`: a short word of the file. */
export function thingsWorld<D extends { _id: string }>(name: string): ThingsWorld<D> {
  const infra = testInfra();
  const suffix = randomUUID().slice(0, 8);
  const stream = { name: `TEST_KIT_${name.toUpperCase()}_${suffix}`, subjects: [`test.${name}${suffix}.>`], storage: 'memory' as const };
  let connection: Awaited<ReturnType<typeof connectMongo>> | undefined;
  let things: mongo.Collection<D> | undefined;
  let nc: NatsConnection | undefined;
  const models: { stop(): Promise<unknown> }[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is set up in beforeAll`);
    return value;
  };

  beforeAll(async () => {
    connection = await connectMongo(infra.mongoUri, `venuebook_test_kit_${name}_${suffix}`);
    things = connection.db!.collection<D>('things');
    nc = await connectNats(infra.natsUrl);
    await ensureStreams(nc, [stream]);
  });

  afterAll(async () => {
    for (const model of models) await model.stop();
    if (nc) {
      await (await nc.jetstreamManager()).streams.delete(stream.name).catch(() => undefined);
      await nc.drain();
    }
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  });

  return {
    infra,
    suffix,
    stream,
    subject: `test.${name}${suffix}.thing.changed`,
    get things() {
      return ready(things, 'things');
    },
    get nc() {
      return ready(nc, 'nc');
    },
    stopAfterAll(model) {
      models.push(model);
      return model;
    },
    async caughtUp(readModel) {
      const last = (await (await ready(nc, 'nc').jetstreamManager()).streams.info(stream.name)).state.last_seq;
      await expect.poll(() => readModel.sequence, { timeout: 10_000 }).toBeGreaterThanOrEqual(last);
    },
  };
}

/** Records by name, ties by id (the `name` sort of the tests' read models). */
export const byName = (a: { id: string; name: string }, b: { id: string; name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;
