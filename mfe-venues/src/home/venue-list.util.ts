import type { VenueSummary } from '@venuebook/sdk';

/** Appends `next` to `items`, skipping ids already shown (offset paging can repeat a row). */
export function appendUnique<T extends { id: string } = VenueSummary>(items: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(items.map((v) => v.id));
  return [...items, ...next.filter((v) => !seen.has(v.id))];
}

export const MAX_TYPES_SHOWN = 3;

/** 'Arena · Club · Hotel +2': the first few venue types of a card. */
export function venueTypesSummary(types: readonly string[], max = MAX_TYPES_SHOWN): string {
  if (types.length <= max) return types.join(' · ');
  return `${types.slice(0, max).join(' · ')} +${types.length - max}`;
}
