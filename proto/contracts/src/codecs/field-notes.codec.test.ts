import { create } from '@bufbuild/protobuf';
import { CleanFieldNotesResponseSchema, GetFieldNotesResponseSchema, SaveFieldNotesResponseSchema } from '@venuebook/contracts/cards/v1/field-notes';
import { describe, expect, it } from 'vitest';
import { fieldNotesSaveResultSchema } from '@venuebook/domain';
import type { FieldNotesSaveResult } from '@venuebook/domain';
import {
  cleanFieldNotesResultFromProto,
  cleanFieldNotesResultToProto,
  fieldNotesFromProto,
  fieldNotesSaveResultFromProto,
  fieldNotesSaveResultToProto,
  fieldNotesToProto,
} from './field-notes.codec.ts';

const line = { id: 'l1', text: 'Dock on the left', department: 'IT', createdAt: '2026-11-23T20:00:00.000Z', createdBy: 'editor@example.com' };

describe('field notes codec', () => {
  it('round-trips notes, a save answer (no message: null) and a clean answer', () => {
    expect(fieldNotesFromProto(create(GetFieldNotesResponseSchema, fieldNotesToProto({ lines: [line], text: line.text })))).toEqual({
      lines: [line],
      text: line.text,
    });
    const saved: FieldNotesSaveResult = { lines: [line], text: line.text, kind: 'append', added: 1, removed: 0, othersAdded: 0, message: null };
    const back = fieldNotesSaveResultFromProto(create(SaveFieldNotesResponseSchema, fieldNotesSaveResultToProto(saved)));
    expect(back).toEqual(saved);
    expect(fieldNotesSaveResultSchema.parse(back)).toEqual(saved);
    const merged = { ...saved, kind: 'merge' as const, othersAdded: 3, message: 'Merged your 1 new lines with 3 lines added by others' };
    expect(fieldNotesSaveResultFromProto(create(SaveFieldNotesResponseSchema, fieldNotesSaveResultToProto(merged)))).toEqual(merged);
    const cleaned = { removed: 4, message: 'Successfully cleaned up old field note data' };
    expect(cleanFieldNotesResultFromProto(create(CleanFieldNotesResponseSchema, cleanFieldNotesResultToProto(cleaned)))).toEqual(cleaned);
  });
});
