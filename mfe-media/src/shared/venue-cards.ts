import type { DataCard, DataCardList } from '@venuebook/sdk';

/**
 * The venue's cards from its seven department lists, each card once (a card may sit in several departments), by
 * title; undefined until every list is in.
 */
export function venueCardsOf(lists: readonly (DataCardList | undefined)[]): DataCard[] | undefined {
  if (lists.some((list) => list === undefined)) return undefined;
  const byId = new Map<string, DataCard>();
  for (const list of lists) for (const card of list?.items ?? []) if (!byId.has(card.id)) byId.set(card.id, card);
  return [...byId.values()].sort((a, b) => a.title.localeCompare(b.title));
}
