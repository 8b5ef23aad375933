import type { CardField, CardFieldValue, FieldSaveResult } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import {
  buildNotesSave,
  buildSaveRequest,
  changedKeys,
  conflictsOf,
  customizationInput,
  customizationOf,
  isCustomized,
  hasUnsavedChanges,
  insertTab,
  mergeValues,
  overwriteRequest,
  rebasedOnConflicts,
  settledKeys,
  shownValue,
  textareaRows,
  withEdit,
  withoutEdits,
  yesNoOf,
} from './card-dialog-rules.ts';

const field = (key: string, type: CardField['type'] = 'text'): CardField => ({ key, label: key.toUpperCase(), type, options: [], required: false });
const fields = [field('dock'), field('doors', 'number'), field('forklift', 'yesno'), field('notes', 'textarea')];

const value = (fieldKey: string, text: string, version: number): CardFieldValue => ({
  cardId: 'c1',
  fieldKey,
  value: text,
  version,
  kind: 'value',
  savedBy: 'u2',
  savedByEmail: 'sam@example.com',
  savedAt: '2026-11-23T10:00:00.000Z',
  verifiedAt: null,
  verifiedBy: null,
  verifiedSource: null,
});

describe('dirty tracking', () => {
  it('keeps the base of the first keystroke and counts only fields that differ from it', () => {
    let edits = withEdit({}, 'dock', 'North', { value: 'South', version: 3 });
    edits = withEdit(edits, 'dock', 'North dock', { value: 'Other', version: 9 });
    expect(edits.dock).toEqual({ value: 'North dock', base: { value: 'South', version: 3 } });
    expect(shownValue('dock', edits, { value: 'Other', version: 9 })).toBe('North dock');
    expect(shownValue('doors', edits, undefined)).toBe('');
    edits = withEdit(edits, 'doors', '', undefined);
    expect(changedKeys(fields, edits)).toEqual(['dock']);
    edits = withEdit(edits, 'dock', 'South', undefined);
    expect(hasUnsavedChanges(fields, edits)).toBe(false);
    expect(withoutEdits(withEdit({}, 'dock', 'x', undefined), ['dock'])).toEqual({});
  });
});

describe('the save request', () => {
  it('names each changed field with its base version (0 if never saved); the notes field goes to the notes save', () => {
    let edits = withEdit({}, 'dock', 'North', { value: 'South', version: 3 });
    edits = withEdit(edits, 'doors', ' 4 ', undefined);
    edits = withEdit(edits, 'forklift', '', undefined);
    edits = withEdit(edits, 'notes', 'a\nb', { value: 'a', version: 0 });
    expect(buildSaveRequest(fields, edits, 'Facilities')).toEqual({
      department: 'Facilities',
      values: { dock: { value: 'North', baseVersion: 3 }, doors: { value: '4', baseVersion: 0 } },
    });
    expect(buildNotesSave(fields, edits)).toEqual({ fieldKey: 'notes', baseText: 'a', text: 'a\nb' });
    expect(buildSaveRequest(fields, {}, 'Facilities')).toBeNull();
    expect(buildNotesSave(fields, withEdit({}, 'dock', 'x', undefined))).toBeNull();
  });
});

describe('conflicts', () => {
  const results: FieldSaveResult[] = [
    { fieldKey: 'dock', label: 'Dock', status: 'conflict', value: 'Mine', current: value('dock', 'Theirs', 5) },
    { fieldKey: 'doors', label: 'Doors', status: 'saved', value: '4', current: value('doors', '4', 1) },
    { fieldKey: 'forklift', label: 'Forklift', status: 'skipped', value: null, current: null },
  ];

  it('lists each conflicting field with the current value, who saved it, and the user’s own value', () => {
    const conflicts = conflictsOf({ results });
    expect(conflicts).toEqual([
      {
        fieldKey: 'dock',
        label: 'Dock',
        mine: 'Mine',
        current: { value: 'Theirs', version: 5, savedByEmail: 'sam@example.com', savedAt: '2026-11-23T10:00:00.000Z' },
      },
    ]);
    expect(settledKeys({ results })).toEqual(['doors', 'forklift']);
  });

  it('Overwrite saves the user’s values again on the versions that won', () => {
    const conflicts = conflictsOf({ results });
    expect(overwriteRequest(conflicts, 'Facilities')).toEqual({ department: 'Facilities', values: { dock: { value: 'Mine', baseVersion: 5 } } });
    expect(rebasedOnConflicts(withEdit({}, 'dock', 'Mine', { value: 'Old', version: 2 }), conflicts).dock).toEqual({
      value: 'Mine',
      base: { value: 'Theirs', version: 5 },
    });
  });

  it('puts answered values in place of the cached ones', () => {
    expect(mergeValues([value('dock', 'A', 1), value('doors', '2', 1)], [value('dock', 'B', 2)]).map((v) => v.value)).toEqual(['B', '2']);
  });
});

describe('text areas (spec §9)', () => {
  it('Tab inserts two spaces at the caret, replacing a selection', () => {
    expect(insertTab('ab', 1, 1)).toEqual({ text: 'a  b', caret: 3 });
    expect(insertTab('abcd', 1, 3)).toEqual({ text: 'a  d', caret: 3 });
    expect(insertTab('', 0, 0)).toEqual({ text: '  ', caret: 2 });
  });

  it('are 6 rows at 1024 px or wider, else 3', () => {
    expect(textareaRows(1024)).toBe(6);
    expect(textareaRows(1440)).toBe(6);
    expect(textareaRows(1023)).toBe(3);
    expect(textareaRows(390)).toBe(3);
  });
});

it("reads yes/no values ('true'/'false' too)", () => {
  expect([yesNoOf('Yes'), yesNoOf('true'), yesNoOf('No'), yesNoOf('FALSE'), yesNoOf('maybe')]).toEqual(['Yes', 'Yes', 'No', 'No', '']);
});

describe('the customisation draft', () => {
  const card = {
    title: 'Dock',
    description: 'Loading',
    primaryDepartment: 'Facilities' as const,
    departments: ['Facilities', 'IT'],
    fields: [{ ...field('dock'), type: 'select' as const, options: ['A'] }, field('notes', 'textarea')],
  };

  it('is unsaved only while it differs from the card', () => {
    const draft = customizationOf(card);
    expect(isCustomized(null, card)).toBe(false);
    expect(isCustomized(draft, card)).toBe(false);
    expect(isCustomized({ ...draft, title: 'Docks' }, card)).toBe(true);
    draft.fields[0]!.options.push('B');
    expect(card.fields[0]!.options).toEqual(['A']);
    expect(isCustomized(draft, card)).toBe(true);
  });

  it('sends the trimmed title and the owner department as the only department', () => {
    const draft = { ...customizationOf(card), title: ' Docks ', department: 'IT' as const };
    draft.fields[1] = { ...draft.fields[1]!, label: ' Site notes ' };
    expect(customizationInput(draft, card)).toEqual({
      title: 'Docks',
      description: 'Loading',
      departments: ['IT'],
      primaryDepartment: 'IT',
      fields: [
        { key: 'dock', label: 'DOCK', type: 'select', options: ['A'], required: false },
        { key: 'notes', label: 'Site notes', type: 'textarea', options: [], required: false },
      ],
    });
  });
});
