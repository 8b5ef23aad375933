import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { DuplicateCheckResult } from '@venuebook/sdk';
import { DialogShell } from '@venuebook/sdk';
import { duplicateDialogTitle, similarityPercent } from './venue-form-rules.ts';

/** Spec §9: the duplicates list scrolls at 15rem. */
export const DUPLICATES_MAX_HEIGHT = '15rem';

export interface DuplicateVenueDialogProps {
  /** The check's answer while the dialog is open; null when closed. */
  result: DuplicateCheckResult | null;
  /** 'Review & Edit Name': closes the dialog; the name field gets the focus. */
  onReview: () => void;
  /** 'Create Anyway' (blocked on an exact match). */
  onCreateAnyway: () => void;
  creating?: boolean;
}

/** 'Duplicate Venue Found' / 'Similar Venues Found' (spec §2, §4 'Add venue flow'). */
export function DuplicateVenueDialog({ result, onReview, onCreateAnyway, creating = false }: DuplicateVenueDialogProps) {
  return (
    <DialogShell
      open={result !== null}
      onDismiss={onReview}
      busy={creating}
      role="alertdialog"
      finalFocusEl={() => document.querySelector<HTMLElement>('[data-testid="venue-name"]')}
      title={result ? duplicateDialogTitle(result) : ''}
      testId="duplicate-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onReview} disabled={creating} data-testid="duplicate-review">
            Review &amp; Edit Name
          </Button>
          <Button colorPalette="brand" onClick={onCreateAnyway} disabled={result?.exactMatch ?? true} loading={creating} data-testid="duplicate-create-anyway">
            Create Anyway
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted">
          {result?.exactMatch
            ? 'A venue with this name already exists. Review the name before creating it.'
            : 'These venues have similar names. Make sure you are not adding a venue twice.'}
        </Text>
        <Box maxH={DUPLICATES_MAX_HEIGHT} overflowY="auto" borderWidth="1px" rounded="l2" data-testid="duplicate-list">
          <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
            {(result?.similarVenues ?? []).map((venue) => (
              <Box as="li" key={venue.id} px="3" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }} data-testid="duplicate-item">
                <HStack justify="space-between" align="start" gap="3">
                  <Box minW="0">
                    <Text fontWeight="semibold" wordBreak="break-word">
                      {venue.name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {venue.reason}
                    </Text>
                  </Box>
                  <Badge colorPalette={venue.similarity >= 1 ? 'red' : 'orange'} variant="subtle" flexShrink="0" data-testid="duplicate-similarity">
                    {similarityPercent(venue.similarity)}
                  </Badge>
                </HStack>
              </Box>
            ))}
          </Stack>
        </Box>
      </Stack>
    </DialogShell>
  );
}

export interface UnsavedChangesDialogProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** 'Unsaved Changes' with 'Stay on Page' and 'Leave Page' (spec §2). */
export function UnsavedChangesDialog({ open, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <DialogShell
      open={open}
      onDismiss={onStay}
      role="alertdialog"
      title="Unsaved Changes"
      testId="unsaved-changes-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onStay} data-testid="unsaved-stay">
            Stay on Page
          </Button>
          <Button colorPalette="red" onClick={onLeave} data-testid="unsaved-leave">
            Leave Page
          </Button>
        </>
      }
    >
      <Text>You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.</Text>
    </DialogShell>
  );
}
