// The venues service's process: wiring only (the kit runs the start-up, see startDomainService).
import { STREAMS } from '@venuebook/contracts/events';
import type { ServiceHandlers } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { lockModel, Locks, runServiceMain, startDomainService } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import type { VenuesConfig } from './config.ts';
import { createVenueEvents } from './events/venue.events.ts';
import { startVenueDataConsumer } from './consumers/venue-data-consumer.ts';
import { createVenueEventEvents } from './events/venue-event.events.ts';
import { createVenueEventHandlers } from './grpc/venue-events.handlers.ts';
import { createVenueEventLists } from './read-model/venue-event-read-model.ts';
import { VenueEventRepository } from './repositories/event.repository.ts';
import { venueEventModel } from './repositories/venue-event.model.ts';
import { createVenueEventUseCases } from './use-cases/venue-events.ts';
import { createContactEvents } from './events/contact.events.ts';
import { hidingContactDetails } from './grpc/contact-details.ts';
import { createContactsHandlers } from './grpc/contacts.handlers.ts';
import { createContactReadModel } from './read-model/contact-read-model.ts';
import type { ContactReadModel } from './read-model/contact-read-model.ts';
import { contactModel } from './repositories/contact.model.ts';
import { ContactRepository } from './repositories/contact.repository.ts';
import { createContactUseCases } from './use-cases/contacts.ts';
import { createMainContacts } from './use-cases/main-contact.ts';
import { createVenuesHandlers } from './grpc/venues.handlers.ts';
import { createDeletedVenueReadModel } from './read-model/deleted-venue-read-model.ts';
import { createVenueCache, venueCacheWarmer } from './read-model/venue-cache.ts';
import type { VenueCache } from './read-model/venue-cache.ts';
import { createVenueReadModel } from './read-model/venue-read-model.ts';
import type { VenueReadModel } from './read-model/venue-read-model.ts';
import { venueModel } from './repositories/venue.model.ts';
import type { VenueDocument } from './repositories/venue.model.ts';
import { VenueRepository } from './repositories/venue.repository.ts';
import { createVenueUseCases } from './use-cases/venues.ts';
import { createImportHandlers } from './grpc/imports.handlers.ts';
import { importKeyModel } from './repositories/import-key.model.ts';
import { ImportKeyRepository } from './repositories/import-key.repository.ts';
import { createImportUseCases } from './use-cases/imports.ts';
import type { VenuePurgeHook } from './use-cases/venues.ts';

/**
 * The running service; `readModel` is its in-memory venue list (tests: refresh after a direct database write,
 * which drops the venue from `venueCache` too), `venueCache` GetVenue's cache of whole venues.
 */
export interface VenuesServiceHandle extends RunningServiceHandle {
  readModel: VenueReadModel;
  venueCache: VenueCache;
  /** Registers a purge hook on this instance (tests; the service's own hooks are registered below). */
  onPurge(hook: VenuePurgeHook): () => void;
  /** The in-memory contacts (tests: stop() it to hold this replica's view back, resume() after). */
  contactReadModel: ContactReadModel;
}

export async function start(config: VenuesConfig, options: { logger?: Logger } = {}): Promise<VenuesServiceHandle> {
  let readModel: VenueReadModel | undefined;
  let venueCache: VenueCache | undefined;
  let onPurge: ((hook: VenuePurgeHook) => () => void) | undefined;
  let contactReadModel: ContactReadModel | undefined;
  const handle = await startDomainService({
    name: 'venues',
    config,
    logger: options.logger,
    models: (connection) => ({
      venues: venueModel(connection),
      venueEvents: venueEventModel(connection),
      contacts: contactModel(connection),
      importKeys: importKeyModel(connection),
      locks: lockModel(connection, 'VenueLock', 'venue_locks'),
    }),
    // cards: the venue_data.updated events the 'Updated' sort follows (startVenueDataConsumer).
    streams: [STREAMS.venues, STREAMS.cards],
    service: VenuesService,
    handlers: async ({ models, nc, js, logger, audit, defer }) => {
      // One scan at start loads the lists and warms GetVenue's cache (venueCacheWarmer).
      let warm: ((doc: VenueDocument) => void) | undefined;
      const venues = createVenueReadModel(models.venues, { logger, nc, whole: (doc) => warm?.(doc) });
      const repository = new VenueRepository(models.venues);
      const cache = createVenueCache(repository, venues, config.VENUE_CACHE_MAX_MB);
      warm = config.VENUE_CACHE_MAX_MB > 0 ? venueCacheWarmer(cache, config.VENUE_CACHE_MAX_MB) : undefined;
      defer(() => venues.stop());
      await venues.start();
      warm = undefined;
      readModel = venues;
      venueCache = cache;
      // The deleted-venues page's list (the venues read model keeps active venues only).
      const deletedVenues = createDeletedVenueReadModel(models.venues, { logger, nc });
      defer(() => deletedVenues.stop());
      await deletedVenues.start();
      // Contacts: their read model takes venue names from `venues`, so it starts after it.
      const contactList = createContactReadModel(models.contacts, venues, { logger, nc });
      defer(() => contactList.stop());
      await contactList.start();
      contactReadModel = contactList;
      const contactWrites = {
        contacts: new ContactRepository(models.contacts, models.venues),
        readModel: contactList,
        venueReadModel: venues,
        events: createContactEvents(js, logger, { origin: contactList.origin }),
        audit,
      };
      const contactUseCases = createContactUseCases({ ...contactWrites, venues: repository, venueCache, locks: new Locks(models.locks) });
      const venueUseCases = createVenueUseCases({
        repository,
        events: createVenueEvents(js, logger, { origin: venues.origin }),
        audit,
        readModel: venues,
        venueCache,
        locks: new Locks(models.locks),
        deletedVenues,
        mainContacts: createMainContacts(contactWrites),
      });
      // Purge hooks: a purged venue's contacts (and, below, its events) go with it.
      venueUseCases.onPurge(contactUseCases.purgeVenueContacts);
      onPurge = venueUseCases.onPurge;
      // Venue answers withhold the main contact's details from callers who may not see them (spec §5).
      const venueHandlers = hidingContactDetails(createVenuesHandlers(venueUseCases));
      const contactHandlers = createContactsHandlers(contactUseCases);
      const venueDataConsumer = await startVenueDataConsumer(nc, { durable: config.VENUE_DATA_CONSUMER_NAME, logger, useCases: venueUseCases });
      defer(() => venueDataConsumer.stop());
      const eventLists = createVenueEventLists(models.venueEvents, venues, { logger, nc });
      defer(() => eventLists.detach());
      defer(() => eventLists.readModel.stop());
      await eventLists.readModel.start();
      const venueEventUseCases = createVenueEventUseCases({
        repository: new VenueEventRepository(models.venueEvents),
        venueRepository: repository,
        venues,
        lists: eventLists,
        events: createVenueEventEvents(js, logger, { origin: eventLists.readModel.origin }),
        audit,
        locks: new Locks(models.locks),
      });
      venueUseCases.onPurge(venueEventUseCases.purgeVenueEvents);
      const venueEventHandlers = createVenueEventHandlers(venueEventUseCases);
      // CSV import and export: through the venue and contact use cases; the export's venues hide contact details too.
      const importHandlers = hidingContactDetails(
        createImportHandlers(
          createImportUseCases({
            venueUseCases,
            contactUseCases,
            venues,
            contacts: contactList,
            venueRepository: repository,
            venueCache,
            importKeys: new ImportKeyRepository(models.importKeys),
            locks: new Locks(models.locks),
          }),
        ),
      );
      // Every RPC of the contract has its handler (the compiler checks it).
      const handlers: ServiceHandlers<typeof VenuesService> = { ...venueHandlers, ...venueEventHandlers, ...contactHandlers, ...importHandlers };
      return handlers;
    },
  });
  if (!readModel || !venueCache || !onPurge || !contactReadModel) throw new Error('venues: the read model did not start');
  return { ...handle, readModel, venueCache, onPurge, contactReadModel };
}

if (import.meta.main) await runServiceMain('venues', configSchema, start);
