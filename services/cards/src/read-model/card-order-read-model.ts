// The saved card orders' read model: the latest version of each department's order (a venue's or the templates'),
// loaded by one scan of the insert-only order collection and kept current by own saves and card_order.saved
// events. Older versions are dropped from memory as soon as a newer one is in (one entry per list).
import { parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import { orderKey } from '../domain/card-order.ts';
import type { CardOrderDocument, CardOrderModel } from '../repositories/card-order.model.ts';
import { toCardOrder } from '../repositories/card-order.repository.ts';
import type { CardOrder } from '../repositories/card-order.repository.ts';

export type OrderSort = 'newest';

function orderIdOf(subject: string, payload: unknown): string | null {
  return subject === SUBJECTS.cardOrderSaved ? parseEnvelope(SUBJECTS.cardOrderSaved, payload).data.orderId : null;
}

export interface CardOrderReadModel {
  readonly model: ReadModel<CardOrderDocument, CardOrder, OrderSort>;
  /** The latest saved order of a department (`venueId` null: the templates'), or undefined when none was saved. */
  latest(venueId: string | null, department: string): CardOrder | undefined;
  /** An order this instance just saved. */
  upsert(order: CardOrder): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createCardOrderReadModel(model: CardOrderModel, options: { logger: Logger; nc?: NatsConnection }): CardOrderReadModel {
  const readModel = new ReadModel<CardOrderDocument, CardOrder, OrderSort>({
    name: 'card-orders',
    logger: options.logger,
    source: {
      scan: () => model.find({}).lean<CardOrderDocument[]>().cursor({ batchSize: 1000 }),
      byId: (id) => model.findById(id).lean<CardOrderDocument>().exec(),
    },
    toRecord: toCardOrder,
    searchText: () => '',
    tagValues: [],
    tagsOf: () => [],
    groupOf: (order) => orderKey(order.venueId, order.department),
    sorts: { newest: (a, b) => b.version - a.version || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) },
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.cards.name, recordIdOf: orderIdOf } } : {}),
  });
  const versionsOf = (key: string) => readModel.query({ group: key, sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER }).items;
  /** Keeps the newest version of a list only. */
  function prune(key: string): void {
    const [, ...older] = versionsOf(key);
    for (const order of older) readModel.remove(order.id);
  }
  readModel.onChange((id) => {
    if (id === undefined) {
      const keys = new Set(
        readModel.query({ sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER }).items.map((order) => orderKey(order.venueId, order.department)),
      );
      for (const key of keys) prune(key);
      return;
    }
    const order = readModel.get(id);
    if (order) prune(orderKey(order.venueId, order.department));
  });
  return {
    model: readModel,
    latest: (venueId, department) => versionsOf(orderKey(venueId, department))[0],
    upsert: (order) => readModel.upsert(order),
    async start() {
      await readModel.start();
      const keys = new Set(
        readModel.query({ sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER }).items.map((order) => orderKey(order.venueId, order.department)),
      );
      for (const key of keys) prune(key);
    },
    stop: () => readModel.stop(),
  };
}
