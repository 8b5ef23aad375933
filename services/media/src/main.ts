// The media service's process: wiring only (the kit runs the start-up, see startDomainService).
import { MediaService } from '@venuebook/proto/media/v1';
import { STREAMS } from '@venuebook/proto/events';
import { partialHandlers } from '@venuebook/proto/grpc';
import { runServiceMain, startDomainService } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import type { MediaConfig } from './config.ts';

export type MediaServiceHandle = RunningServiceHandle;

export async function start(config: MediaConfig, options: { logger?: Logger } = {}): Promise<MediaServiceHandle> {
  return startDomainService({
    name: 'media',
    config,
    logger: options.logger,
    models: () => ({}),
    // venues: the venue.purged events (a purged venue's files go) may be read before the venues service first ran.
    streams: [STREAMS.media, STREAMS.venues],
    service: MediaService,
    // Issue 13 in progress: the RPCs not built yet answer UNIMPLEMENTED (partialHandlers).
    handlers: async () => partialHandlers(MediaService, {}),
  });
}

if (import.meta.main) await runServiceMain('media', configSchema, start);
