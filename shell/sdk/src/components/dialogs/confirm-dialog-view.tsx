import { Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogShell } from './dialog-shell.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button's text, e.g. 'Delete'. */
  confirmLabel: string;
  onConfirm: () => void;
  /** Closing the dialog (Cancel, Escape, the backdrop) without confirming. */
  onCancel: () => void;
  /** While the confirmed call runs: the button spins and the dialog stays open. */
  busy?: boolean;
  'data-testid'?: string;
}

/** The confirmation before a destructive action (spec §5 'Confirmations'): Cancel, or a red confirming button. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy = false, ...rest }: ConfirmDialogProps) {
  return (
    <DialogShell
      open={open}
      onDismiss={onCancel}
      busy={busy}
      role="alertdialog"
      title={title}
      testId={rest['data-testid'] ?? 'confirm-dialog'}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
            Cancel
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={busy} data-testid="confirm-ok">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </DialogShell>
  );
}
