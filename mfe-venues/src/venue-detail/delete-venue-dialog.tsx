import { api, ConfirmDialog, errorMessage, notify, useMutation, useQueryClient, venueQueries, type Venue } from '@venuebook/sdk';
import { useNavigate } from 'react-router-dom';

/** Delete Venue: after it, back to the venue list (an admin can restore it from Deleted Venues). */
export function DeleteVenueDialog({ venue, open, onClose }: { venue: Venue; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.venues.delete(venue.id),
    onSuccess: () => {
      notify({ type: 'success', title: 'Venue deleted successfully' });
      void queryClient.invalidateQueries({ queryKey: venueQueries.lists() });
      navigate('/', { replace: true });
      queryClient.removeQueries({ queryKey: venueQueries.detail(venue.id).queryKey });
    },
    onError: (error) => {
      onClose();
      notify({ type: 'error', title: 'Failed to delete venue', description: errorMessage(error) });
    },
  });

  return (
    // The sdk's dialog loads with its first use (Chakra's dialog machine is not on the page until then).
    <ConfirmDialog
      open={open}
      title="Delete Venue"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate()}
      data-testid="delete-venue-dialog"
    >
      {`Are you sure you want to delete "${venue.name}"? It leaves every list with its contacts and events; an admin can restore it from Deleted Venues.`}
    </ConfirmDialog>
  );
}
