// Scaffold: the card dialog (spec §2 'Card dialog') is built here this session; the props are the contract the
// Data Cards screen opens it with.
import type { DataCard, Department } from '@venuebook/sdk';

export interface CardDialogProps {
  venueId: string;
  department: Department;
  /** The department's cards in screen order (prev/next move through these). */
  cards: readonly DataCard[];
  /** The open card's id; null: closed. */
  cardId: string | null;
  /** Whether the user may save values (card.data.save) and customise (card.edit). */
  canSave: boolean;
  canCustomize: boolean;
  /** Opens another card (prev/next) or closes the dialog (null). */
  onOpenCard: (cardId: string | null) => void;
  /** A card was customised or changed: the screen reloads its list. */
  onCardsChanged: () => void;
}

export function CardDialog(_props: CardDialogProps) {
  return null;
}
