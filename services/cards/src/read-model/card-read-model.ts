// The cards' read model (the kit's ReadModel): every card, active and deleted, grouped by venue (templates in
// one group of their own), so that a department's templates, a venue's cards and the deleted list come from
// memory (the database answers only by `_id`). Kept current by this instance's writes and the cards stream.
import { parseEnvelope, STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import type { DataCard } from '@venuebook/domain';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import type { CardModel } from '../repositories/card.model.ts';
import { toCardRecord } from '../repositories/card.repository.ts';
import type { CardSource } from '../repositories/card.repository.ts';

export interface CardEntry {
  id: string;
  card: DataCard;
}

/** The group of the master templates (venue cards are grouped by their venue id). */
export const TEMPLATES_GROUP = '*templates';

const TAGS = ['active', 'deleted'] as const;

export type CardSort = 'title' | 'deleted';

const ascending = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const CARD_SORTS: Record<CardSort, (a: CardEntry, b: CardEntry) => number> = {
  title: (a, b) => ascending(a.card.title.toLowerCase(), b.card.title.toLowerCase()) || ascending(a.id, b.id),
  /** Newest deleted first (active cards last). */
  deleted: (a, b) => ascending(b.card.deletedAt ?? '', a.card.deletedAt ?? '') || ascending(a.id, b.id),
};

const CARD_SUBJECTS: readonly string[] = [SUBJECTS.cardCreated, SUBJECTS.cardUpdated, SUBJECTS.cardDeleted, SUBJECTS.cardRestored, SUBJECTS.cardPurged];

function cardIdOf(subject: string, payload: unknown): string | null {
  if (!CARD_SUBJECTS.includes(subject)) return null;
  return parseEnvelope(subject as typeof SUBJECTS.cardCreated, payload).data.cardId;
}

export type CardReadModel = ReadModel<CardSource, CardEntry, CardSort>;

export function createCardReadModel(model: CardModel, options: { logger: Logger; nc?: NatsConnection }): CardReadModel {
  return new ReadModel<CardSource, CardEntry, CardSort>({
    name: 'cards',
    logger: options.logger,
    source: {
      scan: () => model.find({}).lean<CardSource[]>().cursor({ batchSize: 1000 }),
      byId: (id) => model.findById(id).lean<CardSource>().exec(),
    },
    toRecord: (doc) => ({ id: doc._id, card: toCardRecord(doc) }),
    searchText: (entry) => entry.card.title,
    tagValues: TAGS,
    tagsOf: (entry) => [entry.card.deletedAt ? 'deleted' : 'active'],
    groupOf: (entry) => entry.card.venueId ?? TEMPLATES_GROUP,
    sorts: CARD_SORTS,
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.cards.name, recordIdOf: cardIdOf } } : {}),
  });
}

/** The cards of `group` (a venue id or TEMPLATES_GROUP) that `filter` accepts. */
export function cardsOf(readModel: CardReadModel, group: string, filter: (card: DataCard) => boolean): DataCard[] {
  return readModel
    .query({ group, sort: 'title', offset: 0, limit: Number.MAX_SAFE_INTEGER, filter: (entry) => filter(entry.card) })
    .items.map((entry) => entry.card);
}
