import { cleanFieldNotesResultToProto, fieldNotesSaveResultToProto, fieldNotesToProto, venueNotesToProto } from '@venuebook/contracts/codecs/field-notes';
import { FIELD_NOTES_NO_PERMISSION } from '@venuebook/domain';
import type { Action } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { CardsService } from '@venuebook/contracts/cards/v1';
import { requirePermission } from '@venuebook/service-kit';
import type { FieldNoteUseCases } from '../use-cases/field-notes.ts';

type FieldNoteHandlers = Pick<ServiceHandlers<typeof CardsService>, 'getFieldNotes' | 'saveFieldNotes' | 'cleanFieldNotes' | 'listVenueNotes'>;

/** requirePermission with the spec §5 text for a venue's notes ('You do not have permission to modify data for this venue'). */
function requireVenueWrite(call: Parameters<typeof requirePermission>[0], action: Action) {
  try {
    return requirePermission(call, action);
  } catch (error) {
    if (error instanceof GrpcError && error.code === GrpcStatus.PERMISSION_DENIED) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, FIELD_NOTES_NO_PERMISSION);
    throw error;
  }
}

/** The gRPC face of field notes: decode, check the permission, run the use case, encode. */
export function createFieldNoteHandlers(useCases: FieldNoteUseCases): FieldNoteHandlers {
  return {
    async getFieldNotes(request, call) {
      const caller = requirePermission(call, 'venue.view');
      return fieldNotesToProto(await useCases.notes(caller, request.venueId, request.cardId, request.fieldKey, request.department || undefined));
    },

    async listVenueNotes(request, call) {
      const caller = requirePermission(call, 'venue.view');
      return venueNotesToProto(await useCases.venueNotes(caller, request.venueId));
    },

    async saveFieldNotes(request, call) {
      const caller = requireVenueWrite(call, 'card.data.save');
      const { venueId, cardId, fieldKey, department, baseText, text } = request;
      return fieldNotesSaveResultToProto(await useCases.save(caller, { venueId, cardId, fieldKey, ...(department ? { department } : {}), baseText, text }));
    },

    async cleanFieldNotes(request, call) {
      const caller = requireVenueWrite(call, 'venue.clean_field_notes');
      return cleanFieldNotesResultToProto(await useCases.clean(caller, request.venueId));
    },
  };
}
