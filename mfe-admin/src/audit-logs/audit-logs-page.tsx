// Table from '@chakra-ui/react' (the shell's narrowed share), not its sub-path: a simple component without a state
// machine stays in the package (docs/decisions/0005-first-page-weight.md, 'Chakra sub-paths').
import { Badge, Box, Button, Card, Flex, Heading, HStack, Skeleton, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { auditRecordIdLabel, auditUserLabel, errorMessage, isApiRequestError, type AuditLogEntry } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuScrollText, LuShieldAlert, LuTriangleAlert } from 'react-icons/lu';
import { actionBadgeProps, AUDIT_TABLE_HEIGHT, formatAuditTimestamp, shownValues } from './audit-log-display.ts';
import { useAuditLog } from './use-audit-log.ts';

const COLUMNS = ['Timestamp', 'User', 'Action', 'Table', 'Record ID', 'Changes'] as const;

/**
 * Audit Logs (/audit-logs, spec §2): the newest 1000 entries in a scrolling table. The route admits admins
 * and owners (others are sent home by the shell); the server serves the log to owners only, so an admin
 * who is not the owner sees an access-denied card.
 */
export function AuditLogsPage() {
  const log = useAuditLog();

  if (log.loading) return <AuditLogsSkeleton />;

  if (log.error) {
    if (isApiRequestError(log.error) && log.error.status === 403) {
      return <MessageCard testId="audit-logs-denied" icon={<LuShieldAlert />} title="Access Denied" description="Only the owner can view the audit logs." />;
    }
    return (
      <MessageCard
        testId="audit-logs-error"
        icon={<LuTriangleAlert />}
        title="Error Loading Audit Logs"
        description="Failed to load audit logs. Please try again later."
      />
    );
  }

  const count = log.entries.length;
  return (
    <Card.Root variant="outline" data-testid="audit-logs">
      <Card.Header>
        <Flex align="center" gap="3" wrap="wrap">
          <HStack gap="2">
            <LuScrollText aria-hidden />
            <Heading as="h1" size="xl">
              Audit Logs
            </Heading>
          </HStack>
          <Badge variant="subtle" colorPalette="gray" size="md" data-testid="audit-logs-count">
            {count} {count === 1 ? 'entry' : 'entries'}
          </Badge>
          {log.loadingMore ? <Spinner size="xs" color="fg.muted" aria-label="Loading more entries" /> : null}
        </Flex>
        {log.moreError ? (
          <HStack gap="2" role="alert" pt="2">
            <Text fontSize="sm" color="fg.error">
              Older entries could not be loaded: {errorMessage(log.moreError)}
            </Text>
            <Button size="xs" variant="outline" onClick={log.retryMore}>
              Retry
            </Button>
          </HStack>
        ) : null}
      </Card.Header>
      <Card.Body>
        {count === 0 ? (
          <Text color="fg.muted" textAlign="center" py="10" data-testid="audit-logs-empty">
            No audit log entries found.
          </Text>
        ) : (
          <AuditTable entries={log.entries} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function AuditTable({ entries }: { entries: readonly AuditLogEntry[] }) {
  return (
    <Table.ScrollArea height={AUDIT_TABLE_HEIGHT} borderWidth="1px" rounded="md" data-testid="audit-logs-scroll">
      <Table.Root size="sm" stickyHeader data-testid="audit-logs-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column} whiteSpace="nowrap">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function AuditRow({ entry }: { entry: AuditLogEntry }) {
  return (
    <Table.Row verticalAlign="top" data-testid="audit-log-row">
      <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {formatAuditTimestamp(entry.createdAt)}
      </Table.Cell>
      <Table.Cell wordBreak="break-all" minW="40">
        {auditUserLabel(entry)}
      </Table.Cell>
      <Table.Cell>
        <Badge {...actionBadgeProps(entry.action)}>{entry.action}</Badge>
      </Table.Cell>
      <Table.Cell>{entry.tableName}</Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontFamily="mono" fontSize="xs" title={entry.recordId ?? undefined}>
        {auditRecordIdLabel(entry.recordId)}
      </Table.Cell>
      <Table.Cell minW="64" maxW="md">
        <Changes entry={entry} />
      </Table.Cell>
    </Table.Row>
  );
}

function Changes({ entry }: { entry: AuditLogEntry }) {
  const before = shownValues(entry.oldValues);
  const after = shownValues(entry.newValues);
  if (!before && !after) return <Text color="fg.muted">N/A</Text>;
  return (
    <Stack gap="2">
      {before ? <Values label="Old" json={before} /> : null}
      {after ? <Values label="New" json={after} /> : null}
    </Stack>
  );
}

function Values({ label, json }: { label: string; json: string }) {
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {label}:
      </Text>
      <Box
        as="pre"
        fontFamily="mono"
        fontSize="xs"
        bg="bg.muted"
        rounded="sm"
        px="2"
        py="1"
        maxH="28"
        overflow="auto"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
      >
        {json}
      </Box>
    </Box>
  );
}

function MessageCard({ testId, icon, title, description }: { testId: string; icon: ReactNode; title: string; description: string }) {
  return (
    <Card.Root variant="outline" borderColor="border.error" role="alert" data-testid={testId}>
      <Card.Body>
        <HStack gap="3" align="start">
          <Box color="fg.error" fontSize="xl" pt="0.5" aria-hidden>
            {icon}
          </Box>
          <Stack gap="1">
            <Heading as="h1" size="md">
              {title}
            </Heading>
            <Text color="fg.muted">{description}</Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function AuditLogsSkeleton() {
  return (
    <Card.Root variant="outline" aria-busy="true" aria-label="Loading audit logs" data-testid="audit-logs-loading">
      <Card.Header>
        <HStack gap="3">
          <Skeleton h="7" w="40" />
          <Skeleton h="5" w="20" />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h="8" />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
