import { api, errorMessage, notify, useMutation, useQueryClient, userQueries, type ManagedUser, type Role } from '@venuebook/sdk';
import { useState } from 'react';
import { USERS_TEXT, withReason } from './user-management-rules.ts';

/**
 * A row's role change and removal (spec §2, §8 'Admin'): the calls, their toasts, the user waiting for the removal's
 * confirmation (`removing`), and the user lists read again after either.
 */
export function useUserActions() {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<ManagedUser | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: userQueries.all });

  const assignRole = useMutation({
    mutationFn: ({ user, role }: { user: ManagedUser; role: Role }) => api.users.assignRole(user.id, role),
    onSuccess: async () => {
      await refresh();
      notify({ type: 'success', ...USERS_TEXT.roleUpdated });
    },
    onError: (error) =>
      notify({ type: 'error', title: USERS_TEXT.roleFailed.title, description: withReason(USERS_TEXT.roleFailed.description, errorMessage(error)) }),
  });

  const remove = useMutation({
    mutationFn: (user: ManagedUser) => api.users.remove(user.id),
    onSuccess: async () => {
      await refresh();
      setRemoving(null);
      notify({ type: 'success', ...USERS_TEXT.removed });
    },
    onError: (error) => {
      setRemoving(null);
      notify({ type: 'error', title: USERS_TEXT.removeFailed, description: errorMessage(error) });
    },
  });

  return { assignRole, remove, removing, setRemoving };
}

export type UserActions = ReturnType<typeof useUserActions>;
