import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-view.tsx';
import type { DialogShellProps, PanelDialogProps, PanelSectionsProps } from './dialog-shell.tsx';

// The dialogs every page may open. Chakra's Dialog (dialog machine, focus trap, scroll lock) loads when a dialog
// first opens, not with the page: the sdk is on every first page, so it refers to the dialog modules only lazily.
const dialogShell = () => import(/* webpackChunkName: "dialogs" */ './dialog-shell.tsx');

/**
 * A dialog that renders nothing, and loads nothing, until it is first opened; from then on it stays mounted
 * (it animates its own closing).
 */
function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const View = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  };
}

/** A centred dialog: title, body and buttons (last the main one). */
export const DialogShell = lazyDialog<DialogShellProps>(() => dialogShell().then((m) => m.DialogShell));

/** A dialog that fills a small screen and is centred from a width on; its content is `PanelSections`. */
export const PanelDialog = lazyDialog<PanelDialogProps>(() => dialogShell().then((m) => m.PanelDialog));

/** A `PanelDialog`'s title, close button, body and buttons (rendered only inside an open `PanelDialog`). */
export const PanelSections = lazy(() => dialogShell().then((m) => ({ default: m.PanelSections }))) as ComponentType<PanelSectionsProps>;

/** The confirmation before a destructive action (spec §5 'Confirmations'): Cancel, or a red confirming button. */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() =>
  import(/* webpackChunkName: "dialogs" */ './confirm-dialog-view.tsx').then((m) => m.ConfirmDialog),
);

export type { ConfirmDialogProps, DialogShellProps, PanelDialogProps, PanelSectionsProps };
