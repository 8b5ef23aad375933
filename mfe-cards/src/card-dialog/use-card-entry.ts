import { api, cardQueries, errorMessage, isApiRequestError, notify, queryClient, useQuery } from '@venuebook/sdk';
import type {
  CardFieldValue,
  CardValues,
  DataCard,
  Department,
  FieldNotes,
  FieldSaveResult,
  SaveCardValuesRequest,
  SaveCardValuesResult,
} from '@venuebook/sdk';
import { useState } from 'react';
import {
  buildNotesSave,
  buildSaveRequest,
  conflictsOf,
  currentValuesOf,
  hasUnsavedChanges,
  isFieldNotes,
  mergeValues,
  overwriteRequest,
  rebasedOnConflicts,
  settledKeys,
  valuesByKey,
  withEdit,
  withoutEdits,
  type FieldBase,
  type FieldConflict,
  type FieldEdits,
} from './card-dialog-rules.ts';

/** Spec §8 'Cards and data'. */
export const DATA_SAVED = 'Data saved successfully';
export const DATA_SAVE_FAILED = 'Failed to save data. Please try again.';

/** A failed save's toast: the server's own message for a refused request (429, 400, 403, 404), else the §8 text. */
function saveFailed(error: unknown): void {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) {
    const detail = error.fieldErrors[0]?.message;
    notify({ type: 'error', title: error.message, description: detail && detail !== error.message ? detail : undefined });
  } else notify({ type: 'error', title: DATA_SAVE_FAILED, description: error ? errorMessage(error) : undefined });
}

/**
 * The Enter Data tab's state (spec §2 'Card dialog', §5 'Data card save'): the card's current values and notes, the
 * user's edits (each with the value and version it started from), Save (values with their base versions, the notes
 * field through the notes save), the conflicts of a save and their two answers.
 */
export function useCardEntry(venueId: string, department: Department, card: DataCard | null) {
  const cardId = card?.id ?? '';
  const notesField = card?.fields.find(isFieldNotes) ?? null;
  // Fresh on every open: the versions are the base of the next save.
  const values = useQuery({ ...cardQueries.cardValues(venueId, cardId), enabled: Boolean(card), staleTime: 0 });
  const notes = useQuery({ ...cardQueries.fieldNotes(venueId, cardId, notesField?.key ?? ''), enabled: Boolean(card && notesField), staleTime: 0 });
  const [edits, setEdits] = useState<FieldEdits>({});
  const [conflicts, setConflicts] = useState<FieldConflict[]>([]);
  const [saving, setSaving] = useState(false);

  const fields = card?.fields ?? [];
  const current = valuesByKey(values.data?.values ?? []);
  /** What a field's edit starts from: its current value and version (notes: the text as opened, version 0). */
  const baseOf = (key: string): FieldBase | undefined => {
    if (notesField && key === notesField.key) return notes.data ? { value: notes.data.text, version: 0 } : undefined;
    const value = current.get(key);
    return value ? { value: value.value, version: value.version } : undefined;
  };

  const valuesKey = cardQueries.cardValues(venueId, cardId).queryKey;
  const putValues = (updates: readonly CardFieldValue[]) => {
    if (updates.length === 0) return;
    queryClient.setQueryData<CardValues>(valuesKey, (old) => (old ? { ...old, values: mergeValues(old.values, updates) } : old));
  };
  /** Everything else that shows this venue's values (the screen's tiles, venue detail) reads again. */
  const refreshOthers = () =>
    void queryClient.invalidateQueries({
      queryKey: cardQueries.venue(venueId),
      predicate: (query) => query.queryKey[3] !== 'card' || query.queryKey[4] !== cardId,
    });

  /** Applies a values answer: settled fields leave the edits, conflicts stay (returned). */
  const applyValues = (result: SaveCardValuesResult): FieldConflict[] => {
    putValues(currentValuesOf(result.results));
    setEdits((old) => withoutEdits(old, settledKeys(result)));
    return conflictsOf(result);
  };

  const saveValues = (request: SaveCardValuesRequest) => api.venueCards.saveValues(venueId, cardId, request);

  async function save(): Promise<void> {
    if (!card || saving) return;
    const request = buildSaveRequest(fields, edits, department);
    const notesSave = buildNotesSave(fields, edits);
    if (!request && !notesSave) return;
    setSaving(true);
    try {
      const [valuesOutcome, notesOutcome] = await Promise.allSettled([
        request ? saveValues(request) : Promise.resolve(null),
        notesSave
          ? api.venueCards.saveNotes(venueId, cardId, notesSave.fieldKey, { department, baseText: notesSave.baseText, text: notesSave.text })
          : Promise.resolve(null),
      ]);
      const found = valuesOutcome.status === 'fulfilled' && valuesOutcome.value ? applyValues(valuesOutcome.value) : [];
      let mergeMessage: string | null = null;
      if (notesOutcome.status === 'fulfilled' && notesOutcome.value && notesSave) {
        const { lines, text, message } = notesOutcome.value;
        queryClient.setQueryData<FieldNotes>(cardQueries.fieldNotes(venueId, cardId, notesSave.fieldKey).queryKey, { lines, text });
        setEdits((old) => withoutEdits(old, [notesSave.fieldKey]));
        mergeMessage = message;
      }
      refreshOthers();
      const failure = [valuesOutcome, notesOutcome].find((outcome) => outcome.status === 'rejected');
      if (failure) saveFailed(failure.reason);
      else if (found.length > 0) {
        if (mergeMessage) notify({ type: 'info', title: mergeMessage });
        setConflicts(found);
      } else {
        // Spec §5: empty values of fields that are not text areas are not saved (the stored value stays).
        const skipped =
          valuesOutcome.status === 'fulfilled'
            ? (valuesOutcome.value?.results ?? []).filter((result) => result.status === 'skipped').map((result) => result.label)
            : [];
        const notes = [mergeMessage, skipped.length > 0 ? `Empty fields are not saved: ${skipped.join(', ')}` : null].filter(Boolean).join('. ');
        notify({ type: 'success', title: DATA_SAVED, description: notes || undefined });
      }
    } finally {
      setSaving(false);
    }
  }

  /** 'Cancel Changes': the values saved meanwhile are taken, the user's edits of those fields dropped. */
  function cancelConflicts(): void {
    setEdits((old) =>
      withoutEdits(
        old,
        conflicts.map((conflict) => conflict.fieldKey),
      ),
    );
    setConflicts([]);
    void queryClient.invalidateQueries({ queryKey: valuesKey });
  }

  /** The conflict dialog dismissed (Escape, outside): nothing taken, the user's edits stay unsaved. */
  function dismissConflicts(): void {
    setConflicts([]);
  }

  /** 'Overwrite': the user's values again, on the versions that won. */
  async function overwriteConflicts(): Promise<void> {
    if (conflicts.length === 0 || saving) return;
    setSaving(true);
    setEdits((old) => rebasedOnConflicts(old, conflicts));
    try {
      const again = applyValues(await saveValues(overwriteRequest(conflicts, department)));
      refreshOthers();
      setConflicts(again);
      if (again.length === 0) notify({ type: 'success', title: DATA_SAVED });
    } catch (error) {
      setConflicts([]);
      saveFailed(error);
    } finally {
      setSaving(false);
    }
  }

  /** A restore's or a verification's answer: the field's new current value (its edit, if any, is dropped). */
  function applyFieldResult(result: FieldSaveResult): void {
    if (result.current) putValues([result.current]);
    if (result.status !== 'conflict') setEdits((old) => withoutEdits(old, [result.fieldKey]));
    void queryClient.invalidateQueries({ queryKey: cardQueries.fieldHistory(venueId, cardId, result.fieldKey).queryKey });
    refreshOthers();
  }

  return {
    values,
    notes,
    current,
    edits,
    baseOf,
    edit: (key: string, value: string) => setEdits((old) => withEdit(old, key, value, baseOf(key))),
    dirty: hasUnsavedChanges(fields, edits),
    saving,
    save,
    conflicts,
    cancelConflicts,
    dismissConflicts,
    overwriteConflicts,
    applyFieldResult,
  };
}

export type CardEntry = ReturnType<typeof useCardEntry>;
