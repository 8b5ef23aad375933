import { Button, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import type { ReactNode } from 'react';

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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={rest['data-testid'] ?? 'confirm-dialog'} mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{typeof children === 'string' ? <Text>{children}</Text> : children}</Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="2">
              <Button variant="outline" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy} data-testid="confirm-ok">
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
