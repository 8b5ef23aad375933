import { Button, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import type { WelcomeDialogProps } from './welcome-dialog.tsx';

/** The welcome dialog itself (Chakra's Dialog), loaded by `WelcomeDialog` when it first opens. */
export function WelcomeDialogView({ open, onConfirm, companyDomain, loading = false }: WelcomeDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !loading) onConfirm();
      }}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="welcome-dialog">
            <Dialog.Header>
              <Dialog.Title>Welcome to Venue Book!</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  {companyDomain ? `You are signed in with your ${companyDomain} account ` : 'You are signed in '}
                  in <strong>read-only mode</strong>: you can browse venues, their details, contacts and events.
                </Text>
                <Text color="fg.muted">To add or edit venues, data cards, photos or documents, ask an administrator for more access.</Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onConfirm} loading={loading} data-testid="welcome-got-it">
                Got it
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
