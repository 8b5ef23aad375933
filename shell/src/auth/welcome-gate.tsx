import { isApiRequestError, notify, useAuthConfig, useCan, useMutation, useSession, WelcomeDialog } from '@venuebook/sdk';
import { useState } from 'react';

/**
 * The first-use welcome dialog (spec §1, §6): viewers whose welcome was not shown yet. 'Got it' records
 * it on the server; when that fails the dialog closes for now (it comes back next session) with the
 * toast 'Failed to update welcome status'.
 */
export function WelcomeGate() {
  const { user, markWelcomeShown } = useSession();
  const { config } = useAuthConfig();
  const isViewer = useCan('welcome.dialog');
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const gotIt = useMutation({
    mutationFn: markWelcomeShown,
    onError: (error) => {
      console.error('Failed to update welcome status', error);
      notify({
        type: 'error',
        title: 'Failed to update welcome status',
        description: isApiRequestError(error) ? error.message : 'An error occurred',
      });
    },
  });

  const open = user !== null && isViewer && !user.welcomeShown && dismissedFor !== user.id;

  const confirm = () => {
    if (!user || gotIt.isPending) return;
    gotIt.mutate(undefined, { onError: () => setDismissedFor(user.id) });
  };

  return <WelcomeDialog open={open} onConfirm={confirm} loading={gotIt.isPending} companyDomain={config?.companyDomain} />;
}
