import type { DataCard } from '@venuebook/sdk';

/** What kind of card it was: a master template or a card of one venue. */
export function deletedCardKind(card: Pick<DataCard, 'isTemplate'>): string {
  return card.isTemplate ? 'Master template' : 'Venue card';
}

/** The most recently deleted first (ties: title). */
export function newestDeletedFirst<C extends Pick<DataCard, 'deletedAt' | 'title'>>(cards: readonly C[]): C[] {
  return [...cards].sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? '') || a.title.localeCompare(b.title));
}
