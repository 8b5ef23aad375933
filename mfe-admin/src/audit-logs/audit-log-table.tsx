import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Skeleton, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { auditRecordIdLabel, auditUserLabel, errorMessage, isApiRequestError, type AuditLogEntry } from '@venuebook/sdk';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { LuFilter, LuScrollText, LuShieldAlert, LuTriangleAlert } from 'react-icons/lu';
import { AuditChanges } from './audit-log-changes.tsx';
import { actionBadgeProps, AUDIT_TABLE_HEIGHT, entryCountText, formatAuditTimestamp, NO_AUDIT_ENTRIES } from './audit-log-display.ts';
import { AuditLogFilterForm } from './audit-log-filter-form.tsx';
import { AUDIT_FILTER_FIELDS, NO_AUDIT_FILTERS, toAuditLogFilter, type AuditLogFilterValues, type AuditLogFixedFilters } from './audit-log-filters.ts';
import { AuditRecordDialog } from './audit-log-record-dialog.tsx';
import { useAuditLogList, type AuditLogList } from './use-audit-log.ts';

export interface AuditLogTableProps {
  /** The heading (spec §2: 'Audit Logs'). */
  title?: string;
  /** The heading's level: h1 on its own page, h2 inside another page (a tab). */
  headingLevel?: 'h1' | 'h2';
  /** Filters the screen fixes (e.g. the sync page's tables); the user narrows within them. */
  fixed?: AuditLogFixedFilters;
  /** The user's filters, when the screen keeps them (the page: in the address, `useAuditLogUrlFilters`); else the table does. */
  filters?: AuditLogFilterValues;
  onFiltersChange?: (values: AuditLogFilterValues) => void;
  /** At most this many of the newest entries (spec §9: 200 on the sync page); none: all, read as the table is scrolled. */
  limit?: number;
  /** The text when no entry matches (spec §2: 'No audit log entries found.'). */
  emptyText?: string;
}

const NOTHING_FIXED: AuditLogFixedFilters = {};
const COLUMNS = ['Timestamp', 'User', 'Action', 'Table', 'Record ID', 'Changes'] as const;
/** The table's columns from lg on (each row is a grid of them: the rows are positioned one by one). */
const GRID_COLUMNS = '10.5rem minmax(0, 1.1fr) 8.5rem minmax(0, 1fr) 6.5rem minmax(0, 3fr)';
/** Rows' first guess of their height before they are measured: a table row, a phone's card. */
const ESTIMATED_HEIGHT = { wide: 120, narrow: 280 } as const;
/** The next page is asked for when the rows rendered come this close to the end of those loaded. */
const PREFETCH_ROWS = 25;
/** Suggestions of the action and table fields besides those the list shows. */
const COMMON_ACTIONS = ['create', 'update', 'delete', 'restore', 'purge'];
const COMMON_TABLES = ['admin_settings', 'contacts', 'data_cards', 'events', 'user_roles', 'users', 'venue_data', 'venue_documents', 'venues'];
/** The column headers' height (fixed: the rows start below it). */
const HEADER_HEIGHT_PX = 36;

/**
 * The audit log as a scrolling table (spec §2 'Audit Logs'): a header with the count of matching entries, the filters
 * (user, action, table, record id, from, to), and the entries newest first, virtualised (only the rows in view are
 * rendered; further pages are read as the table is scrolled). From lg on a table, below it a card per entry. Each
 * entry's changes show field by field; 'Show full record' opens both whole documents. Reused by screens that show a
 * part of the log (`fixed`, `limit`, `emptyText`).
 */
export function AuditLogTable({
  title = 'Audit Logs',
  headingLevel = 'h1',
  fixed = NOTHING_FIXED,
  filters: givenFilters,
  onFiltersChange,
  limit,
  emptyText = NO_AUDIT_ENTRIES,
}: AuditLogTableProps) {
  const [ownFilters, setOwnFilters] = useState(NO_AUDIT_FILTERS);
  const filters = givenFilters ?? ownFilters;
  const applyFilters = onFiltersChange ?? setOwnFilters;
  const filter = useMemo(() => toAuditLogFilter(filters, fixed), [filters, fixed]);
  const list = useAuditLogList(filter, limit === undefined ? {} : { limit });
  const [shown, setShown] = useState<AuditLogEntry | null>(null);
  const suggestions = useSuggestions(list.entries, fixed);
  // On a phone the filters fold away behind a button, so that the list starts near the top (wrong ones stay open).
  const folding = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const showFilters = !folding || filtersOpen || filter === null;
  const formId = useId();
  const activeFilters = AUDIT_FILTER_FIELDS.filter((field) => filters[field].trim() !== '').length;
  const narrow = useCallback((change: Partial<AuditLogFilterValues>) => applyFilters({ ...filters, ...change }), [applyFilters, filters]);

  if (list.loading) return <AuditLogsSkeleton />;
  if (list.error) {
    if (isApiRequestError(list.error) && list.error.status === 403) {
      return (
        <MessageCard
          testId="audit-logs-denied"
          icon={<LuShieldAlert />}
          title="Access Denied"
          description="Only the owner can view the audit logs."
          headingLevel={headingLevel}
        />
      );
    }
    return (
      <MessageCard
        testId="audit-logs-error"
        icon={<LuTriangleAlert />}
        title="Error Loading Audit Logs"
        description="Failed to load audit logs. Please try again later."
        headingLevel={headingLevel}
      />
    );
  }

  return (
    <Card.Root variant="outline" data-testid="audit-logs" minW="0">
      <Card.Header gap="4">
        <Flex align="center" gap="3" wrap="wrap">
          <HStack gap="2">
            <LuScrollText aria-hidden />
            <Heading as={headingLevel} size="xl">
              {title}
            </Heading>
          </HStack>
          {filter ? (
            <Badge variant="subtle" colorPalette="gray" size="md" data-testid="audit-logs-count">
              {entryCountText(list.total)}
            </Badge>
          ) : null}
          {list.stale ? <Spinner size="xs" color="fg.muted" aria-label="Loading entries" /> : null}
          {folding ? (
            <Button
              size="sm"
              variant={showFilters ? 'subtle' : 'outline'}
              ms="auto"
              aria-expanded={showFilters}
              aria-controls={formId}
              onClick={() => setFiltersOpen((open) => !open)}
              data-testid="audit-filters-toggle"
            >
              <LuFilter aria-hidden />
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </Button>
          ) : null}
        </Flex>
        {showFilters ? (
          <AuditLogFilterForm
            key={JSON.stringify(filters)}
            id={formId}
            values={filters}
            onApply={applyFilters}
            fixed={fixed}
            actions={suggestions.actions}
            tables={suggestions.tables}
          />
        ) : null}
      </Card.Header>
      <Card.Body>
        {filter === null ? (
          <Alert.Root status="warning" data-testid="audit-logs-invalid-filters">
            <Alert.Indicator />
            <Alert.Title>Correct the filters above to see entries.</Alert.Title>
          </Alert.Root>
        ) : list.entries.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="10" data-testid="audit-logs-empty">
            {emptyText}
          </Text>
        ) : (
          <EntryList list={list} resetKey={JSON.stringify(filter)} onShowRecord={setShown} onNarrow={narrow} />
        )}
        {limit !== undefined && !list.hasMore && list.total > list.entries.length && list.entries.length >= limit ? (
          <Text fontSize="sm" color="fg.muted" pt="2" data-testid="audit-logs-limit">
            The newest {limit.toLocaleString('en-US')} entries are shown.
          </Text>
        ) : null}
      </Card.Body>
      <AuditRecordDialog entry={shown} onClose={() => setShown(null)} />
    </Card.Root>
  );
}

/** Actions and tables to suggest in the filters: common ones and those of the entries read (of the fixed tables only, when fixed). */
function useSuggestions(entries: readonly AuditLogEntry[], fixed: AuditLogFixedFilters): { actions: string[]; tables: string[] } {
  return useMemo(() => {
    const read = entries.slice(0, 500);
    const unique = (values: string[]) => [...new Set(values)].sort();
    return {
      actions: unique([...COMMON_ACTIONS, ...read.map((entry) => entry.action)]),
      tables: fixed.tables && fixed.tables.length > 0 ? [...fixed.tables] : unique([...COMMON_TABLES, ...read.map((entry) => entry.tableName)]),
    };
  }, [entries, fixed.tables]);
}

interface EntryListProps {
  list: AuditLogList;
  /** Changes with the filters: the list scrolls back to its top. */
  resetKey: string;
  onShowRecord: (entry: AuditLogEntry) => void;
  onNarrow: (change: Partial<AuditLogFilterValues>) => void;
}

/**
 * The entries in a box of the spec's height that scrolls, virtualised with TanStack Virtual: only the rows in view
 * (and a few beyond) are in the DOM, each measured as it renders; a last row stands for the entries not yet read.
 */
function EntryList({ list, resetKey, onShowRecord, onNarrow }: EntryListProps) {
  const wide = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerHeight = wide ? HEADER_HEIGHT_PX : 0;
  const { entries, hasMore, loadMore } = list;

  // The rule is about React Compiler's memoisation, which this build does not do; the virtualiser's state is read in render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (wide ? ESTIMATED_HEIGHT.wide : ESTIMATED_HEIGHT.narrow),
    getItemKey: (index) => entries[index]?.id ?? 'more',
    overscan: 4,
    gap: wide ? 0 : 12,
    scrollMargin: headerHeight,
  });
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastRendered >= entries.length - PREFETCH_ROWS) loadMore();
  }, [lastRendered, entries.length, loadMore]);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, wide]);

  return (
    <Box
      ref={scrollRef}
      h={AUDIT_TABLE_HEIGHT}
      overflowY="auto"
      overflowX="hidden"
      overscrollBehavior="contain"
      borderWidth={wide ? '1px' : '0'}
      rounded="md"
      tabIndex={0}
      role="region"
      aria-label="Audit log entries"
      aria-busy={list.stale || list.loadingMore}
      opacity={list.stale ? 0.6 : 1}
      transition="opacity 0.15s"
      data-testid="audit-logs-scroll"
      data-loaded={entries.length}
      data-has-more={hasMore}
    >
      <Box role={wide ? 'table' : 'list'} aria-label="Audit log" aria-rowcount={wide ? list.total + 1 : undefined} data-testid="audit-logs-table">
        {wide ? (
          <Box role="rowgroup" position="sticky" top="0" zIndex="1" bg="bg.subtle" borderBottomWidth="1px" boxSizing="border-box" h={`${HEADER_HEIGHT_PX}px`}>
            <Box role="row" aria-rowindex={1} display="grid" gridTemplateColumns={GRID_COLUMNS} columnGap="3" alignItems="center" h="full" px="3">
              {COLUMNS.map((column) => (
                <Text key={column} role="columnheader" fontSize="xs" fontWeight="semibold" color="fg.muted" whiteSpace="nowrap">
                  {column}
                </Text>
              ))}
            </Box>
          </Box>
        ) : null}
        <Box role={wide ? 'rowgroup' : undefined} position="relative" h={`${virtualizer.getTotalSize()}px`}>
          {items.map((item) => {
            const entry = entries[item.index];
            const offset = item.start - headerHeight;
            return entry ? (
              <AuditRow
                key={item.key}
                ref={virtualizer.measureElement}
                index={item.index}
                offset={offset}
                entry={entry}
                wide={wide}
                onShowRecord={onShowRecord}
                onNarrow={onNarrow}
              />
            ) : (
              <MoreRow key={item.key} ref={virtualizer.measureElement} index={item.index} offset={offset} list={list} />
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}

/** A row placed by the virtualiser: measured through `ref`, `offset` px from the top of the rows. */
interface PlacedRowProps {
  ref: (element: HTMLElement | null) => void;
  index: number;
  offset: number;
}

const placed = (offset: number) => ({ transform: `translateY(${offset}px)` });

/** One entry: a row of the table from lg on, a card below it. */
const AuditRow = memo(function AuditRow({
  ref,
  index,
  offset,
  entry,
  wide,
  onShowRecord,
  onNarrow,
}: PlacedRowProps & {
  entry: AuditLogEntry;
  wide: boolean;
  onShowRecord: (entry: AuditLogEntry) => void;
  onNarrow: (change: Partial<AuditLogFilterValues>) => void;
}) {
  const user = auditUserLabel(entry);
  const cells = {
    time: (
      <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap" title={entry.createdAt}>
        {formatAuditTimestamp(entry.createdAt)}
      </Text>
    ),
    user: entry.userId ? (
      <NarrowButton text={user} hint={`Show only changes by ${user}`} onClick={() => onNarrow({ userId: entry.userId ?? '' })} />
    ) : (
      <Text color="fg.muted">{user}</Text>
    ),
    // An action is up to 40 characters ('reset_gdrive_queue'): a long one wraps inside its column.
    action: (
      <Badge {...actionBadgeProps(entry.action)} maxW="full" h="auto" whiteSpace="normal" overflowWrap="anywhere">
        {entry.action}
      </Badge>
    ),
    table: <NarrowButton text={entry.tableName} hint={`Show only changes of ${entry.tableName}`} onClick={() => onNarrow({ table: entry.tableName })} />,
    record: entry.recordId ? (
      <NarrowButton
        text={auditRecordIdLabel(entry.recordId)}
        hint={`Show only changes of record ${entry.recordId}`}
        mono
        onClick={() => onNarrow({ recordId: entry.recordId ?? '' })}
      />
    ) : (
      <Text color="fg.muted">N/A</Text>
    ),
    changes: <AuditChanges entry={entry} onShowRecord={onShowRecord} />,
  };

  if (wide)
    return (
      <Box
        ref={ref}
        data-index={index}
        style={placed(offset)}
        position="absolute"
        top="0"
        left="0"
        w="full"
        role="row"
        aria-rowindex={index + 2}
        display="grid"
        gridTemplateColumns={GRID_COLUMNS}
        columnGap="3"
        alignItems="start"
        px="3"
        py="2.5"
        fontSize="sm"
        borderBottomWidth="1px"
        data-testid="audit-log-row"
      >
        <Cell testId="audit-cell-time">{cells.time}</Cell>
        <Cell testId="audit-cell-user">{cells.user}</Cell>
        <Cell testId="audit-cell-action">{cells.action}</Cell>
        <Cell testId="audit-cell-table">{cells.table}</Cell>
        <Cell testId="audit-cell-record">{cells.record}</Cell>
        <Cell testId="audit-cell-changes">{cells.changes}</Cell>
      </Box>
    );

  return (
    <Box ref={ref} data-index={index} style={placed(offset)} position="absolute" top="0" left="0" w="full" role="listitem" data-testid="audit-log-row">
      <Stack gap="2" borderWidth="1px" rounded="md" p="3" fontSize="sm" bg="bg">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <HStack gap="2" minW="0" wrap="wrap">
            <Box data-testid="audit-cell-action">{cells.action}</Box>
            <Box minW="0" data-testid="audit-cell-table">
              {cells.table}
            </Box>
          </HStack>
          <Box color="fg.muted" fontSize="xs" data-testid="audit-cell-time">
            {cells.time}
          </Box>
        </Flex>
        <Flex columnGap="4" rowGap="0.5" wrap="wrap" fontSize="xs" color="fg.muted">
          <Labeled label="User" testId="audit-cell-user">
            {cells.user}
          </Labeled>
          <Labeled label="Record ID" testId="audit-cell-record">
            {cells.record}
          </Labeled>
        </Flex>
        <Box data-testid="audit-cell-changes">{cells.changes}</Box>
      </Stack>
    </Box>
  );
});

function Cell({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box role="cell" minW="0" wordBreak="break-word" data-testid={testId}>
      {children}
    </Box>
  );
}

function Labeled({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Text minW="0" maxW="full">
      {label}:{' '}
      <Box as="span" color="fg" data-testid={testId}>
        {children}
      </Box>
    </Text>
  );
}

/** A value of a row that narrows the list to it when clicked (its user, table or record); `hint` says so on hover. */
function NarrowButton({ text, hint, mono = false, onClick }: { text: string; hint: string; mono?: boolean; onClick: () => void }) {
  return (
    <Button
      variant="plain"
      size="sm"
      display="inline"
      h="auto"
      minW="0"
      maxW="full"
      p="0"
      fontWeight="normal"
      fontSize="inherit"
      lineHeight="inherit"
      verticalAlign="baseline"
      fontFamily={mono ? 'mono' : undefined}
      textAlign="start"
      whiteSpace="normal"
      overflowWrap="anywhere"
      color="inherit"
      _hover={{ textDecoration: 'underline', color: 'fg.info' }}
      title={hint}
      onClick={onClick}
    >
      {text}
    </Button>
  );
}

/** The last row while entries remain unread: it reads the next page when it comes into view, or says why it could not. */
function MoreRow({ ref, index, offset, list }: PlacedRowProps & { list: AuditLogList }) {
  return (
    <Box ref={ref} data-index={index} style={placed(offset)} position="absolute" top="0" left="0" w="full" py="4" data-testid="audit-logs-more">
      {list.moreError ? (
        <HStack gap="2" justify="center" role="alert" px="3" wrap="wrap">
          <Text fontSize="sm" color="fg.error">
            Older entries could not be loaded: {errorMessage(list.moreError)}
          </Text>
          <Button size="xs" variant="outline" onClick={list.retryMore}>
            Retry
          </Button>
        </HStack>
      ) : (
        <HStack gap="2" justify="center" color="fg.muted" fontSize="sm">
          <Spinner size="xs" />
          <Text>Loading more entries…</Text>
        </HStack>
      )}
    </Box>
  );
}

function MessageCard({
  testId,
  icon,
  title,
  description,
  headingLevel,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  description: string;
  headingLevel: 'h1' | 'h2';
}) {
  return (
    <Card.Root variant="outline" borderColor="border.error" role="alert" data-testid={testId}>
      <Card.Body>
        <HStack gap="3" align="start">
          <Box color="fg.error" fontSize="xl" pt="0.5" aria-hidden>
            {icon}
          </Box>
          <Stack gap="1">
            <Heading as={headingLevel} size="md">
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
