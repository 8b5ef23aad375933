import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor } from '@venuebook/contracts/events';
import type { DataCard } from '@venuebook/domain';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { CardOrder } from '../repositories/card-order.repository.ts';

type EventContext = { actor?: Actor; requestId?: string };

export type CardEventKind = 'created' | 'updated' | 'deleted' | 'restored' | 'purged';

const SUBJECT_OF = {
  created: SUBJECTS.cardCreated,
  updated: SUBJECTS.cardUpdated,
  deleted: SUBJECTS.cardDeleted,
  restored: SUBJECTS.cardRestored,
  purged: SUBJECTS.cardPurged,
} as const;

/** The domain events (NATS, the cards stream) of cards and their order. None throws: a failed publish is logged. */
export interface CardEvents {
  /** venuebook.cards.card.<kind>.v1 */
  card(kind: CardEventKind, card: DataCard, context?: EventContext): Promise<void>;
  /** venuebook.cards.card_order.saved.v1 */
  orderSaved(order: CardOrder, context?: EventContext): Promise<void>;
}

/** `cardOrigin` / `orderOrigin`: the read models' ids (their own events are then not read again). */
export function createCardEvents(js: JetStreamClient, logger: Logger, options: { cardOrigin?: string; orderOrigin?: string } = {}): CardEvents {
  const cards = createEventPublisher(js, logger, options.cardOrigin ? { origin: options.cardOrigin } : {});
  const orders = createEventPublisher(js, logger, options.orderOrigin ? { origin: options.orderOrigin } : {});
  return {
    async card(kind, card, context = {}) {
      await cards.publish(SUBJECT_OF[kind], { cardId: card.id, venueId: card.venueId }, context);
    },
    async orderSaved(order, context = {}) {
      await orders.publish(
        SUBJECTS.cardOrderSaved,
        { orderId: order.id, venueId: order.venueId, department: order.department, version: order.version },
        context,
      );
    },
  };
}
