import { Stack, Text } from '@chakra-ui/react';
import { PanelDialog, PanelSections } from '@venuebook/sdk';
import { useState } from 'react';
import { SYNC_TEXT } from './drive-sync-rules.ts';
import { SyncQueuePanel } from './sync-queue-panel.tsx';
import { VenuePicker, type PickedVenue } from './venue-picker.tsx';

/**
 * 'Google Drive Sync Queue' (spec §2): one venue's queue with its count badges, Clear & Reset and Refresh. The spec's
 * page gives the dialog no venue (it notes that the queue needs one), so the dialog starts with a venue picker.
 */
export function VenueSyncQueueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [venue, setVenue] = useState<PickedVenue | null>(null);
  return (
    <PanelDialog open={open} onDismiss={onClose} from="md" size="lg" scrollInside testId="venue-sync-queue-dialog">
      <PanelSections title={SYNC_TEXT.dialogTitle} closeTestId="venue-sync-queue-close">
        <Stack gap="4">
          <VenuePicker value={venue} onChange={setVenue} />
          {venue ? (
            <SyncQueuePanel key={venue.id} venueId={venue.id} />
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="venue-sync-choose">
              {SYNC_TEXT.chooseVenue}
            </Text>
          )}
        </Stack>
      </PanelSections>
    </PanelDialog>
  );
}
