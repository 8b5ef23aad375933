import { useSyncExternalStore } from 'react';
import type { toaster, ToasterView } from './toaster-view.tsx';

export interface NotifyOptions {
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string | undefined;
  /** Milliseconds; Chakra's default per type when absent. */
  duration?: number | undefined;
}

// Chakra's toast store and machine load with the first toast, not with the page: the toast queue itself
// (`createToaster`) lives in the lazily loaded toaster-view module, one instance (the sdk is a federation
// singleton). Toasts asked for while it loads are shown in order once it is there.
interface ToasterModule {
  toaster: typeof toaster;
  ToasterView: typeof ToasterView;
}
let loading: Promise<ToasterModule> | undefined;
let loaded: ToasterModule | undefined;
const listeners = new Set<() => void>();

function loadToaster(): Promise<ToasterModule> {
  loading ??= import(/* webpackChunkName: "toaster" */ './toaster-view.tsx').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed load (e.g. offline) is tried again by the next toast.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Shows one toast, replacing the one on screen (spec §9: one toast at a time). Use this rather than
 * Chakra's toaster so every remote follows the same rule.
 */
export function notify({ type, title, description, duration }: NotifyOptions): void {
  loadToaster().then(
    ({ toaster }) => {
      toaster.dismiss();
      toaster.create({ type, title, description, duration, closable: true });
    },
    () => undefined,
  );
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/** Renders the toasts from the first toast on (then it stays mounted); mounted once by `AppProvider`. */
export function Toaster() {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
  if (!module) return null;
  return <module.ToasterView />;
}
