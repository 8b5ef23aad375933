import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';

export interface WelcomeDialogProps {
  open: boolean;
  /** 'Got it' (also Escape and a click outside). */
  onConfirm: () => void;
  /** The company domain with its @, e.g. '@example.com'; left out of the text when unknown. */
  companyDomain?: string | null | undefined;
  /** 'Got it' shows a spinner. */
  loading?: boolean;
}

/**
 * First-use welcome dialog for viewers (spec §1, §2): read-only mode, ask an administrator for more
 * access. The shell shows it once per user; User Management can preview it.
 */
export function WelcomeDialog({ open, onConfirm, companyDomain, loading = false }: WelcomeDialogProps) {
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
          <Dialog.Content data-testid="welcome-dialog">
            <Dialog.Header>
              <Dialog.Title>Welcome to Venue Book!</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  {companyDomain ? `You are signed in with your ${companyDomain} account ` : 'You are signed in '}
                  in <strong>read-only mode</strong>: you can browse venues, their details, contacts and events.
                </Text>
                <Text color="fg.muted">
                  To add or edit venues, data cards, photos or documents, ask an administrator for more access.
                </Text>
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
