import { Badge, Box, Button, Grid, Text } from '@chakra-ui/react';
import type { AuditLogEntry } from '@venuebook/sdk';
import { memo } from 'react';
import { LuFileJson } from 'react-icons/lu';
import { auditChanges, valueText, type FieldChange } from './audit-log-diff.ts';

/** The most fields a row shows; the whole record is behind 'Show full record'. */
export const CHANGES_SHOWN = 5;

/** A field's line: name, then old and new side by side (from xl in one line, below it the name above them). */
const FIELD_GRID = {
  gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(6rem, 0.8fr) minmax(0, 1fr) minmax(0, 1fr)' },
  gridTemplateAreas: { base: '"field field" "old new"', xl: '"field old new"' },
} as const;

/**
 * The Changes column (spec §2): the fields the entry changed, each with its old and new value side by side (an added
 * field has no old value, a removed one no new value), the first CHANGES_SHOWN of them, and 'Show full record' for
 * both whole documents; N/A when the entry has no values.
 */
export const AuditChanges = memo(function AuditChanges({ entry, onShowRecord }: { entry: AuditLogEntry; onShowRecord: (entry: AuditLogEntry) => void }) {
  const { changes, unchanged } = auditChanges(entry.oldValues, entry.newValues);
  const hasValues = Object.keys(entry.oldValues ?? {}).length > 0 || Object.keys(entry.newValues ?? {}).length > 0;
  if (!hasValues) return <Text color="fg.muted">N/A</Text>;
  const hidden = changes.length - Math.min(changes.length, CHANGES_SHOWN);
  return (
    <Box data-testid="audit-changes">
      {changes.length > 0 ? (
        <Box fontSize="xs" role="list" aria-label="Changed fields">
          <Grid {...FIELD_GRID} gap="1" color="fg.muted" fontWeight="medium" pb="1" aria-hidden>
            <Text gridArea="field" hideBelow="xl">
              Field
            </Text>
            <Text gridArea="old">Old</Text>
            <Text gridArea="new">New</Text>
          </Grid>
          {changes.slice(0, CHANGES_SHOWN).map((change) => (
            <FieldLine key={change.field} change={change} />
          ))}
        </Box>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          No field changed.
        </Text>
      )}
      <Box display="flex" flexWrap="wrap" alignItems="center" columnGap="3" rowGap="1" pt="1">
        {hidden > 0 || unchanged > 0 ? (
          <Text fontSize="xs" color="fg.muted">
            {[hidden > 0 ? `${hidden} more changed ${hidden === 1 ? 'field' : 'fields'}` : '', unchanged > 0 ? `${unchanged} unchanged` : '']
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        <Button variant="plain" size="xs" h="auto" px="0" py="0.5" color="fg.info" onClick={() => onShowRecord(entry)} data-testid="audit-show-record">
          <LuFileJson aria-hidden />
          Show full record
        </Button>
      </Box>
    </Box>
  );
});

const KIND_LABEL = { added: 'added', removed: 'removed' } as const;

function FieldLine({ change }: { change: FieldChange }) {
  const label = change.kind === 'added' || change.kind === 'removed' ? KIND_LABEL[change.kind] : null;
  return (
    <Grid
      {...FIELD_GRID}
      gap="1"
      py="1"
      alignItems="start"
      borderTopWidth="1px"
      borderColor="border.muted"
      role="listitem"
      data-testid="audit-change"
      data-field={change.field}
      data-kind={change.kind}
    >
      <Box gridArea="field" minW="0" display="flex" alignItems="baseline" gap="1.5" flexWrap="wrap">
        <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-all" data-testid="audit-change-field">
          {change.field}
        </Text>
        {label ? (
          <Badge size="xs" variant="subtle" colorPalette={change.kind === 'added' ? 'green' : 'red'}>
            {label}
          </Badge>
        ) : null}
      </Box>
      <Value area="old" present={change.kind !== 'added'} value={change.old} tone="red" label="Old value" testId="audit-change-old" />
      <Value area="new" present={change.kind !== 'removed'} value={change.new} tone="green" label="New value" testId="audit-change-new" />
    </Grid>
  );
}

function Value({
  area,
  present,
  value,
  tone,
  label,
  testId,
}: {
  area: string;
  present: boolean;
  value: unknown;
  tone: 'red' | 'green';
  label: string;
  testId: string;
}) {
  if (!present)
    return (
      <Text gridArea={area} color="fg.subtle" px="1.5" aria-label={`${label}: none`} data-testid={testId}>
        —
      </Text>
    );
  const text = valueText(value);
  return (
    <Text
      gridArea={area}
      minW="0"
      px="1.5"
      py="0.5"
      rounded="sm"
      bg={`${tone}.subtle`}
      color={`${tone}.fg`}
      fontFamily="mono"
      whiteSpace="pre-wrap"
      wordBreak="break-word"
      lineClamp={4}
      title={text.length > 40 ? text : undefined}
    >
      <Box as="span" srOnly>
        {label}:{' '}
      </Box>
      <span data-testid={testId}>{text}</span>
    </Text>
  );
}
