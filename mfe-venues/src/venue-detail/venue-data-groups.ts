import type { CardField, CardFieldValue, DataCard, Department } from '@venuebook/sdk';

/** A card of the venue with the values entered on it, in the card's field order. */
export interface VenueDataCard {
  card: DataCard;
  fields: { field: CardField; value: string }[];
}

/** A department's cards that hold data (spec §2 venue detail: 'Venue Data grouped by department'). */
export interface VenueDataGroup {
  department: Department;
  cards: VenueDataCard[];
}

/**
 * The venue's data by department: each department's cards (in its list's order: general notes first, then the
 * saved order) with their non-blank current values; cards without a value and departments without such a card are
 * left out. A card in several departments shows under each. Values of fields the card no longer has are not shown.
 */
export function venueDataGroups(lists: readonly { department: Department; cards: readonly DataCard[] }[], values: readonly CardFieldValue[]): VenueDataGroup[] {
  const byCard = new Map<string, Map<string, string>>();
  for (const entry of values) {
    if (entry.value.trim() === '') continue;
    let fields = byCard.get(entry.cardId);
    if (!fields) byCard.set(entry.cardId, (fields = new Map()));
    fields.set(entry.fieldKey, entry.value);
  }
  const groups: VenueDataGroup[] = [];
  for (const { department, cards } of lists) {
    const withData: VenueDataCard[] = [];
    for (const card of cards) {
      const entered = byCard.get(card.id);
      if (!entered) continue;
      const fields = card.fields.flatMap((field) => {
        const value = entered.get(field.key);
        return value === undefined ? [] : [{ field, value }];
      });
      if (fields.length > 0) withData.push({ card, fields });
    }
    if (withData.length > 0) groups.push({ department, cards: withData });
  }
  return groups;
}
