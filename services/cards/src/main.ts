// The cards service's process: wiring only (the kit runs the start-up, see startDomainService).
import { CardsService } from '@venuebook/contracts/cards/v1';
import { DEPARTMENTS } from '@venuebook/domain';
import { STREAMS } from '@venuebook/contracts/events';
import { partialHandlers } from '@venuebook/grpc';
import { createVenueDirectory, lockModel, Locks, runServiceMain, startDomainService, startVenueLifecycle } from '@venuebook/service-kit';
import type { Logger, RunningServiceHandle } from '@venuebook/service-kit';
import { configSchema } from './config.ts';
import type { CardsConfig } from './config.ts';
import { createCardEvents } from './events/card.events.ts';
import { createTemplateHandlers } from './grpc/templates.handlers.ts';
import { createVenueCardHandlers } from './grpc/venue-cards.handlers.ts';
import { createCardOrderReadModel } from './read-model/card-order-read-model.ts';
import type { CardOrderReadModel } from './read-model/card-order-read-model.ts';
import { createCardReadModel } from './read-model/card-read-model.ts';
import type { CardReadModel } from './read-model/card-read-model.ts';
import { cardModel } from './repositories/card.model.ts';
import { cardOrderModel, cardSeedModel } from './repositories/card-order.model.ts';
import { CardOrderRepository } from './repositories/card-order.repository.ts';
import { CardRepository } from './repositories/card.repository.ts';
import { createCardOrders } from './use-cases/card-orders.ts';
import { createTemplateUseCases } from './use-cases/templates.ts';
import { createVenueCardUseCases } from './use-cases/venue-cards.ts';
import { createFieldValueEvents } from './events/field-value.events.ts';
import { createFieldValueHandlers } from './grpc/field-values.handlers.ts';
import { createFieldValueLists } from './read-model/field-value-read-model.ts';
import type { FieldValueLists } from './read-model/field-value-read-model.ts';
import { fieldValueModel } from './repositories/field-value.model.ts';
import { FieldValueRepository } from './repositories/field-value.repository.ts';
import { createFieldValueUseCases } from './use-cases/field-values.ts';
import { createFieldNoteEvents } from './events/field-note.events.ts';
import { createFieldNoteHandlers } from './grpc/field-notes.handlers.ts';
import { createFieldNoteLists } from './read-model/field-note-read-model.ts';
import type { FieldNoteLists } from './read-model/field-note-read-model.ts';
import { fieldNoteModel } from './repositories/field-note.model.ts';
import { FieldNoteRepository } from './repositories/field-note.repository.ts';
import { createFieldNoteUseCases } from './use-cases/field-notes.ts';
import { orderKey } from './domain/card-order.ts';
import { deleteCardDocuments, deleteVenueDocuments } from './repositories/venue-documents.repository.ts';

/** The running service; `readModel` holds every card, `orderReadModel` the latest order of each department (tests). */
export interface CardsServiceHandle extends RunningServiceHandle {
  readModel: CardReadModel;
  orderReadModel: CardOrderReadModel;
  /** Every card field value version, by venue (tests). */
  fieldValues: FieldValueLists;
  /** Every field note line and soft delete, by venue (tests). */
  fieldNotes: FieldNoteLists;
}

export async function start(config: CardsConfig, options: { logger?: Logger } = {}): Promise<CardsServiceHandle> {
  let readModel: CardReadModel | undefined;
  let orderReadModel: CardOrderReadModel | undefined;
  let fieldValueLists: FieldValueLists | undefined;
  let fieldNoteLists: FieldNoteLists | undefined;
  const handle = await startDomainService({
    name: 'cards',
    config,
    logger: options.logger,
    models: (connection) => ({
      cards: cardModel(connection),
      orders: cardOrderModel(connection),
      seeds: cardSeedModel(connection),
      fieldValues: fieldValueModel(connection),
      fieldNotes: fieldNoteModel(connection),
      locks: lockModel(connection, 'CardLock', 'card_locks'),
    }),
    // venues: the venue.deleted and venue.purged events (startVenueLifecycle) may be read before the venues service first ran.
    streams: [STREAMS.cards, STREAMS.venues],
    service: CardsService,
    handlers: async ({ models, nc, js, logger, audit, defer }) => {
      const cards = createCardReadModel(models.cards, { logger, nc });
      defer(() => cards.stop());
      await cards.start();
      const orderList = createCardOrderReadModel(models.orders, { logger, nc });
      defer(() => orderList.stop());
      await orderList.start();
      readModel = cards;
      orderReadModel = orderList;
      const events = createCardEvents(js, logger, { cardOrigin: cards.origin, orderOrigin: orderList.model.origin });
      const locks = new Locks(models.locks);
      const orders = createCardOrders({ repository: new CardOrderRepository(models.orders), readModel: orderList, events, audit });
      const repository = new CardRepository(models.cards);
      // Card field values (venue_data): insert-only versions, their read model loaded before the service answers.
      const venueDirectory = createVenueDirectory(config);
      defer(() => venueDirectory.close());
      const valueRepository = new FieldValueRepository(models.fieldValues);
      const values = createFieldValueLists(valueRepository, { logger, nc });
      defer(() => values.readModel.stop());
      await values.readModel.start();
      fieldValueLists = values;
      const fieldValues = createFieldValueUseCases({
        repository: valueRepository,
        lists: values,
        events: createFieldValueEvents(js, logger, { origin: values.readModel.origin }),
        audit,
        cardById: async (id) => cards.get(id)?.card ?? (await repository.getById(id)),
        venues: venueDirectory,
        orders,
      });
      // Field notes (venue_field_notes): insert-only lines and soft deletes, their read model loaded before the service answers.
      const noteRepository = new FieldNoteRepository(models.fieldNotes);
      const notes = createFieldNoteLists(noteRepository, { logger, nc });
      defer(() => notes.readModel.stop());
      await notes.readModel.start();
      fieldNoteLists = notes;
      const fieldNotes = createFieldNoteUseCases({
        repository: noteRepository,
        lists: notes,
        events: createFieldNoteEvents(js, logger, { origin: notes.readModel.origin }),
        audit,
        cardById: async (id) => cards.get(id)?.card ?? (await repository.getById(id)),
        venues: venueDirectory,
        orders,
      });
      const templates = createTemplateUseCases({
        repository,
        readModel: cards,
        orders,
        events,
        audit,
        locks,
        seeds: models.seeds,
        logger,
        venues: venueDirectory,
      });
      // The starting master templates, at the first start of the database (fixed ids: replicas write the same).
      await templates.seed();
      // A venue's cards: venues are checked with the venues service (GetVenue over gRPC); values move through the field-value use cases.
      const venueCards = createVenueCardUseCases({
        repository,
        readModel: cards,
        orders,
        events,
        audit,
        locks,
        venues: venueDirectory,
        values: fieldValues,
        purgeCardData: (cardId) => deleteCardDocuments([models.fieldValues, models.fieldNotes], cardId),
      });
      // A card gone from the cards (purged here or on another replica): its values and notes leave this replica's memory.
      cards.onChange((id) => {
        if (id === undefined || cards.get(id)) return;
        values.readModel.removeWhere((record) => record.cardId === id);
        notes.readModel.removeWhere((record) => record.cardId === id);
      });
      // A deleted venue is forgotten by the venue check at once; a purged venue's cards, orders, values and notes go.
      const lifecycle = await startVenueLifecycle(nc, {
        durable: config.VENUE_PURGE_CONSUMER_NAME,
        logger,
        forget: (venueId) => venueDirectory.forget(venueId),
        dropFromMemory(venueId) {
          cards.removeGroup(venueId);
          for (const department of DEPARTMENTS) orderList.model.removeGroup(orderKey(venueId, department));
          values.readModel.removeGroup(venueId);
          notes.readModel.removeGroup(venueId);
        },
        purge: (venueId) => deleteVenueDocuments([models.cards, models.orders, models.fieldValues, models.fieldNotes], venueId),
      });
      defer(() => lifecycle.stop());
      // The RPCs not built yet answer UNIMPLEMENTED (partialHandlers).
      return partialHandlers(CardsService, {
        ...createTemplateHandlers(templates),
        ...createVenueCardHandlers(venueCards),
        ...createFieldValueHandlers(fieldValues),
        ...createFieldNoteHandlers(fieldNotes),
      });
    },
  });
  if (!readModel || !orderReadModel || !fieldValueLists || !fieldNoteLists) throw new Error('cards: the read model did not start');
  return { ...handle, readModel, orderReadModel, fieldValues: fieldValueLists, fieldNotes: fieldNoteLists };
}

if (import.meta.main) await runServiceMain('cards', configSchema, start);
