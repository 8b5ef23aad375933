import { Text } from '@chakra-ui/react';
import { api, ConfirmDialog, errorMessage, FIELD_NOTES_CLEAN_FAILED, FIELD_NOTES_CLEANED, notify, useMutation } from '@venuebook/sdk';

/** Clean Field Notes (spec §8, higher-privilege users): the venue's removed note lines go for good. */
export function CleanFieldNotesDialog({ venueId, open, onClose }: { venueId: string; open: boolean; onClose: () => void }) {
  const clean = useMutation({
    mutationFn: () => api.venueCards.cleanNotes(venueId),
    onSuccess: (result) => {
      onClose();
      notify({ type: 'success', title: result.message || FIELD_NOTES_CLEANED });
    },
    onError: (failure) => {
      onClose();
      notify({ type: 'error', title: FIELD_NOTES_CLEAN_FAILED, description: errorMessage(failure) });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      title="Clean Field Notes"
      confirmLabel="Clean"
      busy={clean.isPending}
      onCancel={onClose}
      onConfirm={() => clean.mutate()}
      data-testid="clean-field-notes-dialog"
    >
      <Text>Remove the deleted note lines of this venue for good? The current notes stay as they are.</Text>
    </ConfirmDialog>
  );
}
