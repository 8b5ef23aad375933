// The fields editor's operations (spec §4 'Card dialog' customise actions, §5 'Card fields'): pure, each answers a
// new list. Used by the Customize Card tab and by the master templates page (through CardFieldsEditor).
import { CARD_FIELD_LABEL_REQUIRED, DEFAULT_NOTES_FIELD, SELECT_OPTION_REQUIRED } from '@venuebook/sdk';
import type { CardField, CardFieldType } from '@venuebook/sdk';

/** Spec §4: a new field's label and a new option's text. */
export const NEW_FIELD_LABEL = 'New Field';
export const NEW_OPTION_TEXT = 'New Option';

/** Labels of the field types, in the order the type menu lists them. */
export const FIELD_TYPE_LABELS: Readonly<Record<CardFieldType, string>> = {
  text: 'Text',
  textarea: 'Text area',
  number: 'Number',
  yesno: 'Yes / No',
  select: 'Select',
};

/** The default notes field (spec §5: a text area that cannot be removed, nor change its type). */
export function isDefaultNotesField(field: Pick<CardField, 'key'>): boolean {
  return field.key === DEFAULT_NOTES_FIELD.key;
}

/**
 * Spec §4: a key generated from the time (`field_<ms>`, base 36 so it stays short); a key already in the card
 * gets a suffix so that two fields added in one millisecond stay apart.
 */
export function newFieldKey(fields: readonly Pick<CardField, 'key'>[], now: number = Date.now()): string {
  const taken = new Set(fields.map((field) => field.key));
  const base = `field_${now.toString(36)}`;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** Adds 'New Field' (text) before the notes field when that is last, else at the end. */
export function addField(fields: readonly CardField[], now: number = Date.now()): CardField[] {
  const field: CardField = { key: newFieldKey(fields, now), label: NEW_FIELD_LABEL, type: 'text', options: [], required: false };
  const last = fields.at(-1);
  return last && isDefaultNotesField(last) ? [...fields.slice(0, -1), field, last] : [...fields, field];
}

/** Moves the field at `index` one place up (-1) or down (+1); unchanged at the ends. */
export function moveField(fields: readonly CardField[], index: number, by: -1 | 1): CardField[] {
  const to = index + by;
  if (index < 0 || index >= fields.length || to < 0 || to >= fields.length) return [...fields];
  const next = [...fields];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Removes the field at `index` (never the default notes field). */
export function removeField(fields: readonly CardField[], index: number): CardField[] {
  const field = fields[index];
  if (!field || isDefaultNotesField(field)) return [...fields];
  return fields.filter((_, i) => i !== index);
}

/** Changes one field (label, type, required) at `index`. */
export function updateField(fields: readonly CardField[], index: number, change: Partial<Pick<CardField, 'label' | 'type' | 'required'>>): CardField[] {
  return fields.map((field, i) => {
    if (i !== index) return field;
    // The notes field stays a text area (the server keeps it one).
    const type = isDefaultNotesField(field) ? field.type : (change.type ?? field.type);
    return { ...field, ...change, type };
  });
}

/** Adds 'New Option' to the select field at `index`. */
export function addOption(fields: readonly CardField[], index: number): CardField[] {
  return fields.map((field, i) => (i === index ? { ...field, options: [...field.options, NEW_OPTION_TEXT] } : field));
}

export function updateOption(fields: readonly CardField[], index: number, optionIndex: number, text: string): CardField[] {
  return fields.map((field, i) => (i === index ? { ...field, options: field.options.map((option, j) => (j === optionIndex ? text : option)) } : field));
}

export function removeOption(fields: readonly CardField[], index: number, optionIndex: number): CardField[] {
  return fields.map((field, i) => (i === index ? { ...field, options: field.options.filter((_, j) => j !== optionIndex) } : field));
}

/** What is wrong with one field (spec §5): a label is needed; a select field needs a non-empty option. */
export function fieldErrors(field: CardField): { label?: string; options?: string } {
  return {
    ...(field.label.trim() === '' ? { label: CARD_FIELD_LABEL_REQUIRED } : {}),
    ...(field.type === 'select' && !field.options.some((option) => option.trim() !== '') ? { options: SELECT_OPTION_REQUIRED } : {}),
  };
}

/** Whether every field can be saved. */
export function fieldsAreValid(fields: readonly CardField[]): boolean {
  return fields.every((field) => Object.keys(fieldErrors(field)).length === 0);
}
