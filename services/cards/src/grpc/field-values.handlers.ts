import { cardFieldValueToProto, fieldSaveResultToProto, fieldValueInputsFromProto, fieldValueVersionToProto } from '@venuebook/contracts/codecs/field-values';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { CardsService } from '@venuebook/contracts/cards/v1';
import { requirePermission } from '@venuebook/service-kit';
import type { FieldValueUseCases } from '../use-cases/field-values.ts';

type FieldValueHandlers = Pick<
  ServiceHandlers<typeof CardsService>,
  'getCardValues' | 'listVenueValues' | 'saveCardValues' | 'getFieldHistory' | 'restoreFieldValue' | 'verifyFieldValue'
>;

/** The gRPC face of card field values: decode, check the permission, run the use case, encode. */
export function createFieldValueHandlers(useCases: FieldValueUseCases): FieldValueHandlers {
  return {
    async getCardValues(request, call) {
      const caller = requirePermission(call, 'venue.view');
      return { values: (await useCases.cardValues(caller, request.venueId, request.cardId)).map(cardFieldValueToProto) };
    },

    async listVenueValues(request, call) {
      const caller = requirePermission(call, 'venue.view');
      return { values: (await useCases.venueValues(caller, request.venueId)).map(cardFieldValueToProto) };
    },

    async saveCardValues(request, call) {
      const caller = requirePermission(call, 'card.data.save');
      const result = await useCases.saveCardValues(caller, request.venueId, request.cardId, {
        ...(request.department ? { department: request.department } : {}),
        values: fieldValueInputsFromProto(request.values),
      });
      return { results: result.results.map(fieldSaveResultToProto), conflicts: result.conflicts };
    },

    async getFieldHistory(request, call) {
      const caller = requirePermission(call, 'venue.view');
      const history = await useCases.fieldHistory(caller, request.venueId, request.cardId, request.fieldKey, {
        page: request.page,
        pageSize: request.pageSize,
      });
      return { items: history.items.map(fieldValueVersionToProto), total: history.total, page: history.page, pageSize: history.pageSize };
    },

    async restoreFieldValue(request, call) {
      const caller = requirePermission(call, 'card.data.save');
      const result = await useCases.restoreFieldValue(caller, request.venueId, request.cardId, request.fieldKey, {
        version: request.version,
        ...(request.baseVersion === undefined ? {} : { baseVersion: request.baseVersion }),
      });
      return { result: fieldSaveResultToProto(result) };
    },

    async verifyFieldValue(request, call) {
      const caller = requirePermission(call, 'card.data.save');
      const result = await useCases.verifyFieldValue(caller, request.venueId, request.cardId, request.fieldKey, {
        ...(request.source ? { source: request.source } : {}),
        ...(request.baseVersion === undefined ? {} : { baseVersion: request.baseVersion }),
      });
      return { result: fieldSaveResultToProto(result) };
    },
  };
}
