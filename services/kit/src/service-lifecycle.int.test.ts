import { randomBytes, randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection } from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, GrpcError, GrpcStatus, partialHandlers } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { loadConfig, serviceConfigSchema } from './config.ts';
import { createLogger } from './logger.ts';
import { connectMongo } from './mongo.ts';
import { connectNats } from './nats.ts';
import type { NatsConnection } from './nats.ts';
import { startDomainService } from './service-lifecycle.ts';
import { testInfra } from './testing/infra.ts';
import { userContextSigner } from './user-context.ts';

const infra = testInfra();
const suffix = randomUUID().slice(0, 8);
const dbName = `venuebook_test_kit_lifecycle_${suffix}`;
const streamName = `KIT_LIFECYCLE_${suffix.toUpperCase()}`;
const userContextKey = randomBytes(32).toString('base64url');
const logger = createLogger('kit-lifecycle-test', { level: 'silent' });
const config = loadConfig(serviceConfigSchema('unused'), {
  MONGODB_URI: infra.mongoUri,
  MONGODB_DB: dbName,
  NATS_URL: infra.natsUrl,
  GRPC_HOST: '127.0.0.1',
  GRPC_PORT: '0',
  USER_CONTEXT_KEY: userContextKey,
});

interface Thing {
  _id: string;
  name: string;
}
const thingSchema = new Schema<Thing>({ _id: String, name: { type: String, required: true } }, { collection: 'things', versionKey: false });
thingSchema.index({ name: 1 }, { unique: true });
const thingModels = (connection: Connection) => ({ things: connection.model<Thing>('Thing', thingSchema) });

afterAll(async () => {
  const connection = await connectMongo(infra.mongoUri, dbName);
  await connection.dropDatabase();
  await connection.close();
  const nc = await connectNats(infra.natsUrl);
  await (await nc.jetstreamManager()).streams.delete(streamName).catch(() => undefined);
  await nc.drain();
});

const signed = () => ({ metadata: userContextSigner({ userId: 'u1', email: 'u1@example.com', role: 'editor', requestId: 'kit' }, userContextKey) });

describe('startDomainService', () => {
  it('connects the stores, ensures indexes and streams, serves the handlers behind the signed user context, and undoes it all on stop', async () => {
    const undone: string[] = [];
    let context: { nc: NatsConnection; connection?: Connection } | undefined;
    const running = await startDomainService({
      name: 'kit-test',
      config,
      logger,
      models: thingModels,
      streams: [{ name: streamName, subjects: [`kittest.lifecycle.${suffix}.>`] }],
      service: VenuesService,
      handlers: ({ models, nc, defer, config: given }) => {
        context = { nc, connection: models.things.db };
        defer(() => undone.push('handlers'));
        return partialHandlers(VenuesService, {
          async getVenue(request) {
            await models.things.create({ _id: request.id, name: `thing ${request.id}` });
            return { venue: { id: request.id, name: given.MONGODB_DB } };
          },
          async listVenues() {
            return { venues: [], total: await models.things.countDocuments(), page: 1, pageSize: 50 };
          },
          async createVenue() {
            throw GrpcError.invalidArgument('Invalid venue');
          },
        });
      },
    });
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`, { deadlineMs: 5000 });
    try {
      expect((await client.getVenue({ id: 'a' }, signed())).venue?.name).toBe(dbName);
      expect((await client.listVenues({}, signed())).total).toBe(1);
      const unsigned = await client.listVenues({}).catch((caught: unknown) => caught);
      expect((unsigned as GrpcError).code).toBe(GrpcStatus.UNAUTHENTICATED);

      const indexes = await context?.connection?.collection('things').indexes();
      expect(indexes?.some((index) => JSON.stringify(index.key) === JSON.stringify({ name: 1 }) && index.unique)).toBe(true);
      const stream = await (await context!.nc.jetstreamManager()).streams.info(streamName);
      expect(stream.config.subjects).toEqual([`kittest.lifecycle.${suffix}.>`]);

      await Promise.all([running.stop(), running.stop()]);
      expect(undone).toEqual(['handlers']);
      expect(context?.nc.isClosed()).toBe(true);
      expect(context?.connection?.readyState).toBe(0);
      const afterStop = await client.listVenues({}, { ...signed(), deadlineMs: 1000 }).catch((caught: unknown) => caught);
      expect([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED]).toContain((afterStop as GrpcError).code);
    } finally {
      client.close();
      await running.stop();
    }
  });

  it('undoes what was already started when a later step fails, and rejects with that error', async () => {
    let connection: Connection | undefined;
    let nc: NatsConnection | undefined;
    const failure = new Error('handlers cannot be built');
    const started = startDomainService({
      name: 'kit-test-failing',
      config,
      logger,
      models: (opened) => {
        connection = opened;
        return thingModels(opened);
      },
      streams: [{ name: streamName, subjects: [`kittest.lifecycle.${suffix}.>`] }],
      service: VenuesService,
      handlers: (context) => {
        nc = context.nc;
        throw failure;
      },
    });
    await expect(started).rejects.toBe(failure);
    expect(connection?.readyState).toBe(0);
    expect(nc?.isClosed()).toBe(true);
  });

  it('fails start-up with a clear error when NATS cannot be reached, closing MongoDB again', async () => {
    let connection: Connection | undefined;
    const started = startDomainService({
      name: 'kit-test-no-nats',
      config: { ...config, NATS_URL: 'nats://127.0.0.1:1' },
      logger,
      models: (opened) => {
        connection = opened;
        return thingModels(opened);
      },
      streams: [],
      service: VenuesService,
      handlers: () => {
        throw new Error('not reached');
      },
    });
    await expect(started).rejects.toThrow(/Could not connect to NATS at nats:\/\/127\.0\.0\.1:1/);
    expect(connection?.readyState).toBe(0);
  });
});
