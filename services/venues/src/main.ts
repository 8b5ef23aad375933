// The venues service's process: wiring only (the kit runs the start-up, see startDomainService).
import { STREAMS } from '@venuebook/proto/events';
import { VenuesService } from '@venuebook/proto/venues/v1';
import { runServiceMain, startDomainService } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import type { VenuesConfig } from './config.ts';
import { createVenueEvents } from './events/venue.events.ts';
import { createVenuesHandlers } from './grpc/venues.handlers.ts';
import { venueModel } from './repositories/venue.model.ts';
import { VenueRepository } from './repositories/venue.repository.ts';
import { createVenueUseCases } from './use-cases/venues.ts';

export function start(config: VenuesConfig, options: { logger?: Logger } = {}): Promise<RunningServiceHandle> {
  return startDomainService({
    name: 'venues',
    config,
    logger: options.logger,
    models: (connection) => ({ venues: venueModel(connection) }),
    streams: [STREAMS.venues],
    service: VenuesService,
    handlers: ({ models, js, logger, audit }) =>
      createVenuesHandlers(createVenueUseCases({ repository: new VenueRepository(models.venues), events: createVenueEvents(js, logger), audit })),
  });
}

if (import.meta.main) await runServiceMain('venues', configSchema, start);
