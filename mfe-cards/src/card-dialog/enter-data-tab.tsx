import { Box, Button, Field, HStack, Input, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Popover } from '@chakra-ui/react/popover';
import { OptionSelect, api, errorMessage, notify } from '@venuebook/sdk';
import type { CardField, CardFieldValue, DataCard, FieldNoteLine } from '@venuebook/sdk';
import { useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { LuBadgeCheck, LuHistory } from 'react-icons/lu';
import { relativeAge } from '../shared/relative-age.ts';
import { insertTab, isFieldNotes, shownValue, textareaRows, yesNoOf } from './card-dialog-rules.ts';
import { FieldHistoryDialog } from './field-history-dialog.tsx';
import type { CardEntry } from './use-card-entry.ts';

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** Spec §9: text areas are 6 rows at 1024 px or wider, else 3 (follows the window's width). */
function useTextareaRows(): 3 | 6 {
  return textareaRows(
    useSyncExternalStore(
      subscribeToResize,
      () => window.innerWidth,
      () => 1024,
    ),
  );
}

/**
 * The Enter Data tab (spec §2 'Card dialog'): one input per field by type, each with who changed it last and when,
 * its 'last verified' age and source, Verify and History (values; the notes field shows its last line's author).
 */
export function EnterDataTab({ venueId, card, entry, canSave }: { venueId: string; card: DataCard; entry: CardEntry; canSave: boolean }) {
  const rows = useTextareaRows();
  const [historyOf, setHistoryOf] = useState<CardField | null>(null);
  const loading = entry.values.isPending || (card.fields.some(isFieldNotes) && entry.notes.isPending);
  if (entry.values.isError || entry.notes.isError) {
    return (
      <Box role="alert" data-testid="card-values-error">
        <Text color="fg.error">Could not load this card's data: {errorMessage(entry.values.error ?? entry.notes.error)}</Text>
        <Button mt="2" size="sm" variant="outline" onClick={() => void Promise.all([entry.values.refetch(), entry.notes.refetch()])}>
          Retry
        </Button>
      </Box>
    );
  }
  return (
    <Stack gap="5" data-testid="card-enter-data">
      {card.description ? <Text color="fg.muted">{card.description}</Text> : null}
      {card.fields.map((field) => {
        const notes = isFieldNotes(field);
        const current = notes ? undefined : entry.current.get(field.key);
        const value = shownValue(field.key, entry.edits, entry.baseOf(field.key));
        const dirty = Object.hasOwn(entry.edits, field.key) && entry.edits[field.key]!.value !== entry.edits[field.key]!.base.value;
        return (
          <Field.Root key={field.key} data-testid={`card-field-${field.key}`} data-dirty={dirty || undefined}>
            <Field.Label>
              {field.label}
              {field.required ? (
                <Text as="span" color="fg.error" aria-hidden>
                  *
                </Text>
              ) : null}
            </Field.Label>
            {loading ? (
              <Skeleton h={field.type === 'textarea' ? '5rem' : '10'} w="full" />
            ) : (
              <FieldInput field={field} value={value} rows={rows} readOnly={!canSave || entry.saving} onChange={(next) => entry.edit(field.key, next)} />
            )}
            <HStack gap="3" wrap="wrap" fontSize="xs" color="fg.muted" minH="6">
              {notes ? <NotesMeta lines={entry.notes.data?.lines ?? []} /> : <ValueMeta current={current} />}
              {notes ? null : (
                <HStack gap="1" ms="auto">
                  {canSave && current && current.kind !== 'cleared' && !dirty ? (
                    <VerifyButton venueId={venueId} cardId={card.id} field={field} current={current} onVerified={entry.applyFieldResult} />
                  ) : null}
                  {current ? (
                    <Button size="2xs" variant="ghost" onClick={() => setHistoryOf(field)} data-testid="card-field-history">
                      <LuHistory /> History
                    </Button>
                  ) : null}
                </HStack>
              )}
            </HStack>
          </Field.Root>
        );
      })}
      <FieldHistoryDialog
        venueId={venueId}
        cardId={card.id}
        field={historyOf}
        current={historyOf ? entry.current.get(historyOf.key) : undefined}
        canRestore={canSave}
        onClose={() => setHistoryOf(null)}
        onRestored={entry.applyFieldResult}
      />
    </Stack>
  );
}

/** One field's input by type (spec §5: numbers use numeric input; select lists its options; yes/no). */
function FieldInput({
  field,
  value,
  rows,
  readOnly,
  onChange,
}: {
  field: CardField;
  value: string;
  rows: number;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const testId = 'card-field-input';
  if (field.type === 'textarea') {
    const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || readOnly) return;
      event.preventDefault();
      const area = event.currentTarget;
      const next = insertTab(area.value, area.selectionStart, area.selectionEnd);
      // Rendered at once, so that the caret is placed before the next key arrives.
      flushSync(() => onChange(next.text));
      area.setSelectionRange(next.caret, next.caret);
    };
    return (
      <Textarea
        value={value}
        rows={rows}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        autoresize={false}
        data-testid={testId}
      />
    );
  }
  if (field.type === 'yesno' || field.type === 'select') {
    const options = field.type === 'yesno' ? ['Yes', 'No'] : field.options;
    const selected = field.type === 'yesno' ? yesNoOf(value) || value : value;
    // A stored value that is no option any more stays visible.
    return <OptionSelect disabled={readOnly} value={selected} onChange={onChange} emptyLabel="Select…" options={options} keepUnknownValue testId={testId} />;
  }
  return (
    <Input
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
      {...(field.type === 'number' ? { type: 'number', inputMode: 'decimal' as const, step: 'any' } : {})}
      data-testid={testId}
    />
  );
}

/** Who changed the value last and when; 'last verified' age and source when set. */
function ValueMeta({ current }: { current: CardFieldValue | undefined }) {
  if (!current) return <Text>Not saved yet</Text>;
  return (
    <>
      <Text data-testid="card-field-changed" title={new Date(current.savedAt).toLocaleString()}>
        {current.kind === 'cleared' ? 'Cleared' : 'Changed'} by {current.savedByEmail || 'unknown'} {relativeAge(current.savedAt)}
      </Text>
      {current.verifiedAt ? (
        <Text color="green.fg" data-testid="card-field-verified" title={new Date(current.verifiedAt).toLocaleString()}>
          <LuBadgeCheck style={{ display: 'inline', verticalAlign: 'middle' }} /> Verified {relativeAge(current.verifiedAt)}
          {current.verifiedSource ? ` (${current.verifiedSource})` : ''}
        </Text>
      ) : null}
    </>
  );
}

/** The notes field: who added its newest line, and when. */
function NotesMeta({ lines }: { lines: readonly FieldNoteLine[] }) {
  const newest = lines.reduce<FieldNoteLine | null>((latest, line) => (!latest || line.createdAt > latest.createdAt ? line : latest), null);
  if (!newest) return <Text>No notes yet</Text>;
  return (
    <Text data-testid="card-field-changed" title={new Date(newest.createdAt).toLocaleString()}>
      Last line by {newest.createdBy || 'unknown'} {relativeAge(newest.createdAt)}
    </Text>
  );
}

/** Verify: the current value confirmed now, with an optional source ('site visit', a document). */
function VerifyButton({
  venueId,
  cardId,
  field,
  current,
  onVerified,
}: {
  venueId: string;
  cardId: string;
  field: CardField;
  current: CardFieldValue;
  onVerified: CardEntry['applyFieldResult'];
}) {
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState('');
  const [busy, setBusy] = useState(false);
  const sourceInput = useRef<HTMLInputElement>(null);
  async function verify() {
    setBusy(true);
    try {
      const result = await api.venueCards.verify(venueId, cardId, field.key, {
        baseVersion: current.version,
        ...(source.trim() ? { source: source.trim() } : {}),
      });
      onVerified(result);
      if (result.status === 'conflict')
        notify({ type: 'warning', title: `${field.label} was changed meanwhile`, description: 'Check the new value, then verify it.' });
      else notify({ type: 'success', title: `${field.label} verified` });
      setOpen(false);
      setSource('');
    } catch (error) {
      notify({ type: 'error', title: 'Failed to verify the value', description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-end' }}
      initialFocusEl={() => sourceInput.current}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button size="2xs" variant="ghost" colorPalette="green" data-testid="card-field-verify">
          <LuBadgeCheck /> Verify
        </Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content width="xs" data-testid="card-verify-popover">
          <Popover.Body p="3">
            <Stack gap="2">
              <Text fontSize="sm">Confirm that “{field.label}” is still correct.</Text>
              <Input
                ref={sourceInput}
                size="sm"
                value={source}
                onChange={(event) => setSource(event.target.value)}
                placeholder="Source (optional), e.g. site visit"
                maxLength={200}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void verify();
                  }
                }}
                data-testid="card-verify-source"
              />
              <Button size="sm" colorPalette="green" loading={busy} onClick={() => void verify()} data-testid="card-verify-confirm">
                Verify
              </Button>
            </Stack>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
