import { Button, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, driveQueries, errorMessage, useQuery } from '@venuebook/sdk';
import { useState, type ReactNode } from 'react';
import { LuCloudUpload, LuRefreshCw, LuRotateCcw } from 'react-icons/lu';
import { SYNC_TEXT } from './drive-sync-rules.ts';
import { SyncCountBadges, SyncQueueItems } from './sync-queue-parts.tsx';
import { useDriveSyncActions, type DriveSyncActions } from './use-drive-sync-actions.ts';

/**
 * A sync queue with its count badges, Clear & Reset (after a confirmation), Refresh and, for every venue, Trigger
 * Sync; then its items newest first (at most 100) or its empty text. `venueId` null: every venue's queue (the sync
 * logs page's tab); else one venue's (the dialog of the controls page).
 */
export function SyncQueuePanel({ venueId }: { venueId: string | null }) {
  const queue = useQuery(driveQueries.queue(venueId));
  const actions = useDriveSyncActions(venueId);
  const [confirming, setConfirming] = useState(false);
  const scope = venueId === null ? 'all' : 'venue';
  const data = queue.data;

  return (
    <Stack gap="4" data-testid="sync-queue" data-scope={scope}>
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        {data ? <SyncCountBadges counts={data.counts} /> : <Skeleton h="6" w="40" />}
        <QueueButtons actions={actions} onClear={() => setConfirming(true)} withTrigger={venueId === null} />
      </Flex>

      {queue.isPending ? (
        <Stack gap="2" aria-busy="true" data-testid="sync-queue-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h="20" rounded="l2" />
          ))}
        </Stack>
      ) : queue.isError ? (
        <HStack gap="2" role="alert" wrap="wrap" data-testid="sync-queue-error">
          <Text fontSize="sm" color="fg.error">
            {SYNC_TEXT.queueLoadFailed}: {errorMessage(queue.error)}
          </Text>
          <Button size="xs" variant="outline" onClick={() => void queue.refetch()}>
            Retry
          </Button>
        </HStack>
      ) : queue.data.items.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="8" data-testid="sync-queue-empty">
          {venueId === null ? SYNC_TEXT.emptyQueue : SYNC_TEXT.emptyVenueQueue}
        </Text>
      ) : (
        <Stack gap="2">
          <SyncQueueItems items={queue.data.items} scope={scope} />
          {queue.data.total > queue.data.items.length ? (
            <Text fontSize="sm" color="fg.muted" data-testid="sync-queue-limit">
              The newest {queue.data.items.length} of {queue.data.total.toLocaleString('en-US')} items are shown.
            </Text>
          ) : null}
        </Stack>
      )}

      <ConfirmDialog
        open={confirming}
        title={SYNC_TEXT.clearReset}
        confirmLabel={SYNC_TEXT.clearReset}
        busy={actions.reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => actions.reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
        data-testid="sync-clear-confirm"
      >
        {venueId === null ? SYNC_TEXT.confirmClearAll : SYNC_TEXT.confirmClearVenue}
      </ConfirmDialog>
    </Stack>
  );
}

/** Clear & Reset ('Clearing...'), Refresh and, when `withTrigger`, Trigger Sync ('Syncing...'). */
function QueueButtons({ actions, onClear, withTrigger }: { actions: DriveSyncActions; onClear: () => void; withTrigger: boolean }) {
  const { reset, refresh, trigger } = actions;
  return (
    <Flex gap="2" wrap="wrap" justify={{ base: 'stretch', md: 'end' }}>
      <ToolbarButton
        testId="sync-clear"
        variant="outline"
        colorPalette="red"
        busy={reset.isPending}
        busyText={SYNC_TEXT.clearing}
        onClick={onClear}
        icon={<LuRotateCcw />}
      >
        {SYNC_TEXT.clearReset}
      </ToolbarButton>
      <ToolbarButton testId="sync-refresh" variant="outline" busy={refresh.isPending} onClick={() => refresh.mutate()} icon={<LuRefreshCw />}>
        {SYNC_TEXT.refresh}
      </ToolbarButton>
      {withTrigger ? (
        <ToolbarButton
          testId="sync-trigger"
          variant="solid"
          colorPalette="brand"
          busy={trigger.isPending}
          busyText={SYNC_TEXT.syncing}
          onClick={() => trigger.mutate()}
          icon={<LuCloudUpload />}
        >
          {SYNC_TEXT.triggerSync}
        </ToolbarButton>
      ) : null}
    </Flex>
  );
}

function ToolbarButton({
  testId,
  variant,
  colorPalette,
  busy,
  busyText,
  onClick,
  icon,
  children,
}: {
  testId: string;
  variant: 'outline' | 'solid';
  colorPalette?: string;
  busy: boolean;
  busyText?: string;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      colorPalette={colorPalette}
      flex={{ base: '1 1 auto', md: 'none' }}
      loading={busy}
      loadingText={busyText}
      onClick={onClick}
      data-testid={testId}
    >
      {icon}
      {children}
    </Button>
  );
}
