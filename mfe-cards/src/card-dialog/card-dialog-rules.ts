// The card dialog's pure parts (spec §2 'Card dialog', §5 'Data card save', §9 textarea rows and Tab): what the
// user changed, the save request built from it, the conflicts of an answer, and the text-area helpers.
import { DEFAULT_NOTES_FIELD } from '@venuebook/sdk';
import type { CardField, CardFieldValue, CardInput, DataCard, Department, FieldSaveResult, SaveCardValuesRequest, SaveCardValuesResult } from '@venuebook/sdk';

/** A field's value and version as the user's edit started from (version 0: never saved). */
export interface FieldBase {
  value: string;
  version: number;
}

/** One field the user edited: its text now and the base it started from (taken at the first keystroke). */
export interface FieldEdit {
  value: string;
  base: FieldBase;
}

/** The user's edits by field key (fields never touched are absent). */
export type FieldEdits = Readonly<Record<string, FieldEdit>>;

/**
 * The card's notes field (the default `notes` text area) is kept as field notes, one stored line per line, saved
 * through the notes API (append, edit, replace or merge with others' lines); every other field is a versioned value.
 */
export function isFieldNotes(field: Pick<CardField, 'key'>): boolean {
  return field.key === DEFAULT_NOTES_FIELD.key;
}

/** The current values by field key (a field never saved is absent). */
export function valuesByKey(values: readonly CardFieldValue[]): Map<string, CardFieldValue> {
  return new Map(values.map((value) => [value.fieldKey, value]));
}

/** What a field shows now: the user's edit, else the stored value ('' for none). */
export function shownValue(key: string, edits: FieldEdits, current: FieldBase | undefined): string {
  return Object.hasOwn(edits, key) ? edits[key]!.value : (current?.value ?? '');
}

/** The edits after the user typed `value` into field `key`; the first edit of a field keeps what it started from. */
export function withEdit(edits: FieldEdits, key: string, value: string, current: FieldBase | undefined): FieldEdits {
  const base = Object.hasOwn(edits, key) ? edits[key]!.base : { value: current?.value ?? '', version: current?.version ?? 0 };
  return { ...edits, [key]: { value, base } };
}

/** The edits without `keys` (saved, reverted, or taken over from the current value). */
export function withoutEdits(edits: FieldEdits, keys: Iterable<string>): FieldEdits {
  const drop = new Set(keys);
  return Object.fromEntries(Object.entries(edits).filter(([key]) => !drop.has(key)));
}

/** The keys of the card's fields whose edit differs from what it started from (unsaved changes), in card order. */
export function changedKeys(fields: readonly Pick<CardField, 'key'>[], edits: FieldEdits): string[] {
  return fields.filter((field) => Object.hasOwn(edits, field.key) && edits[field.key]!.value !== edits[field.key]!.base.value).map((field) => field.key);
}

/** Whether anything is unsaved (the 'Unsaved Changes' guard; prev/next only without). */
export function hasUnsavedChanges(fields: readonly Pick<CardField, 'key'>[], edits: FieldEdits): boolean {
  return changedKeys(fields, edits).length > 0;
}

/**
 * The values save of the changed fields that are no field notes, each with the version it was based on; null when
 * none changed. Numbers are sent as typed (stored as text), trimmed; other values as they are.
 */
export function buildSaveRequest(fields: readonly CardField[], edits: FieldEdits, department: Department): SaveCardValuesRequest | null {
  const changed = new Set(changedKeys(fields, edits));
  const values: SaveCardValuesRequest['values'] = {};
  for (const field of fields) {
    if (!changed.has(field.key) || isFieldNotes(field)) continue;
    const edit = edits[field.key]!;
    values[field.key] = { value: field.type === 'number' ? edit.value.trim() : edit.value, baseVersion: edit.base.version };
  }
  return Object.keys(values).length > 0 ? { department, values } : null;
}

/** The notes save of the notes field when it changed: the text as opened and the text now. */
export function buildNotesSave(fields: readonly CardField[], edits: FieldEdits): { fieldKey: string; baseText: string; text: string } | null {
  const changed = new Set(changedKeys(fields, edits));
  const notes = fields.find((field) => isFieldNotes(field) && changed.has(field.key));
  if (!notes) return null;
  const edit = edits[notes.key]!;
  return { fieldKey: notes.key, baseText: edit.base.value, text: edit.value };
}

/** One row of the 'Field Conflict Detected' dialog. */
export interface FieldConflict {
  fieldKey: string;
  label: string;
  /** The user's own value. */
  mine: string;
  /** The value saved meanwhile: its text, version (the base of an Overwrite), who and when. */
  current: { value: string; version: number; savedByEmail: string; savedAt: string | null };
}

/** The conflicts of a save's answer (someone saved those fields after the user's base version). */
export function conflictsOf(result: Pick<SaveCardValuesResult, 'results'>): FieldConflict[] {
  return result.results
    .filter((entry) => entry.status === 'conflict')
    .map((entry) => ({
      fieldKey: entry.fieldKey,
      label: entry.label,
      mine: entry.value ?? '',
      current: {
        value: entry.current?.value ?? '',
        version: entry.current?.version ?? 0,
        savedByEmail: entry.current?.savedByEmail ?? '',
        savedAt: entry.current?.savedAt ?? null,
      },
    }));
}

/** The fields a save is done with (saved, unchanged or skipped): their edits are dropped. */
export function settledKeys(result: Pick<SaveCardValuesResult, 'results'>): string[] {
  return result.results.filter((entry) => entry.status !== 'conflict').map((entry) => entry.fieldKey);
}

/** 'Overwrite': the user's values saved again on the versions that won (their `current.version`). */
export function overwriteRequest(conflicts: readonly FieldConflict[], department: Department): SaveCardValuesRequest {
  return {
    department,
    values: Object.fromEntries(conflicts.map((conflict) => [conflict.fieldKey, { value: conflict.mine, baseVersion: conflict.current.version }])),
  };
}

/** The edits after 'Overwrite' was sent: each conflicting field now based on the version that won. */
export function rebasedOnConflicts(edits: FieldEdits, conflicts: readonly FieldConflict[]): FieldEdits {
  const next: Record<string, FieldEdit> = { ...edits };
  for (const conflict of conflicts)
    next[conflict.fieldKey] = { value: conflict.mine, base: { value: conflict.current.value, version: conflict.current.version } };
  return next;
}

/** A save answer's entries as current values (saved or unchanged fields with their current value), for the cache. */
export function currentValuesOf(results: readonly FieldSaveResult[]): CardFieldValue[] {
  return results.flatMap((entry) => (entry.current && entry.status !== 'conflict' ? [entry.current] : []));
}

/** The card's values with `updates` in place of the same fields (a save's or a restore's answer). */
export function mergeValues(values: readonly CardFieldValue[], updates: readonly CardFieldValue[]): CardFieldValue[] {
  const byKey = valuesByKey(values);
  for (const update of updates) byKey.set(update.fieldKey, update);
  return [...byKey.values()];
}

/** Spec §9: the Tab key inserts two spaces in text areas (at the caret, replacing a selection). */
export const TAB_TEXT = '  ';

/** The text after Tab at selection [start, end), and where the caret goes. */
export function insertTab(text: string, start: number, end: number): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.max(from, Math.min(Math.max(start, end), text.length));
  return { text: text.slice(0, from) + TAB_TEXT + text.slice(to), caret: from + TAB_TEXT.length };
}

/** Spec §9: text areas are 6 rows at 1024 px or wider, else 3. */
export const WIDE_TEXTAREA_MIN_WIDTH = 1024;

export function textareaRows(viewportWidth: number): 3 | 6 {
  return viewportWidth >= WIDE_TEXTAREA_MIN_WIDTH ? 6 : 3;
}

/** Yes/no fields store 'Yes' or 'No'; 'true'/'false' (e.g. a serialised boolean) read as the same. */
export function yesNoOf(value: string): 'Yes' | 'No' | '' {
  const lower = value.trim().toLowerCase();
  if (lower === 'yes' || lower === 'true') return 'Yes';
  if (lower === 'no' || lower === 'false') return 'No';
  return '';
}

/** The Customize Card tab's local draft (spec §2: kept until 'Save Customization'). */
export interface CardCustomization {
  title: string;
  /** The owner department: the card's one department after the save. */
  department: Department;
  fields: CardField[];
}

export function customizationOf(card: Pick<DataCard, 'title' | 'primaryDepartment' | 'fields'>): CardCustomization {
  return { title: card.title, department: card.primaryDepartment, fields: card.fields.map((field) => ({ ...field, options: [...field.options] })) };
}

/** Whether the draft differs from the card (unsaved customisation). */
export function isCustomized(draft: CardCustomization | null, card: Pick<DataCard, 'title' | 'primaryDepartment' | 'fields'>): boolean {
  return draft !== null && JSON.stringify(draft) !== JSON.stringify(customizationOf(card));
}

/** The card as the customise and update calls send it: the title trimmed, the owner department its only one. */
export function customizationInput(draft: CardCustomization, card: Pick<DataCard, 'description'>): CardInput {
  return {
    title: draft.title.trim(),
    description: card.description,
    departments: [draft.department],
    primaryDepartment: draft.department,
    fields: draft.fields.map(({ key, label, type, options, required }) => ({
      key,
      label: label.trim(),
      type,
      options: type === 'select' ? options : [],
      required,
    })),
  };
}
