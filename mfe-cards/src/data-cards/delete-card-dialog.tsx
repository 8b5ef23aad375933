import { Text } from '@chakra-ui/react';
import { api, ConfirmDialog, errorMessage, notify, useMutation, type DataCard, type Department } from '@venuebook/sdk';
import { DATA_CARD_TEXT, deleteKindOf } from './data-card-rules.ts';

/** A card to delete, and the department it was deleted from (a template's card leaves only that department). */
export interface DeletingCard {
  card: DataCard;
  department: Department;
}

/**
 * Deleting a card in edit mode: a template's card is removed from the venue's department (the template stays), a
 * custom card moves to Deleted Data Cards.
 */
export function DeleteCardDialog({
  venueId,
  deleting,
  onClose,
  onDeleted,
}: {
  venueId: string;
  deleting: DeletingCard | null;
  onClose: () => void;
  onDeleted: () => Promise<unknown>;
}) {
  const remove = useMutation({
    mutationFn: ({ card, department }: DeletingCard) =>
      deleteKindOf(card) === 'remove-template'
        ? api.venueCards.removeTemplate(venueId, card.id, department)
        : api.venueCards.delete(card.id).then(() => undefined),
    onSuccess: async (_result, { card }) => {
      onClose();
      notify({ type: 'success', title: deleteKindOf(card) === 'remove-template' ? DATA_CARD_TEXT.removed : DATA_CARD_TEXT.deleted });
      await onDeleted();
    },
    onError: (failure) => {
      onClose();
      notify({ type: 'error', title: DATA_CARD_TEXT.removeFailed, description: errorMessage(failure) });
    },
  });
  const removesTemplate = deleting !== null && deleteKindOf(deleting.card) === 'remove-template';

  return (
    <ConfirmDialog
      open={deleting !== null}
      title={removesTemplate ? 'Remove Card' : 'Delete Card'}
      confirmLabel={removesTemplate ? 'Remove' : 'Delete'}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => deleting && remove.mutate(deleting)}
      data-testid="delete-card-dialog"
    >
      {deleting && removesTemplate ? (
        <Text wordBreak="break-word">
          Remove &quot;{deleting.card.title}&quot; from this venue&apos;s {deleting.department} cards? The data entered on it here is removed; the template
          stays and can be added again.
        </Text>
      ) : (
        <Text wordBreak="break-word">Delete &quot;{deleting?.card.title}&quot;? It moves to Deleted Data Cards, where an admin can restore it.</Text>
      )}
    </ConfirmDialog>
  );
}
