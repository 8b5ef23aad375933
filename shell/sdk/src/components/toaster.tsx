import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';

/** The app-wide toast queue (one instance: the sdk is a federation singleton). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

export interface NotifyOptions {
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string | undefined;
  /** Milliseconds; Chakra's default per type when absent. */
  duration?: number | undefined;
}

/**
 * Shows one toast, replacing the one on screen (spec §9: one toast at a time). Use this rather than
 * `toaster.create` so every remote follows the same rule.
 */
export function notify({ type, title, description, duration }: NotifyOptions): string {
  toaster.dismiss();
  return toaster.create({ type, title, description, duration, closable: true });
}

// Chakra's toast machine and its parts load with the first toast, not with the page; the toaster shows
// the toasts the queue already holds when it mounts.
const ToasterView = lazy(() => import(/* webpackChunkName: "toaster" */ './toaster-view.tsx').then((m) => ({ default: m.ToasterView })));

/** Whether a toast was ever created; the queue tells its subscribers before it holds the new toast. */
let toastCreated = false;
const subscribeToToasts = (onChange: () => void) =>
  toaster.subscribe(() => {
    toastCreated = true;
    onChange();
  });
const anyToastYet = () => toastCreated || toaster.getVisibleToasts().length > 0;

/** Renders the toasts of `toaster` from the first toast on (then it stays mounted); mounted once by `AppProvider`. */
export function Toaster() {
  const used = useSyncExternalStore(subscribeToToasts, anyToastYet, () => false);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
