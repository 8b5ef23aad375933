import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DialogShell } from '@venuebook/sdk';
import { relativeAge } from '../shared/relative-age.ts';
import type { FieldConflict } from './card-dialog-rules.ts';

/**
 * 'Field Conflict Detected' (spec §2 'Card dialog'): each field someone saved after the user opened it, with the
 * current value (who saved it, when) and the user's own; 'Cancel Changes' takes theirs, 'Overwrite' saves the user's.
 */
export function ConflictDialog({
  conflicts,
  busy,
  onCancelChanges,
  onOverwrite,
  onDismiss,
}: {
  conflicts: readonly FieldConflict[];
  busy: boolean;
  onCancelChanges: () => void;
  onOverwrite: () => void;
  /** Escape or a click outside: neither answer (the user's edits stay unsaved). */
  onDismiss: () => void;
}) {
  return (
    <DialogShell
      open={conflicts.length > 0}
      onDismiss={onDismiss}
      busy={busy}
      role="alertdialog"
      title="Field Conflict Detected"
      testId="card-conflict-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onCancelChanges} disabled={busy} data-testid="card-conflict-cancel">
            Cancel Changes
          </Button>
          <Button colorPalette="red" onClick={onOverwrite} loading={busy} data-testid="card-conflict-overwrite">
            Overwrite
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>Someone else saved {conflicts.length === 1 ? 'this field' : 'these fields'} while you were editing.</Text>
        {conflicts.map((conflict) => (
          <Box key={conflict.fieldKey} borderWidth="1px" rounded="l2" p="3" data-testid="card-conflict-field">
            <Text fontWeight="semibold" mb="2">
              {conflict.label}
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <Box>
                <Text fontSize="xs" color="fg.muted">
                  Current value
                  {conflict.current.savedByEmail
                    ? ` (saved by ${conflict.current.savedByEmail}${conflict.current.savedAt ? `, ${relativeAge(conflict.current.savedAt)}` : ''})`
                    : ''}
                </Text>
                <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="card-conflict-current">
                  {conflict.current.value || '(empty)'}
                </Text>
              </Box>
              <Box>
                <Text fontSize="xs" color="fg.muted">
                  Your value
                </Text>
                <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="card-conflict-mine">
                  {conflict.mine || '(empty)'}
                </Text>
              </Box>
            </SimpleGrid>
          </Box>
        ))}
      </Stack>
    </DialogShell>
  );
}

/** 'Unsaved Changes' (spec §2 'Card dialog'): closing with unsaved data or customisation. */
export function UnsavedChangesDialog({ open, onKeepEditing, onDiscard }: { open: boolean; onKeepEditing: () => void; onDiscard: () => void }) {
  return (
    <DialogShell
      open={open}
      onDismiss={onKeepEditing}
      role="alertdialog"
      title="Unsaved Changes"
      testId="card-unsaved-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onKeepEditing} data-testid="card-unsaved-keep">
            Keep Editing
          </Button>
          <Button colorPalette="red" onClick={onDiscard} data-testid="card-unsaved-discard">
            Discard Changes
          </Button>
        </>
      }
    >
      <Text>You have unsaved changes. Discard them and close this card?</Text>
    </DialogShell>
  );
}
