import { api, ConfirmDialog, errorMessage, notify, useMutation, type DataCard } from '@venuebook/sdk';

/** Deleting a template card: it moves to Deleted Data Cards; venues that use it keep their data until it is purged. */
export function DeleteTemplateDialog({
  deleting,
  onClose,
  refresh,
}: {
  deleting: DataCard | null;
  onClose: () => void;
  /** Reloads the templates (before the dialog closes). */
  refresh: () => Promise<unknown>;
}) {
  const remove = useMutation({
    mutationFn: (template: DataCard) => api.cardTemplates.delete(template.id),
    onSuccess: async () => {
      await refresh();
      onClose();
      notify({ type: 'success', title: 'Template card deleted' });
    },
    onError: (error) => {
      onClose();
      notify({ type: 'error', title: 'Error deleting card', description: errorMessage(error) });
    },
  });

  return (
    <ConfirmDialog
      open={deleting !== null}
      title="Delete Template Card"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => deleting && remove.mutate(deleting)}
      data-testid="delete-template-dialog"
    >
      {`Delete the template "${deleting?.title ?? ''}"? Venues that use it keep their data until it is permanently deleted; an admin can restore it from Deleted Data Cards.`}
    </ConfirmDialog>
  );
}
