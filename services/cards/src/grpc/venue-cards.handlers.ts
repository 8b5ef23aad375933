import type { CardsService } from '@venuebook/contracts/cards/v1';
import { cardInputFromProto, dataCardToProto } from '@venuebook/contracts/codecs/cards';
import type { ServiceHandlers } from '@venuebook/grpc';
import { requirePermission } from '@venuebook/service-kit';
import type { VenueCardUseCases } from '../use-cases/venue-cards.ts';

type VenueCardHandlers = Pick<
  ServiceHandlers<typeof CardsService>,
  | 'listVenueCards'
  | 'addTemplatesToVenue'
  | 'createVenueCard'
  | 'updateVenueCard'
  | 'customizeTemplate'
  | 'removeTemplateFromVenue'
  | 'saveVenueCardOrder'
  | 'deleteVenueCard'
  | 'removeCardFromDepartment'
  | 'restoreCard'
  | 'purgeCard'
  | 'listDeletedCards'
>;

/** The gRPC face of a venue's cards and deleted cards: decode, check the permission, run the use case, encode. */
export function createVenueCardHandlers(useCases: VenueCardUseCases): VenueCardHandlers {
  return {
    async listVenueCards(request, call) {
      const caller = requirePermission(call, 'venue.view');
      return { cards: (await useCases.listVenueCards(caller, request.venueId, request.department)).map(dataCardToProto) };
    },

    async addTemplatesToVenue(request, call) {
      const caller = requirePermission(call, 'card.create');
      const { cards, added } = await useCases.addTemplates(caller, request.venueId, request.department, request.templateIds);
      return { cards: cards.map(dataCardToProto), added };
    },

    async createVenueCard(request, call) {
      const caller = requirePermission(call, 'card.create');
      return { card: dataCardToProto(await useCases.createVenueCard(caller, request.venueId, request.department, cardInputFromProto(request.card))) };
    },

    async updateVenueCard(request, call) {
      const caller = requirePermission(call, 'card.edit');
      return { card: dataCardToProto(await useCases.updateVenueCard(caller, request.id, cardInputFromProto(request.card))) };
    },

    async customizeTemplate(request, call) {
      const caller = requirePermission(call, 'card.edit');
      return {
        card: dataCardToProto(
          await useCases.customizeTemplate(caller, request.venueId, request.department, request.templateId, cardInputFromProto(request.card)),
        ),
      };
    },

    async removeTemplateFromVenue(request, call) {
      const caller = requirePermission(call, 'card.delete');
      await useCases.removeTemplate(caller, request.venueId, request.department, request.templateId);
      return {};
    },

    async saveVenueCardOrder(request, call) {
      const caller = requirePermission(call, 'card.edit');
      return { cards: (await useCases.saveVenueOrder(caller, request.venueId, request.department, request.cardIds)).map(dataCardToProto) };
    },

    async deleteVenueCard(request, call) {
      const caller = requirePermission(call, 'card.delete');
      return { card: dataCardToProto(await useCases.deleteVenueCard(caller, request.id)) };
    },

    async removeCardFromDepartment(request, call) {
      // card.edit at least; a master template's departments need card.template.manage, checked by the use case on the card it reads.
      const caller = requirePermission(call, 'card.edit');
      return { card: dataCardToProto(await useCases.removeFromDepartment(caller, request.id, request.department)) };
    },

    async restoreCard(request, call) {
      const caller = requirePermission(call, 'card.restore');
      return { card: dataCardToProto(await useCases.restoreCard(caller, request.id)) };
    },

    async purgeCard(request, call) {
      const caller = requirePermission(call, 'card.purge');
      await useCases.purgeCard(caller, request.id);
      return {};
    },

    async listDeletedCards(_request, call) {
      requirePermission(call, 'card.view_deleted');
      return { cards: useCases.listDeletedCards().map(dataCardToProto) };
    },
  };
}
