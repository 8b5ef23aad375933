// 'Import CSV': choose venues or contacts, pick a file, read the preview (errors in red with the §5
// messages, duplicates with the similar venue's name and %), confirm similar names one by one, import (in chunks,
// a progress bar from IMPORT_PROGRESS_FROM_ROWS rows), then the result. Nothing is written before 'Import'. A file
// of any size up to the limits is previewed whole, in row windows of IMPORT_PREVIEW_WINDOW_ROWS (the whole file
// each time, so that the in-file duplicates are found across the file), with a progress bar beyond one window; a
// long preview lists rows to check first, IMPORT_SHOWN_ROWS at a time.
import { Button, Stack, Text } from '@chakra-ui/react';
import { DialogShell, type CsvImportKind } from '@venuebook/sdk';
import { CsvImportChoose } from './csv-import-choose.tsx';
import { CsvImportPreview } from './csv-import-preview.tsx';
import { resultText } from './csv-import-rules.ts';
import { useCsvImport } from './use-csv-import.ts';

export interface CsvImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Which kinds the user may import (venue.create, contact.create). */
  kinds: readonly CsvImportKind[];
}

export function CsvImportDialog({ open, onClose, kinds }: CsvImportDialogProps) {
  const csv = useCsvImport(kinds, onClose);
  const { step, preview, creating, busy } = csv;

  return (
    <DialogShell
      open={open}
      onDismiss={csv.close}
      busy={busy}
      title="Import CSV"
      testId="import-dialog"
      size="xl"
      scrollInside
      footer={
        step.name === 'done' ? (
          <Button colorPalette="brand" onClick={csv.close} data-testid="import-close">
            Close
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={preview && step.name === 'preview' ? csv.reset : csv.close} disabled={busy} data-testid="import-cancel">
              {preview && step.name === 'preview' ? 'Choose Another File' : 'Cancel'}
            </Button>
            {preview ? (
              <Button
                colorPalette="brand"
                onClick={() => void csv.commit(preview)}
                disabled={creating === 0 || busy}
                loading={step.name === 'importing'}
                loadingText="Importing…"
                data-testid="import-commit"
              >
                Import {creating} {creating === 1 ? 'row' : 'rows'}
              </Button>
            ) : null}
          </>
        )
      }
    >
      <Stack gap="4">
        {step.name === 'choose' || step.name === 'previewing' ? (
          <CsvImportChoose
            kinds={kinds}
            kind={csv.kind}
            onKind={csv.setKind}
            step={step}
            busy={busy}
            problem={csv.problem}
            fileInput={csv.fileInput}
            onPick={(file) => void csv.pick(file)}
          />
        ) : null}

        {preview ? (
          <CsvImportPreview
            kind={csv.kind}
            fileName={csv.fileName}
            preview={preview}
            step={step}
            confirmed={csv.confirmed}
            onConfirmRow={csv.confirmRow}
            shownCount={csv.shownCount}
            onShowMore={csv.showMore}
          />
        ) : null}

        {step.name === 'done' ? (
          <Stack gap="2" data-testid="import-result">
            <Text fontWeight="semibold">Import finished</Text>
            <Text>{resultText(step.created, step.skipped)}</Text>
          </Stack>
        ) : null}
      </Stack>
    </DialogShell>
  );
}
