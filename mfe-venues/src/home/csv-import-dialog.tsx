// 'Import CSV': choose venues or contacts, pick a file, read the preview (errors in red with the §5
// messages, duplicates with the similar venue's name and %), confirm similar names one by one, import (in chunks,
// a progress bar from IMPORT_PROGRESS_FROM_ROWS rows), then the result. Nothing is written before 'Import'. A file
// of any size up to the limits is previewed whole, in row windows of IMPORT_PREVIEW_WINDOW_ROWS (the whole file
// each time, so that the in-file duplicates are found across the file), with a progress bar beyond one window; a
// long preview lists rows to check first, IMPORT_SHOWN_ROWS at a time.
import { Badge, Box, Button, Group, HStack, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { api, errorMessage, notify, useQueryClient, venueQueries, contactQueries } from '@venuebook/sdk';
import type { CsvImportKind, ImportResult } from '@venuebook/sdk';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import {
  commitChunks,
  IMPORT_KIND_LABELS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_PROGRESS_FROM_ROWS,
  IMPORT_SHOWN_ROWS,
  previewInWindows,
  resultText,
  ROW_STATUS_COLORS,
  ROW_STATUS_LABELS,
  rowDetails,
  rowStatus,
  rowsToCreate,
  rowTitle,
  shownRows,
} from './csv-import-rules.ts';

type Step =
  | { name: 'choose' }
  | { name: 'previewing'; done: number; total: number }
  | { name: 'preview'; preview: ImportResult }
  | { name: 'importing'; preview: ImportResult; done: number }
  | { name: 'done'; created: number; skipped: number };

export interface CsvImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Which kinds the user may import (venue.create, contact.create). */
  kinds: readonly CsvImportKind[];
}

export function CsvImportDialog({ open, onClose, kinds }: CsvImportDialogProps) {
  const [kind, setKind] = useState<CsvImportKind>(kinds[0] ?? 'venues');
  const [fileName, setFileName] = useState('');
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [confirmed, setConfirmed] = useState<ReadonlySet<number>>(new Set());
  const [problem, setProblem] = useState('');
  const [shownCount, setShownCount] = useState(IMPORT_SHOWN_ROWS);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const busy = step.name === 'previewing' || step.name === 'importing';

  const reset = () => {
    setStep({ name: 'choose' });
    setConfirmed(new Set());
    setProblem('');
    setFileName('');
    setShownCount(IMPORT_SHOWN_ROWS);
    if (fileInput.current) fileInput.current.value = '';
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const pick = async (file: File | undefined) => {
    setProblem('');
    if (!file) return;
    setFileName(file.name);
    if (file.size > IMPORT_MAX_FILE_BYTES) {
      setProblem(`The file is larger than ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB.`);
      return;
    }
    setStep({ name: 'previewing', done: 0, total: 0 });
    try {
      const text = await file.text();
      const preview = await previewInWindows(
        (window) => api.imports.run(kind, text, { mode: 'preview', ...window }),
        (done, total) => setStep({ name: 'previewing', done, total }),
      );
      setConfirmed(new Set());
      setShownCount(IMPORT_SHOWN_ROWS);
      setStep({ name: 'preview', preview });
    } catch (error) {
      setStep({ name: 'choose' });
      setProblem(errorMessage(error));
    }
  };

  const commit = async (preview: ImportResult) => {
    const chunks = commitChunks(preview, confirmed);
    let created = 0;
    let skipped = 0;
    let done = 0;
    setStep({ name: 'importing', preview, done: 0 });
    try {
      for (const chunk of chunks) {
        const result = await api.imports.run(kind, chunk.csv, { mode: 'commit', firstRow: chunk.firstRow, confirm: chunk.confirm });
        created += result.summary.created;
        skipped += result.summary.skipped;
        done += chunk.rows;
        setStep({ name: 'importing', preview, done });
      }
      setStep({ name: 'done', created, skipped });
      notify({ type: 'success', title: 'Import complete', description: resultText(created, skipped) });
    } catch (error) {
      // What was committed stays (each row once); importing the file again adds only the rest.
      setStep({ name: 'done', created, skipped });
      notify({ type: 'error', title: 'Import failed', description: errorMessage(error) });
    }
    if (created > 0) await queryClient.invalidateQueries({ queryKey: kind === 'venues' ? venueQueries.all : contactQueries.all });
  };

  const preview = step.name === 'preview' || step.name === 'importing' ? step.preview : null;
  const creating = preview ? rowsToCreate(preview, confirmed) : 0;

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()} placement="center" size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-dialog" mx="4">
            <Dialog.Header>
              <Dialog.Title>Import CSV</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {step.name === 'choose' || step.name === 'previewing' ? (
                  <Stack gap="3">
                    <Group attached role="group" aria-label="What to import">
                      {kinds.map((option) => (
                        <Button
                          key={option}
                          size="sm"
                          variant={option === kind ? 'solid' : 'outline'}
                          colorPalette={option === kind ? 'brand' : 'gray'}
                          aria-pressed={option === kind}
                          disabled={busy}
                          onClick={() => setKind(option)}
                          data-testid={`import-kind-${option}`}
                        >
                          {IMPORT_KIND_LABELS[option]}
                        </Button>
                      ))}
                    </Group>
                    <Text fontSize="sm" color="fg.muted">
                      {kind === 'venues'
                        ? "A header row first: Venue Name (required), Country, Address, Website, Leagues ('; ' between them), Main Contact Name… — the columns of an export. Nothing is written until you confirm."
                        : 'A header row first: Venue (name or id) and Name (required), Title, Phone, Email, Tag — the columns of a contacts export. Nothing is written until you confirm.'}
                    </Text>
                    <input
                      ref={fileInput}
                      type="file"
                      accept=".csv,text/csv"
                      hidden
                      data-testid="import-file"
                      onChange={(event) => void pick(event.target.files?.[0])}
                    />
                    <Button
                      variant="outline"
                      onClick={() => fileInput.current?.click()}
                      loading={step.name === 'previewing'}
                      loadingText="Reading file…"
                      alignSelf="start"
                      data-testid="import-choose-file"
                    >
                      <LuUpload /> Choose CSV file
                    </Button>
                    {step.name === 'previewing' && step.total > step.done ? (
                      <ImportProgress
                        label="Checking rows…"
                        ariaLabel="Preview progress"
                        done={step.done}
                        total={step.total}
                        testId="import-preview-progress"
                      />
                    ) : null}
                    {problem ? (
                      <Text color="fg.error" role="alert" data-testid="import-problem">
                        {problem}
                      </Text>
                    ) : null}
                  </Stack>
                ) : null}

                {preview ? (
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
                                        onCheckedChange={(details) => {
                                          const next = new Set(confirmed);
                                          if (details.checked === true) next.add(row.row);
                                          else next.delete(row.row);
                                          setConfirmed(next);
                                        }}
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
                      <Button
                        size="xs"
                        variant="outline"
                        alignSelf="start"
                        onClick={() => setShownCount(shownCount + IMPORT_SHOWN_ROWS)}
                        data-testid="import-show-more"
                      >
                        Show more rows
                      </Button>
                    ) : null}
                  </Stack>
                ) : null}

                {step.name === 'done' ? (
                  <Stack gap="2" data-testid="import-result">
                    <Text fontWeight="semibold">Import finished</Text>
                    <Text>{resultText(step.created, step.skipped)}</Text>
                  </Stack>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="2">
              {step.name === 'done' ? (
                <Button colorPalette="brand" onClick={close} data-testid="import-close">
                  Close
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={preview && step.name === 'preview' ? reset : close} disabled={busy} data-testid="import-cancel">
                    {preview && step.name === 'preview' ? 'Choose Another File' : 'Cancel'}
                  </Button>
                  {preview ? (
                    <Button
                      colorPalette="brand"
                      onClick={() => void commit(preview)}
                      disabled={creating === 0 || busy}
                      loading={step.name === 'importing'}
                      loadingText="Importing…"
                      data-testid="import-commit"
                    >
                      Import {creating} {creating === 1 ? 'row' : 'rows'}
                    </Button>
                  ) : null}
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A plain progress bar (role progressbar): rows checked (preview) or sent (import) so far of the file's rows. */
function ImportProgress({ label, ariaLabel, done, total, testId }: { label: string; ariaLabel: string; done: number; total: number; testId: string }) {
  const value = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Stack gap="1" data-testid={testId}>
      <HStack justify="space-between" fontSize="sm">
        <Text>{label}</Text>
        <Text>
          {done.toLocaleString('en-US')} / {total.toLocaleString('en-US')}
        </Text>
      </HStack>
      <Box
        role="progressbar"
        aria-label={ariaLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        h="2"
        bg="bg.muted"
        rounded="full"
        overflow="hidden"
      >
        <Box h="full" w={`${value}%`} bg="colorPalette.solid" colorPalette="brand" transition="width 0.2s" />
      </Box>
    </Stack>
  );
}
