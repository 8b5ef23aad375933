// Proto ↔ domain mapping of field notes (field_notes.proto), shared by the cards service and the gateway.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { CleanFieldNotesResult, FieldNotes, FieldNotesSaveResult, NoteSaveKind, VenueNotes } from '@venuebook/domain';
import type {
  CleanFieldNotesResponse,
  CleanFieldNotesResponseSchema,
  FieldNoteLine,
  GetFieldNotesResponse,
  GetFieldNotesResponseSchema,
  ListVenueNotesResponse,
  ListVenueNotesResponseSchema,
  SaveFieldNotesResponse,
  SaveFieldNotesResponseSchema,
} from '@venuebook/contracts/cards/v1/field-notes';

const lineFromProto = ({ id, text, department, createdAt, createdBy }: FieldNoteLine) => ({ id, text, department, createdAt, createdBy });

export function fieldNotesToProto(notes: FieldNotes): MessageInitShape<typeof GetFieldNotesResponseSchema> {
  return { lines: notes.lines, text: notes.text };
}

export function fieldNotesFromProto(response: GetFieldNotesResponse): FieldNotes {
  return { lines: response.lines.map(lineFromProto), text: response.text };
}

export function fieldNotesSaveResultToProto(result: FieldNotesSaveResult): MessageInitShape<typeof SaveFieldNotesResponseSchema> {
  return { ...result, message: result.message ?? '' };
}

export function fieldNotesSaveResultFromProto(response: SaveFieldNotesResponse): FieldNotesSaveResult {
  return {
    lines: response.lines.map(lineFromProto),
    text: response.text,
    kind: response.kind as NoteSaveKind,
    added: response.added,
    removed: response.removed,
    othersAdded: response.othersAdded,
    message: response.message === '' ? null : response.message,
  };
}

export function cleanFieldNotesResultToProto(result: CleanFieldNotesResult): MessageInitShape<typeof CleanFieldNotesResponseSchema> {
  return result;
}

export function cleanFieldNotesResultFromProto(response: CleanFieldNotesResponse): CleanFieldNotesResult {
  return { removed: response.removed, message: response.message };
}

export function venueNotesToProto(notes: VenueNotes['notes']): MessageInitShape<typeof ListVenueNotesResponseSchema> {
  return { notes };
}

export function venueNotesFromProto(venueId: string, response: ListVenueNotesResponse): VenueNotes {
  return { venueId, notes: response.notes.map(({ cardId, fieldKey, text }) => ({ cardId, fieldKey, text })) };
}
