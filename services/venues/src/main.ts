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
  mongoConfigSchema,
  natsConfigSchema,
  runServiceMain,
  startServiceLifecycle,
  userContextConfigSchema,
  serveGrpc,
} from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
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

export type RunningVenuesService = RunningServiceHandle;

/** Connects MongoDB and NATS, ensures indexes and the venues stream, and serves gRPC. */
export async function start(config: VenuesConfig, options: { logger?: Logger } = {}): Promise<RunningVenuesService> {
  const logger = options.logger ?? createLogger('venues', { level: config.LOG_LEVEL });
  return startServiceLifecycle('venues', logger, async (defer) => {
    const connection = await connectMongo(config.MONGODB_URI, config.MONGODB_DB, { appName: 'venues' });
    defer(() => connection.close());
    const model = venueModel(connection);
    await ensureIndexes([model]);

    const nc = await connectNats(config.NATS_URL, { name: 'venues' });
    defer(() => nc.drain());
    await ensureStreams(nc, [STREAMS.venues]);

    const handlers = createVenuesHandlers({
      repository: new VenueRepository(model),
      events: createVenueEvents(nc.jetstream(), logger),
    });
    return serveGrpc(defer, { config, service: VenuesService, handlers, logger });
  });
}

if (import.meta.main) await runServiceMain('venues', configSchema, start);
