import { Badge, Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import type { CsvImportKind, ImportResult } from '@venuebook/sdk';
import { ImportProgress } from './csv-import-progress.tsx';
import {
  IMPORT_PROGRESS_FROM_ROWS,
  IMPORT_SHOWN_ROWS,
  ROW_STATUS_COLORS,
  ROW_STATUS_LABELS,
  rowDetails,
  rowStatus,
  rowTitle,
  shownRows,
} from './csv-import-rules.ts';
import type { ImportStep } from './use-csv-import.ts';

export interface CsvImportPreviewProps {
  kind: CsvImportKind;
  fileName: string;
  preview: ImportResult;
  step: ImportStep;
  confirmed: ReadonlySet<number>;
  onConfirmRow: (row: number, checked: boolean) => void;
  shownCount: number;
  onShowMore: () => void;
}

/**
 * The file's preview: a summary, the import's progress, and its rows (errors in red with the §5 messages,
 * duplicates with the similar venue's name and %; a similar name's 'Create Anyway'), rows to check first.
 */
export function CsvImportPreview({ kind, fileName, preview, step, confirmed, onConfirmRow, shownCount, onShowMore }: CsvImportPreviewProps) {
  return (
    <Stack gap="3">
      <Text fontSize="sm" data-testid="import-summary">
        <Text as="span" fontWeight="semibold">
          {fileName}
        </Text>
        {` — ${preview.rows.length} ${preview.rows.length === 1 ? 'row' : 'rows'}: ${preview.summary.create} to create, ${preview.summary.confirm} with similar names, ${preview.summary.skip} skipped`}
      </Text>
      {step.name === 'importing' && preview.rows.length >= IMPORT_PROGRESS_FROM_ROWS ? (
        <ImportProgress label="Importing…" ariaLabel="Import progress" done={step.done} total={preview.rows.length} testId="import-progress" />
      ) : null}
      {preview.rows.length > IMPORT_SHOWN_ROWS ? (
        <Text fontSize="sm" color="fg.muted" data-testid="import-shown">
          {`Showing ${Math.min(shownCount, preview.rows.length)} of ${preview.rows.length} rows, rows to check first`}
        </Text>
      ) : null}
      <Box maxH={{ base: 'none', md: '24rem' }} overflowY="auto" borderWidth="1px" rounded="l2">
        <Table.Root size="sm" stickyHeader data-testid="import-preview">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="12">Row</Table.ColumnHeader>
              <Table.ColumnHeader>{kind === 'venues' ? 'Venue' : 'Contact'}</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shownRows(preview, shownCount).map((row) => {
              const status = rowStatus(row);
              const details = rowDetails(kind, row);
              return (
                <Table.Row key={row.row} data-testid="import-row" data-status={status}>
                  <Table.Cell verticalAlign="top">{row.row}</Table.Cell>
                  <Table.Cell verticalAlign="top" wordBreak="break-word">
                    <Text>{rowTitle(kind, row) || '—'}</Text>
                    {details.map((line) => (
                      <Text key={line} fontSize="xs" color={status === 'error' ? 'fg.error' : 'fg.muted'}>
                        {line}
                      </Text>
                    ))}
                  </Table.Cell>
                  <Table.Cell verticalAlign="top">
                    <Stack gap="1.5" align="start">
                      <Badge colorPalette={ROW_STATUS_COLORS[status]} variant="subtle">
                        {ROW_STATUS_LABELS[status]}
                      </Badge>
                      {row.action === 'confirm' ? (
                        <Checkbox.Root
                          size="sm"
                          checked={confirmed.has(row.row)}
                          disabled={step.name !== 'preview'}
                          onCheckedChange={(details) => onConfirmRow(row.row, details.checked === true)}
                          data-testid="import-confirm"
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>Create Anyway</Checkbox.Label>
                        </Checkbox.Root>
                      ) : null}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      {shownCount < preview.rows.length && preview.rows.length > IMPORT_SHOWN_ROWS ? (
        <Button size="xs" variant="outline" alignSelf="start" onClick={onShowMore} data-testid="import-show-more">
          Show more rows
        </Button>
      ) : null}
    </Stack>
  );
}
