import { api, cardQueries, errorMessage, notify, useMutation, useQueryClient, type DataCard, type DataCardList, type Department } from '@venuebook/sdk';
import { DATA_CARD_TEXT } from './data-card-rules.ts';

/** Saves a department's new card order (edit mode's drag): shown at once, then replaced by the server's answer. */
export function useReorderCards(venueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ department, cards }: { department: Department; cards: DataCard[] }) =>
      api.venueCards.reorder(
        venueId,
        department,
        cards.map((card) => card.id),
      ),
    onMutate: ({ department, cards }) => {
      // The new order shows at once; the server's answer replaces it.
      queryClient.setQueryData<DataCardList>(cardQueries.venueDepartment(venueId, department).queryKey, { items: cards });
    },
    onSuccess: (list, { department }) => {
      queryClient.setQueryData(cardQueries.venueDepartment(venueId, department).queryKey, list);
      notify({ type: 'success', title: DATA_CARD_TEXT.orderSaved });
    },
    onError: async (failure, { department }) => {
      notify({ type: 'error', title: DATA_CARD_TEXT.orderFailed, description: errorMessage(failure) });
      await queryClient.invalidateQueries({ queryKey: cardQueries.venueDepartment(venueId, department).queryKey });
    },
  });
}
