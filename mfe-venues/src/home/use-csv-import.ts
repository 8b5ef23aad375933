import { api, contactQueries, errorMessage, notify, useQueryClient, venueQueries } from '@venuebook/sdk';
import type { CsvImportKind, ImportResult } from '@venuebook/sdk';
import { useRef, useState } from 'react';
import { commitChunks, IMPORT_MAX_FILE_BYTES, IMPORT_SHOWN_ROWS, previewInWindows, resultText, rowsToCreate } from './csv-import-rules.ts';

/** Where the import stands: choosing a file, reading it, its preview, importing it, done. */
export type ImportStep =
  | { name: 'choose' }
  | { name: 'previewing'; done: number; total: number }
  | { name: 'preview'; preview: ImportResult }
  | { name: 'importing'; preview: ImportResult; done: number }
  | { name: 'done'; created: number; skipped: number };

/**
 * The import's steps: pick a file (previewed whole, in row windows), confirm similar names one by one, import in
 * chunks. Nothing is written before `commit`.
 */
export function useCsvImport(kinds: readonly CsvImportKind[], onClose: () => void) {
  const [kind, setKind] = useState<CsvImportKind>(kinds[0] ?? 'venues');
  const [fileName, setFileName] = useState('');
  const [step, setStep] = useState<ImportStep>({ name: 'choose' });
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

  /** 'Create Anyway' on a row with a similar name, or not. */
  const confirmRow = (row: number, checked: boolean) => {
    const next = new Set(confirmed);
    if (checked) next.add(row);
    else next.delete(row);
    setConfirmed(next);
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
  return {
    kind,
    setKind,
    fileName,
    step,
    confirmed,
    problem,
    shownCount,
    showMore: () => setShownCount(shownCount + IMPORT_SHOWN_ROWS),
    fileInput,
    busy,
    preview,
    creating: preview ? rowsToCreate(preview, confirmed) : 0,
    reset,
    close,
    pick,
    confirmRow,
    commit,
  };
}
