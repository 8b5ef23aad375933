import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuCloudUpload, LuListChecks, LuScrollText } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { DriveStatusNotice } from './drive-status-notice.tsx';
import { SYNC_TEXT } from './drive-sync-rules.ts';
import { SyncAdminGate } from './sync-admin-gate.tsx';
import { useDriveSyncActions } from './use-drive-sync-actions.ts';
import { VenueSyncQueueDialog } from './venue-sync-queue-dialog.tsx';

/**
 * G-Drive Sync Controls (/admin/gdrive-sync, spec §2): admins and owners; others see 'Access Denied'. Whether Drive is
 * configured, 'Trigger Google Drive Sync' for every venue, and 'View Sync Queue', a venue's queue in a dialog.
 */
export function GdriveSyncPage() {
  return (
    <SyncAdminGate action="sync.trigger" deniedText={SYNC_TEXT.controlsAccessDenied}>
      <SyncControls />
    </SyncAdminGate>
  );
}

function SyncControls() {
  const { trigger } = useDriveSyncActions(null);
  const [viewing, setViewing] = useState(false);
  return (
    <Stack gap={{ base: '4', md: '6' }} w="full" minW="0" maxW="4xl" data-testid="gdrive-sync-page">
      <Stack gap="0.5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {SYNC_TEXT.controlsTitle}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Copies of every venue&apos;s documents and photos in Google Drive.
        </Text>
      </Stack>
      <DriveStatusNotice />
      <Stack gap="4" direction={{ base: 'column', md: 'row' }} align="stretch">
        <ControlCard
          title="Sync all venues"
          description="Queues every document not queued yet and sends everything not in Google Drive, failed items included, to the sync worker. The files follow in the background."
        >
          <Button
            colorPalette="brand"
            loading={trigger.isPending}
            loadingText={SYNC_TEXT.syncing}
            onClick={() => trigger.mutate()}
            data-testid="gdrive-trigger"
          >
            <LuCloudUpload aria-hidden />
            {SYNC_TEXT.triggerAll}
          </Button>
        </ControlCard>
        <ControlCard
          title="A venue's queue"
          description="A venue's queue needs a venue: choose one in the dialog to see its items, refresh them, or clear and reset them."
        >
          <Button variant="outline" onClick={() => setViewing(true)} data-testid="gdrive-view-queue">
            <LuListChecks aria-hidden />
            {SYNC_TEXT.viewQueue}
          </Button>
          <Button asChild variant="plain" size="sm" color="fg.info" px="0" alignSelf="start">
            <RouterLink to="/admin/sync-logs" data-testid="gdrive-sync-logs-link">
              <LuScrollText aria-hidden />
              Every venue&apos;s queue and the sync audit log
            </RouterLink>
          </Button>
        </ControlCard>
      </Stack>
      <VenueSyncQueueDialog open={viewing} onClose={() => setViewing(false)} />
    </Stack>
  );
}

function ControlCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" flex="1" minW="0">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
        <Stack gap="2" align={{ base: 'stretch', sm: 'start' }}>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
