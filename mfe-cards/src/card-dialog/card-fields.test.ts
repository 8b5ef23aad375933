import { CARD_FIELD_LABEL_REQUIRED, SELECT_OPTION_REQUIRED } from '@venuebook/domain';
import type { CardField } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import {
  addField,
  addOption,
  fieldErrors,
  fieldsAreValid,
  moveField,
  newFieldKey,
  removeField,
  removeOption,
  updateField,
  updateOption,
} from './card-fields.ts';

const text = (key: string, label = key): CardField => ({ key, label, type: 'text', options: [], required: false });
const notes: CardField = { key: 'notes', label: 'Notes', type: 'textarea', options: [], required: false };

describe('the fields editor (spec §4 customise actions, §5 card fields)', () => {
  it("adds 'New Field' (text, a key from the time) before the notes field, or at the end", () => {
    const added = addField([text('a'), notes], 1_700_000_000_000);
    expect(added.map((field) => field.key)).toEqual(['a', `field_${(1_700_000_000_000).toString(36)}`, 'notes']);
    expect(added[1]).toMatchObject({ label: 'New Field', type: 'text', options: [], required: false });
    expect(addField([notes, text('a')], 5).map((field) => field.key)).toEqual(['notes', 'a', 'field_5']);
    expect(addField([], 5).map((field) => field.key)).toEqual(['field_5']);
  });

  it('keeps generated keys apart within one millisecond, and valid field keys', () => {
    expect(newFieldKey([{ key: 'field_5' }, { key: 'field_5_2' }], 5)).toBe('field_5_3');
    expect(newFieldKey([], Date.now())).toMatch(/^[a-z0-9_]{1,100}$/);
  });

  it('moves a field up or down, not past the ends', () => {
    const fields = [text('a'), text('b'), notes];
    expect(moveField(fields, 1, -1).map((field) => field.key)).toEqual(['b', 'a', 'notes']);
    expect(moveField(fields, 1, 1).map((field) => field.key)).toEqual(['a', 'notes', 'b']);
    expect(moveField(fields, 0, -1).map((field) => field.key)).toEqual(['a', 'b', 'notes']);
    expect(moveField(fields, 2, 1).map((field) => field.key)).toEqual(['a', 'b', 'notes']);
  });

  it('removes a field, never the default notes field', () => {
    expect(removeField([text('a'), notes], 0).map((field) => field.key)).toEqual(['notes']);
    expect(removeField([text('a'), notes], 1).map((field) => field.key)).toEqual(['a', 'notes']);
  });

  it('changes a label or type; the notes field stays a text area', () => {
    expect(updateField([text('a')], 0, { label: 'Dock', type: 'select' })[0]).toMatchObject({ label: 'Dock', type: 'select' });
    expect(updateField([notes], 0, { label: 'Site notes', type: 'text' })[0]).toMatchObject({ label: 'Site notes', type: 'textarea' });
  });

  it("adds ('New Option'), edits and removes select options", () => {
    let fields = updateField([text('a')], 0, { type: 'select' });
    fields = addOption(addOption(fields, 0), 0);
    expect(fields[0]!.options).toEqual(['New Option', 'New Option']);
    fields = updateOption(fields, 0, 1, 'Touring');
    expect(fields[0]!.options).toEqual(['New Option', 'Touring']);
    expect(removeOption(fields, 0, 0)[0]!.options).toEqual(['Touring']);
  });

  it("needs a label, and a non-empty option on a select field ('Add at least one option for select field')", () => {
    expect(fieldErrors({ ...text('a'), label: '  ' })).toEqual({ label: CARD_FIELD_LABEL_REQUIRED });
    expect(fieldErrors({ ...text('a'), type: 'select', options: [' '] })).toEqual({ options: SELECT_OPTION_REQUIRED });
    expect(fieldErrors({ ...text('a'), type: 'select', options: ['', 'Yes'] })).toEqual({});
    expect(fieldsAreValid([text('a'), notes])).toBe(true);
    expect(fieldsAreValid([{ ...text('a'), type: 'select' }])).toBe(false);
  });
});
