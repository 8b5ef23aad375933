import { CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import type { FormEventHandler, ReactNode } from 'react';

export interface DialogShellProps {
  open: boolean;
  /** Closing without an answer (Escape, a click outside); not while `busy`. */
  onDismiss: () => void;
  /** While the dialog's call runs: it stays open. */
  busy?: boolean;
  title: ReactNode;
  /** `data-testid` of the dialog's content. */
  testId: string;
  /** A wider dialog than Chakra's default (a table). */
  size?: 'xl';
  /** The body scrolls inside the dialog (a long list). */
  scrollInside?: boolean;
  /** 'alertdialog' for a question that needs an answer (spec §5 'Confirmations'); else a plain dialog. */
  role?: 'alertdialog';
  initialFocusEl?: () => HTMLElement | null;
  finalFocusEl?: () => HTMLElement | null;
  /** A form around the title, body and buttons (a submit button in `footer` submits it). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The buttons, last the main one: side by side from sm, stacked (main on top) below it. */
  footer: ReactNode;
  children: ReactNode;
}

/** A centred dialog: title, body and buttons (Chakra's Dialog). Loaded on first use through `lazy-dialogs.tsx`. */
export function DialogShell({
  open,
  onDismiss,
  busy = false,
  title,
  testId,
  size,
  scrollInside = false,
  role,
  initialFocusEl,
  finalFocusEl,
  onSubmit,
  footer,
  children,
}: DialogShellProps) {
  const sections = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <DialogButtons>{footer}</DialogButtons>
    </>
  );
  return (
    <DialogFrame
      open={open}
      onDismiss={onDismiss}
      busy={busy}
      root={{
        ...(size ? { size } : {}),
        ...(scrollInside ? { scrollBehavior: 'inside' as const } : {}),
        ...(role ? { role } : {}),
        ...(initialFocusEl ? { initialFocusEl } : {}),
        ...(finalFocusEl ? { finalFocusEl } : {}),
      }}
      content={{ 'data-testid': testId, mx: '4' }}
    >
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit}>
          {sections}
        </form>
      ) : (
        sections
      )}
    </DialogFrame>
  );
}

export interface PanelDialogProps {
  open: boolean;
  /** Closing it (Escape, a click outside, the close button); not while `busy`. */
  onDismiss: () => void;
  busy?: boolean;
  /** The width from which it is a centred dialog of `size`; below it, it fills the screen. */
  from: 'sm' | 'md';
  size: 'md' | 'lg';
  /** The body scrolls inside the dialog (a long list). */
  scrollInside?: boolean;
  testId: string;
  /** `PanelSections`, or nothing while there is nothing to show. */
  children: ReactNode;
}

/** A dialog that fills a small screen (no margin, square corners) and is centred from `from` (the contacts dialogs). */
export function PanelDialog({ open, onDismiss, busy = false, from, size, scrollInside = false, testId, children }: PanelDialogProps) {
  return (
    <DialogFrame
      open={open}
      onDismiss={onDismiss}
      busy={busy}
      root={{ size: { base: 'full', [from]: size }, ...(scrollInside ? { scrollBehavior: 'inside' as const } : {}) }}
      content={{
        'data-testid': testId,
        mx: { base: '0', [from]: '4' },
        // The 'full' size's full height and square corners stop at `from`, where the dialog has its size.
        minH: { base: '100dvh', [from]: 'auto' },
        rounded: { base: '0', [from]: 'l3' },
      }}
    >
      {children}
    </DialogFrame>
  );
}

export interface PanelSectionsProps {
  title: ReactNode;
  closeTestId?: string;
  footer?: ReactNode;
  children: ReactNode;
}

/** A `PanelDialog`'s title, close button, body and buttons (laid out as `DialogShell`'s). */
export function PanelSections({ title, closeTestId, footer, children }: PanelSectionsProps) {
  return (
    <>
      <Dialog.Header pe="12">
        <Dialog.Title wordBreak="break-word">{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" data-testid={closeTestId} />
      </Dialog.CloseTrigger>
      <Dialog.Body>{children}</Dialog.Body>
      {footer ? <DialogButtons>{footer}</DialogButtons> : null}
    </>
  );
}

/** A dialog's buttons, last the main one: side by side from sm, stacked (main on top) below it. */
function DialogButtons({ children }: { children: ReactNode }) {
  return (
    <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="2">
      {children}
    </Dialog.Footer>
  );
}

/** Chakra's centred dialog around `children`: closed by Escape or a click outside unless `busy`. */
function DialogFrame({
  open,
  onDismiss,
  busy,
  root,
  content,
  children,
}: {
  open: boolean;
  onDismiss: () => void;
  busy: boolean;
  root: Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'placement' | 'children'>;
  content: Dialog.ContentProps & { 'data-testid': string };
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      {...root}
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onDismiss();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...content}>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
