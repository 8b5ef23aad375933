import { Badge, Box, Button, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { auditUserLabel, DialogShell, type AuditLogEntry } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { actionBadgeProps, formatAuditTimestamp, shownValues } from './audit-log-display.ts';

/** One audit entry whole: who, what and when, and its old and new values as JSON side by side (stacked on a phone). */
export function AuditRecordDialog({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  return (
    <DialogShell
      open={entry !== null}
      onDismiss={onClose}
      title="Full record"
      testId="audit-record-dialog"
      size="xl"
      scrollInside
      footer={
        <Button variant="outline" onClick={onClose} data-testid="audit-record-close">
          Close
        </Button>
      }
    >
      {entry ? <RecordBody entry={entry} /> : null}
    </DialogShell>
  );
}

function RecordBody({ entry }: { entry: AuditLogEntry }) {
  return (
    <Stack gap="5">
      <Grid as="dl" templateColumns={{ base: '1fr', sm: '8rem minmax(0, 1fr)' }} columnGap="4" rowGap={{ base: '0.5', sm: '1.5' }} fontSize="sm">
        <Meta label="Time">{`${formatAuditTimestamp(entry.createdAt)} (${entry.createdAt})`}</Meta>
        <Meta label="User">{entry.userId ? `${auditUserLabel(entry)} (${entry.userId})` : auditUserLabel(entry)}</Meta>
        <Meta label="Action">
          <Badge {...actionBadgeProps(entry.action)}>{entry.action}</Badge>
        </Meta>
        <Meta label="Table">{entry.tableName}</Meta>
        <Meta label="Record ID" testId="audit-record-id">
          {entry.recordId ?? 'N/A'}
        </Meta>
        <Meta label="Service">{entry.service}</Meta>
        <Meta label="Entry ID">{entry.id}</Meta>
      </Grid>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <Values title="Old values" json={shownValues(entry.oldValues)} testId="audit-record-old" />
        <Values title="New values" json={shownValues(entry.newValues)} testId="audit-record-new" />
      </Grid>
    </Stack>
  );
}

function Meta({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Text as="dt" color="fg.muted" fontWeight="medium" pt={{ base: '1.5', sm: '0' }}>
        {label}
      </Text>
      <Box as="dd" minW="0" overflowWrap="anywhere" data-testid={testId}>
        {children}
      </Box>
    </>
  );
}

function Values({ title, json, testId }: { title: string; json: string | null; testId: string }) {
  return (
    <Stack gap="1.5" minW="0">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {json ? (
        <Box
          as="pre"
          fontFamily="mono"
          fontSize="xs"
          bg="bg.muted"
          rounded="md"
          px="3"
          py="2"
          maxH={{ base: '60vh', md: '28rem' }}
          overflow="auto"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
          data-testid={testId}
        >
          {json}
        </Box>
      ) : (
        <Text color="fg.muted" data-testid={testId}>
          N/A
        </Text>
      )}
    </Stack>
  );
}
