import { isApiRequestError, notify, useCan, useSession, WelcomeDialog } from '@venuebook/sdk';
import { useState } from 'react';

/**
 * The first-use welcome dialog (spec §1, §6): viewers whose welcome was not shown yet. 'Got it' records
 * it on the server; when that fails the dialog closes for now (it comes back next session) with the
 * toast 'Failed to update welcome status'.
 */
export function WelcomeGate() {
  const { user, config, markWelcomeShown } = useSession();
  const isViewer = useCan('welcome.dialog');
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const open = user !== null && isViewer && !user.welcomeShown && dismissedFor !== user.id;

  const confirm = async () => {
    if (!user || saving) return;
    setSaving(true);
    try {
      await markWelcomeShown();
    } catch (error) {
      console.error('Failed to update welcome status', error);
      notify({
        type: 'error',
        title: 'Failed to update welcome status',
        description: isApiRequestError(error) ? error.message : 'An error occurred',
      });
      setDismissedFor(user.id);
    } finally {
      setSaving(false);
    }
  };

  return <WelcomeDialog open={open} onConfirm={() => void confirm()} loading={saving} companyDomain={config?.companyDomain} />;
}
