import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import { testInfra } from './testing/infra.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMongo, ensureIndexes } from './mongo.ts';

const infra = testInfra();
const dbName = `venuebook_test_kit_${randomUUID().slice(0, 8)}`;

describe('connectMongo on a real MongoDB-compatible server', () => {
  const connections: Awaited<ReturnType<typeof connectMongo>>[] = [];

  afterAll(async () => {
    for (const connection of connections) {
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    }
  });

  it('opens a connection to the named database and builds declared indexes', async () => {
    const connection = await connectMongo(infra.mongoUri, dbName);
    connections.push(connection);
    expect(connection.readyState).toBe(1);
    expect(connection.name).toBe(dbName);

    const schema = new Schema({ _id: String, email: { type: String, required: true } });
    schema.index({ email: 1 }, { unique: true });
    const Model = connection.model('Thing', schema);
    await ensureIndexes([Model]);
    const indexes = await Model.collection.indexes();
    expect(indexes.some((index) => index.key.email === 1 && index.unique === true)).toBe(true);

    await Model.create({ _id: randomUUID(), email: 'a@example.com' });
    await expect(Model.create({ _id: randomUUID(), email: 'a@example.com' })).rejects.toMatchObject({ code: 11000 });
  });

  it('drops indexes a model no longer declares (a list index left from an older version only slows writes)', async () => {
    const connection = await connectMongo(infra.mongoUri, dbName);
    connections.push(connection);
    const before = new Schema({ _id: String, email: String, city: String }, { collection: 'evolving' });
    before.index({ email: 1 }, { unique: true });
    before.index({ city: 1 });
    await ensureIndexes([connection.model('EvolvingBefore', before)]);
    const after = new Schema({ _id: String, email: String, city: String }, { collection: 'evolving' });
    after.index({ email: 1 }, { unique: true });
    const Model = connection.model('EvolvingAfter', after);
    // Two replicas starting together both sync: neither fails on the index the other dropped first.
    await Promise.all([ensureIndexes([Model]), ensureIndexes([Model])]);
    const keys = (await Model.collection.indexes()).map((index) => JSON.stringify(index.key)).sort();
    expect(keys).toEqual([JSON.stringify({ _id: 1 }), JSON.stringify({ email: 1 })].sort());
  });

  it('fails with a clear message when the server is unreachable', async () => {
    await expect(connectMongo('mongodb://127.0.0.1:1', dbName, { serverSelectionTimeoutMS: 300 })).rejects.toThrow(/Could not connect to MongoDB database/);
  });
});
