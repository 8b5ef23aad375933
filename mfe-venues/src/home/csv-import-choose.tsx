import { Button, Group, Stack, Text } from '@chakra-ui/react';
import type { CsvImportKind } from '@venuebook/sdk';
import type { RefObject } from 'react';
import { LuUpload } from 'react-icons/lu';
import { ImportProgress } from './csv-import-progress.tsx';
import { IMPORT_KIND_LABELS } from './csv-import-rules.ts';
import type { ImportStep } from './use-csv-import.ts';

export interface CsvImportChooseProps {
  kinds: readonly CsvImportKind[];
  kind: CsvImportKind;
  onKind: (kind: CsvImportKind) => void;
  step: ImportStep;
  busy: boolean;
  problem: string;
  fileInput: RefObject<HTMLInputElement | null>;
  onPick: (file: File | undefined) => void;
}

/** The first step: what to import, the columns it takes, the file, and the preview's progress or what went wrong. */
export function CsvImportChoose({ kinds, kind, onKind, step, busy, problem, fileInput, onPick }: CsvImportChooseProps) {
  return (
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
            onClick={() => onKind(option)}
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
      <input ref={fileInput} type="file" accept=".csv,text/csv" hidden data-testid="import-file" onChange={(event) => onPick(event.target.files?.[0])} />
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
        <ImportProgress label="Checking rows…" ariaLabel="Preview progress" done={step.done} total={step.total} testId="import-preview-progress" />
      ) : null}
      {problem ? (
        <Text color="fg.error" role="alert" data-testid="import-problem">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
