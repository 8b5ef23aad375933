import { api, auditLogQueries, driveQueries, notify, useMutation, useQueryClient, type QueryKey } from '@venuebook/sdk';
import { clearAllToast, refreshToast, triggerSyncFailedToast, triggerSyncToast, venueResetToast } from './drive-sync-rules.ts';

/**
 * The sync pages' calls with their toasts (spec §8 'Admin'): Trigger Sync, Clear & Reset of every venue (`venueId`
 * null) or of one, and Refresh. After a change the queues, the status and the audit log (Trigger Sync and Clear &
 * Reset are audited) are read again.
 */
export function useDriveSyncActions(venueId: string | null) {
  const queryClient = useQueryClient();
  const changed = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: driveQueries.all }), queryClient.invalidateQueries({ queryKey: auditLogQueries.all })]);
  };

  const trigger = useMutation({
    mutationFn: () => api.drive.sync(),
    onSuccess: async (result) => {
      await changed();
      notify(triggerSyncToast(result));
    },
    onError: (error) => notify(triggerSyncFailedToast(error)),
  });

  const reset = useMutation({
    mutationFn: () => api.drive.reset(venueId ?? undefined),
    onSuccess: async (result) => {
      await changed();
      notify(venueId ? venueResetToast(result) : clearAllToast(null));
    },
    onError: (error) => notify(venueId ? venueResetToast({ error }) : clearAllToast(error)),
  });

  // The queries on screen of this scope, read again (a failed read is the toast's reason).
  const shown: QueryKey = venueId ? driveQueries.queue(venueId).queryKey : driveQueries.all;
  const refresh = useMutation({
    mutationFn: async () => {
      await queryClient.refetchQueries({ queryKey: shown, type: 'active' }, { throwOnError: true });
      await queryClient.invalidateQueries({ queryKey: auditLogQueries.all });
    },
    onSuccess: () => notify(refreshToast(null)),
    onError: (error) => notify(refreshToast(error)),
  });

  return { trigger, reset, refresh };
}

export type DriveSyncActions = ReturnType<typeof useDriveSyncActions>;
