// The HTTP contract of field notes (spec §3 venue_field_notes, §4 and §5 'Field notes save', §9 merge heuristic):
// shared by the gateway (bodies, answers, OpenAPI) and the cards service (which re-validates). A save sends the text
// the user started from (`baseText`, the `text` of GET …/notes/{fieldKey}) and the text it has now; the service
// stores one line per row and answers how it understood the save (append, edit of the last line, replace or merge).
import { z } from 'zod';
import { FIELD_NOTES_MAX_LENGTH, FIELD_NOTES_MAX_LINES, NOTE_SAVE_KINDS } from './card-rules.ts';
import { departmentSchema } from '../shared/enums.schema.ts';
import { fieldKeySchema } from './field-values.schema.ts';

const notesText = (description: string) =>
  z
    .string()
    .max(FIELD_NOTES_MAX_LENGTH, `Notes must be at most ${FIELD_NOTES_MAX_LENGTH} characters`)
    .refine((text) => text.split('\n').length <= FIELD_NOTES_MAX_LINES, `Notes must have at most ${FIELD_NOTES_MAX_LINES} lines`)
    .describe(description);

export const fieldNotesQuerySchema = z.object({
  department: departmentSchema.optional().describe('Only the lines saved for this department (all when absent)'),
});

export const saveFieldNotesBodySchema = z
  .object({
    department: departmentSchema.describe('The department the notes are saved from (required)'),
    baseText: notesText('The notes as the user opened them (the `text` of GET …/notes/{fieldKey}; empty for none)').default(''),
    text: notesText('The notes now, one line per note line'),
  })
  .meta({ id: 'SaveFieldNotes', description: 'A field notes save' });
export type SaveFieldNotesBody = z.infer<typeof saveFieldNotesBodySchema>;

/** What the service re-validates (the ids come from the path). */
export const saveFieldNotesRequestSchema = saveFieldNotesBodySchema.extend({ venueId: z.string().min(1), cardId: z.string().min(1), fieldKey: fieldKeySchema });
export type SaveFieldNotesRequest = z.infer<typeof saveFieldNotesRequestSchema>;

export const fieldNoteLineSchema = z
  .object({
    id: z.string(),
    text: z.string().describe('text_line'),
    department: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    createdBy: z.string().describe("The saving user's email"),
  })
  .meta({ id: 'FieldNoteLine' });
export type FieldNoteLine = z.infer<typeof fieldNoteLineSchema>;

export const fieldNotesSchema = z
  .object({
    lines: z.array(fieldNoteLineSchema),
    text: z.string().describe('The lines joined by newlines (the baseText of the next save)'),
  })
  .meta({ id: 'FieldNotes' });
export type FieldNotes = z.infer<typeof fieldNotesSchema>;

export const fieldNotesSaveResultSchema = fieldNotesSchema
  .extend({
    kind: z.enum(NOTE_SAVE_KINDS).describe('How the save was understood (spec §4)'),
    added: z.number().int().describe('Lines inserted'),
    removed: z.number().int().describe('Lines soft-deleted'),
    othersAdded: z.number().int().describe('Lines others added since baseText (kept)'),
    message: z.string().nullable().describe("'Merged your N new lines with M lines added by others' for a merge with others' lines"),
  })
  .meta({ id: 'FieldNotesSaveResult' });
export type FieldNotesSaveResult = z.infer<typeof fieldNotesSaveResultSchema>;

export const venueNotesSchema = z
  .object({
    venueId: z.string(),
    notes: z.array(
      z.object({ cardId: z.string(), fieldKey: z.string(), text: z.string().describe("The field's current lines of every department, joined by newlines") }),
    ),
  })
  .meta({ id: 'VenueNotes', description: "The current text of every notes field of a venue's cards that has lines" });
export type VenueNotes = z.infer<typeof venueNotesSchema>;

export const cleanFieldNotesResultSchema = z
  .object({ removed: z.number().int().describe('Soft-deleted lines removed for good (with their delete records)'), message: z.string() })
  .meta({ id: 'CleanFieldNotesResult' });
export type CleanFieldNotesResult = z.infer<typeof cleanFieldNotesResultSchema>;
