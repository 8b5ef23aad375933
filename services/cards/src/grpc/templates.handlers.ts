import type { CardsService } from '@venuebook/contracts/cards/v1';
import { cardInputFromProto, dataCardToProto } from '@venuebook/contracts/codecs/cards';
import type { ServiceHandlers } from '@venuebook/grpc';
import { requirePermission } from '@venuebook/service-kit';
import type { TemplateUseCases } from '../use-cases/templates.ts';

type TemplateHandlers = Pick<
  ServiceHandlers<typeof CardsService>,
  'listTemplates' | 'createTemplate' | 'updateTemplate' | 'deleteTemplate' | 'saveTemplateOrder' | 'moveTemplate' | 'getCard'
>;

/** The gRPC face of master templates: decode, check the permission, run the use case, encode. */
export function createTemplateHandlers(useCases: TemplateUseCases): TemplateHandlers {
  return {
    async listTemplates(request, call) {
      requirePermission(call, 'venue.view');
      return { cards: useCases.listTemplates(request.department).map(dataCardToProto) };
    },

    async getCard(request, call) {
      const caller = requirePermission(call, 'venue.view');
      return { card: dataCardToProto(await useCases.getCard(caller, request.id)) };
    },

    async createTemplate(request, call) {
      const caller = requirePermission(call, 'card.template.manage');
      return { card: dataCardToProto(await useCases.createTemplate(caller, cardInputFromProto(request.card))) };
    },

    async updateTemplate(request, call) {
      const caller = requirePermission(call, 'card.template.manage');
      return { card: dataCardToProto(await useCases.updateTemplate(caller, request.id, cardInputFromProto(request.card))) };
    },

    async deleteTemplate(request, call) {
      const caller = requirePermission(call, 'card.template.manage');
      return { card: dataCardToProto(await useCases.deleteTemplate(caller, request.id)) };
    },

    async saveTemplateOrder(request, call) {
      const caller = requirePermission(call, 'card.template.manage');
      return { cards: (await useCases.saveTemplateOrder(caller, request.department, request.cardIds)).map(dataCardToProto) };
    },

    async moveTemplate(request, call) {
      const caller = requirePermission(call, 'card.template.manage');
      return { card: dataCardToProto(await useCases.moveTemplate(caller, request.id, request.department)) };
    },
  };
}
