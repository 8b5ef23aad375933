import { lazy, Suspense, useState } from 'react';

export interface WelcomeDialogProps {
  open: boolean;
  /** 'Got it' (also Escape and a click outside). */
  onConfirm: () => void;
  /** The company domain with its @, e.g. '@example.com'; left out of the text when unknown. */
  companyDomain?: string | null | undefined;
  /** 'Got it' shows a spinner. */
  loading?: boolean;
}

// Chakra's Dialog (dialog machine, focus trap, scroll lock) loads when the dialog first opens, not with the page.
const WelcomeDialogView = lazy(() =>
  import(/* webpackChunkName: "welcome-dialog" */ './welcome-dialog-view.tsx').then((m) => ({ default: m.WelcomeDialogView })),
);

/**
 * First-use welcome dialog for viewers (spec §1, §2): read-only mode, ask an administrator for more
 * access. The shell shows it once per user; User Management can preview it. Nothing loads or renders
 * until it first opens; from then on it stays mounted (it animates its own closing).
 */
export function WelcomeDialog(props: WelcomeDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialogView {...props} />
    </Suspense>
  );
}
