import { z } from 'zod';
import { STREAMS } from '@venuebook/proto/events';
import { VenuesService } from '@venuebook/proto/venues/v1';
import {
  baseConfigSchema,
  connectMongo,
  connectNats,
  createLogger,
  ensureIndexes,
  ensureStreams,
  grpcServerConfigSchema,
  loadConfigOrExit,
  mongoConfigSchema,
  natsConfigSchema,
  runService,
  userContextConfigSchema,
  startGrpcServer,
} from '@venuebook/service-kit';
import type { Logger } from '@venuebook/service-kit';
import { createVenueEvents } from './events/venue.events.ts';
import { createVenuesHandlers } from './grpc/venues.handlers.ts';
import { venueModel } from './repositories/venue.model.ts';
import { VenueRepository } from './repositories/venue.repository.ts';

export const configSchema = z.object({
  ...baseConfigSchema.shape,
  ...mongoConfigSchema('venuebook_venues').shape,
  ...natsConfigSchema.shape,
  ...grpcServerConfigSchema.shape,
  ...userContextConfigSchema.shape,
});

export type VenuesConfig = z.output<typeof configSchema>;

export interface RunningVenuesService {
  port: number;
  stop(): Promise<void>;
}

/** Connects MongoDB and NATS, ensures indexes and the venues stream, and serves gRPC. */
export async function start(config: VenuesConfig, options: { logger?: Logger } = {}): Promise<RunningVenuesService> {
  const logger = options.logger ?? createLogger('venues', { level: config.LOG_LEVEL });
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async (): Promise<void> => {
    for (const fn of cleanups.splice(0).reverse()) {
      await fn().catch((error: unknown) => logger.warn({ err: error }, 'cleanup step failed'));
    }
  };
  try {
    const connection = await connectMongo(config.MONGODB_URI, config.MONGODB_DB, { appName: 'venues' });
    cleanups.push(() => connection.close());
    const model = venueModel(connection);
    await ensureIndexes([model]);

    const nc = await connectNats(config.NATS_URL, { name: 'venues' });
    cleanups.push(() => nc.drain());
    await ensureStreams(nc, [STREAMS.venues]);

    const handlers = createVenuesHandlers({
      repository: new VenueRepository(model),
      events: createVenueEvents(nc.jetstream(), logger),
    });
    const server = await startGrpcServer({
      host: config.GRPC_HOST,
      port: config.GRPC_PORT,
      services: [{ service: VenuesService, handlers }],
      logger,
      userContextKey: config.USER_CONTEXT_KEY,
    });
    cleanups.push(() => server.stop());

    let stopped: Promise<void> | undefined;
    return {
      port: server.port,
      stop: () => {
        stopped ??= cleanup().then(() => logger.info('venues service stopped'));
        return stopped;
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

if (import.meta.main) {
  const bootLogger = createLogger('venues');
  const config = loadConfigOrExit(configSchema, bootLogger);
  const logger = createLogger('venues', { level: config.LOG_LEVEL });
  await runService(() => start(config, { logger }), { logger });
}
