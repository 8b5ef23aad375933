import { Alert, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '@chakra-ui/react/tabs';
import { useCan } from '@venuebook/sdk';
import { useCallback } from 'react';
import { LuListChecks, LuScrollText } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { AuditLogTable } from '../audit-logs/index.ts';
import { DriveStatusNotice } from './drive-status-notice.tsx';
import { SYNC_AUDIT, SYNC_TEXT, syncLogTab, type SyncLogTab } from './drive-sync-rules.ts';
import { SyncAdminGate } from './sync-admin-gate.tsx';
import { SyncQueuePanel } from './sync-queue-panel.tsx';

const AUDIT_FIXED = { tables: SYNC_AUDIT.tables };

/**
 * G-Drive Sync Logs (/admin/sync-logs, spec §2): admins and owners; others see 'Access Denied'. Whether Drive is
 * configured, then two tabs (in the address as `?tab=`): Sync Queue (default: every venue's queue with its counts,
 * Clear & Reset, Refresh and Trigger Sync) and Audit Logs (the newest 200 sync-related entries; the server serves the
 * audit log to the owner only).
 */
export function SyncLogsPage() {
  return (
    <SyncAdminGate action="sync.view" deniedText={SYNC_TEXT.logsAccessDenied}>
      <SyncLogs />
    </SyncAdminGate>
  );
}

function SyncLogs() {
  const [params, setParams] = useSearchParams();
  const tab = syncLogTab(params.get('tab'));
  const selectTab = useCallback(
    (next: SyncLogTab) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === 'queue') updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <Stack gap={{ base: '4', md: '6' }} w="full" minW="0" data-testid="sync-logs-page">
      <Stack gap="0.5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {SYNC_TEXT.logsTitle}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Every upload waits in the sync queue until its copy is in Google Drive.
        </Text>
      </Stack>
      <DriveStatusNotice />
      <Tabs.Root value={tab} onValueChange={(details) => selectTab(syncLogTab(details.value))} variant="line" lazyMount unmountOnExit>
        <Tabs.List mb="4">
          <Tabs.Trigger value="queue" data-testid="sync-tab-queue">
            <LuListChecks aria-hidden />
            {SYNC_TEXT.queueTab}
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" data-testid="sync-tab-audit">
            <LuScrollText aria-hidden />
            {SYNC_TEXT.auditTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="queue" pt="0">
          <Card.Root variant="outline">
            <Card.Body px={{ base: '3', md: '6' }}>
              <SyncQueuePanel venueId={null} />
            </Card.Body>
          </Card.Root>
        </Tabs.Content>
        <Tabs.Content value="audit" pt="0">
          <SyncAuditLogs />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** The Audit Logs tab: the newest sync-related entries, for the owner (the server serves the audit log to owners only). */
function SyncAuditLogs() {
  const mayView = useCan('audit.view');
  if (!mayView) {
    return (
      <Alert.Root status="info" data-testid="sync-audit-owner-only">
        <Alert.Indicator />
        <Alert.Title>{SYNC_TEXT.auditOwnerOnly}</Alert.Title>
      </Alert.Root>
    );
  }
  return <AuditLogTable title="Sync-related audit logs" headingLevel="h2" fixed={AUDIT_FIXED} limit={SYNC_AUDIT.limit} emptyText={SYNC_TEXT.noSyncAuditLogs} />;
}
