import { cardQueries, useQuery, type Department } from '@venuebook/sdk';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The open card: its id and the department it was opened in (prev/next move through that department's cards). */
export interface OpenCard {
  cardId: string;
  department: Department;
}

/**
 * The card whose dialog is open, if any: opened from a tile, or by the route's `?card=<id>` (venue detail's Venue
 * Data links here) when the route's department is known.
 */
export function useOpenCard(venueId: string, department: Department, known: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedCard = searchParams.get('card');
  const [openCard, setOpenCard] = useState<OpenCard | null>(() => (linkedCard && known ? { cardId: linkedCard, department } : null));
  // The open card's department in screen order, from the list's cache (a customised card comes back under its new id).
  const openCards = useQuery({ ...cardQueries.venueDepartment(venueId, openCard?.department ?? department), enabled: openCard !== null });

  /** Moves to another card of the open card's department, or (null) closes the dialog and drops `?card=`. */
  const openCardById = (cardId: string | null) => {
    setOpenCard((current) => (cardId && current ? { ...current, cardId } : null));
    if (!cardId && linkedCard) {
      const next = new URLSearchParams(searchParams);
      next.delete('card');
      setSearchParams(next, { replace: true });
    }
  };

  return {
    cardId: openCard?.cardId ?? null,
    department: openCard?.department ?? department,
    cards: openCards.data?.items ?? [],
    open: setOpenCard,
    openCardById,
  };
}
