import { formatDistance } from 'date-fns';
import type { DataCard } from '@venuebook/sdk';

/** Spec §2 'Deleted Data Cards': a card's age as relative time ('3 days ago'); '' without a valid time. */
export function relativeAge(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDistance(date, now, { addSuffix: true });
}

/** What kind of card it was: a master template or a card of one venue. */
export function deletedCardKind(card: Pick<DataCard, 'isTemplate'>): string {
  return card.isTemplate ? 'Master template' : 'Venue card';
}

/** The most recently deleted first (ties: title). */
export function newestDeletedFirst<C extends Pick<DataCard, 'deletedAt' | 'title'>>(cards: readonly C[]): C[] {
  return [...cards].sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? '') || a.title.localeCompare(b.title));
}
