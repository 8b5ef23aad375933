// The media service's process: wiring only (the kit runs the start-up, see startDomainService).
import { MediaService } from '@venuebook/contracts/media/v1';
import { STREAMS } from '@venuebook/contracts/events';
import { createVenueDirectory, createVenueLinks, lockModel, Locks, runServiceMain, startDomainService, startVenueLifecycle } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import type { MediaConfig } from './config.ts';
import { createMediaEvents } from './events/media.events.ts';
import { createMediaHandlers } from './grpc/media.handlers.ts';
import { createDocumentReadModel } from './read-model/document-read-model.ts';
import type { DocumentReadModel } from './read-model/document-read-model.ts';
import { documentModel, documentRevisionModel, galleryModel } from './repositories/document.model.ts';
import { DocumentRepository, GalleryRepository } from './repositories/document.repository.ts';
import { createObjectStore, venuePrefix } from './adapters/object-store.ts';
import type { ObjectStore } from './adapters/object-store.ts';
import { createContentUseCase } from './use-cases/content.ts';
import { createDocumentUseCases } from './use-cases/documents.ts';
import { createGalleryUseCases } from './use-cases/gallery.ts';
import { createUploadUseCase } from './use-cases/upload.ts';

/** The running service; `readModel` holds every document by venue, `store` its objects (tests). */
export interface MediaServiceHandle extends RunningServiceHandle {
  readModel: DocumentReadModel;
  store: ObjectStore;
}

export async function start(config: MediaConfig, options: { logger?: Logger } = {}): Promise<MediaServiceHandle> {
  let readModel: DocumentReadModel | undefined;
  const store = createObjectStore(config);
  const handle = await startDomainService({
    name: 'media',
    config,
    logger: options.logger,
    models: (connection) => ({
      documents: documentModel(connection),
      revisions: documentRevisionModel(connection),
      galleries: galleryModel(connection),
      locks: lockModel(connection, 'MediaLock', 'media_locks'),
    }),
    // venues: the venue.purged events (a purged venue's files go) may be read before the venues service first ran.
    streams: [STREAMS.media, STREAMS.venues],
    service: MediaService,
    handlers: async ({ models, nc, js, logger, audit, defer }) => {
      await store.ensureBucket();
      const repository = new DocumentRepository(models.documents, models.revisions);
      const documents = createDocumentReadModel(repository, { logger, nc });
      defer(() => documents.stop());
      await documents.start();
      readModel = documents;
      const events = createMediaEvents(js, logger, { origin: documents.origin });
      const locks = new Locks(models.locks);
      const galleries = new GalleryRepository(models.galleries);
      const venues = createVenueDirectory(config);
      defer(() => venues.close());
      const links = createVenueLinks(config);
      defer(() => links.close());
      const gallery = createGalleryUseCases({ galleries, readModel: documents, events, audit, locks, venues });
      const useCases = {
        upload: createUploadUseCase({ config, repository, readModel: documents, store, events, audit, venues, links, logger }),
        documents: createDocumentUseCases({ repository, readModel: documents, store, events, audit, locks, venues, links, logger }),
        content: createContentUseCase({ repository, readModel: documents, store, venues, gallery }),
        gallery,
      };
      // A deleted venue is forgotten by the venue check at once; a purged venue's documents, files and gallery go.
      const lifecycle = await startVenueLifecycle(nc, {
        durable: config.VENUE_PURGE_CONSUMER_NAME,
        logger,
        forget: (venueId) => venues.forget(venueId),
        dropFromMemory: (venueId) => void documents.removeGroup(venueId),
        async purge(venueId) {
          const removed = await repository.deleteVenue(venueId);
          const objects = await store.removePrefix(venuePrefix(venueId));
          await gallery.purge(venueId);
          logger.info({ venueId, documents: removed, objects }, 'removed the documents and files of a purged venue');
          return removed;
        },
      });
      defer(() => lifecycle.stop());
      return createMediaHandlers(useCases);
    },
  });
  if (!readModel) throw new Error('media: the read model did not start');
  return { ...handle, readModel, store };
}

if (import.meta.main) await runServiceMain('media', configSchema, start);
