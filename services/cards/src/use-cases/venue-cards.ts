// A venue's data cards (spec §2 Data Cards screen, §4 'Template cards', §5 'Card fields', 'Adding cards'): the
// department's cards (templates added to it and venue-specific cards, §9 order), adding templates, custom cards,
// customising a template into a venue card, removing a template from the venue, soft delete, restore, purge,
// removal from a department and the deleted-cards list. Membership of a template in a venue department is its
// entry in that department's saved order (spec §3 department_card_order).
import { CARD_NOT_FOUND, CARD_PROTECTED, compareCards, SELECT_CARDS_REQUIRED } from '@venuebook/domain';
import type { DataCard, Department } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf, requireCallerPermission } from '@venuebook/service-kit';
import type { AuditRecorder, Locks } from '@venuebook/service-kit';
import { appendIds, positions, reorder, replaceId } from '../domain/card-order.ts';
import type { CardEvents, CardEventKind } from '../events/card.events.ts';
import { cardsOf } from '../read-model/card-read-model.ts';
import type { CardReadModel } from '../read-model/card-read-model.ts';
import type { CardRepository } from '../repositories/card.repository.ts';
import { cardContent, parseCardInput } from './card-input.ts';
import { cardLock } from './card-lock.ts';
import type { CardOrders } from './card-orders.ts';
import { CARDS_TABLE, requireDepartment } from './templates.ts';
import type { VenueDirectory } from '@venuebook/service-kit';

export const NOT_DELETED = 'Only a deleted card can be permanently deleted';
export const LAST_DEPARTMENT = 'A card keeps at least one department: delete it instead';
export const NOT_A_TEMPLATE = 'Not a template of this department';

/**
 * The field values of cards at a venue (venue_data), kept by the field-values use cases (field-values.ts): a
 * customised template's values move to its venue copy, a removed card's values are cleared (history kept); a
 * permanently deleted card's value versions and field notes are deleted at every venue (`purgeCardData`).
 */
export interface CardValueMoves {
  migrateValues(caller: Caller | null, venueId: string, fromCardId: string, toCardId: string): Promise<number>;
  clearValues(caller: Caller | null, venueId: string, cardId: string): Promise<number>;
}

export interface VenueCardDeps {
  repository: CardRepository;
  readModel: CardReadModel;
  orders: CardOrders;
  events: CardEvents;
  audit: AuditRecorder;
  locks: Locks;
  venues: VenueDirectory;
  values: CardValueMoves;
  /** Deletes a card's value versions and field notes at every venue (from the database; each replica's memory follows the card's removal). */
  purgeCardData(cardId: string): Promise<number>;
}

export function createVenueCardUseCases({ repository, readModel, orders, events, audit, locks, venues, values, purgeCardData }: VenueCardDeps) {
  const withCardLock = cardLock(locks);

  /** The department's cards at the venue by §9: its saved order's templates and its active venue cards. */
  function cardsOfDepartment(venueId: string, department: Department): DataCard[] {
    const saved = orders.idsOf(venueId, department);
    const order = positions(saved);
    const templates = saved.map((id) => readModel.get(id)?.card).filter((card): card is DataCard => !!card && card.isTemplate && !card.deletedAt);
    const own = cardsOf(readModel, venueId, (card) => !card.deletedAt && card.departments.includes(department));
    return [...templates, ...own].sort(compareCards((id) => order.get(id)));
  }

  async function record(
    caller: Caller,
    kind: CardEventKind,
    before: DataCard | null,
    after: DataCard,
    action = kind === 'created' ? 'create' : kind === 'updated' ? 'update' : kind === 'deleted' ? 'delete' : kind === 'restored' ? 'restore' : 'purge',
  ): Promise<void> {
    const context = auditContextOf(caller);
    await events.card(kind, after, context);
    if (kind === 'updated') await audit.recordUpdate({ action, table: CARDS_TABLE, recordId: after.id, before: before ?? {}, after }, context);
    else await audit.record({ action, table: CARDS_TABLE, recordId: after.id, oldValues: before, newValues: kind === 'purged' ? null : after }, context);
  }

  /** A venue card (not a template), read from the database under its lock; deleted ones only when `deleted` allows. */
  async function existingVenueCard(id: string, deleted: 'active' | 'deleted' | 'any' = 'active'): Promise<DataCard> {
    const card = await repository.getById(id);
    if (!card || card.isTemplate || !card.venueId) throw GrpcError.notFound(CARD_NOT_FOUND);
    if (deleted === 'active' && card.deletedAt) throw GrpcError.notFound(CARD_NOT_FOUND);
    if (deleted === 'deleted' && !card.deletedAt) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, NOT_DELETED);
    return card;
  }

  async function anyCard(id: string): Promise<DataCard> {
    const card = await repository.getById(id);
    if (!card) throw GrpcError.notFound(CARD_NOT_FOUND);
    return card;
  }

  async function write(id: string, changes: Parameters<CardRepository['update']>[1]): Promise<DataCard> {
    const written = await repository.update(id, changes);
    if (!written) throw GrpcError.notFound(CARD_NOT_FOUND);
    readModel.upsert({ id, card: written });
    return written;
  }

  const activeTemplate = (id: string): DataCard | undefined => {
    const card = readModel.get(id)?.card;
    return card && card.isTemplate && !card.deletedAt ? card : undefined;
  };

  return {
    cardsOfDepartment,

    async listVenueCards(caller: Caller, venueId: string, departmentName: string): Promise<DataCard[]> {
      const department = requireDepartment(departmentName);
      await venues.requireActive(caller, venueId);
      return cardsOfDepartment(venueId, department);
    },

    /** 'Added N card(s) to {department}': templates new to the department are appended to its order. */
    async addTemplates(caller: Caller, venueId: string, departmentName: string, templateIds: readonly string[]): Promise<{ cards: DataCard[]; added: number }> {
      const department = requireDepartment(departmentName);
      if (templateIds.length === 0) throw GrpcError.invalidArgument(SELECT_CARDS_REQUIRED, [{ field: 'templateIds', message: SELECT_CARDS_REQUIRED }]);
      const unknown = templateIds.findIndex((id) => !activeTemplate(id));
      if (unknown >= 0)
        throw GrpcError.invalidArgument('Unknown template', [{ field: `templateIds.${unknown}`, message: `${CARD_NOT_FOUND}: ${templateIds[unknown]}` }]);
      await venues.requireActive(caller, venueId);
      let added = 0;
      await orders.change(caller, venueId, department, (current) => {
        const next = appendIds(current, templateIds);
        added = next.length - current.length;
        return next;
      });
      return { cards: cardsOfDepartment(venueId, department), added };
    },

    /** A custom card of the venue in one department ('Card created successfully'). */
    async createVenueCard(caller: Caller, venueId: string, departmentName: string, raw: unknown): Promise<DataCard> {
      const department = requireDepartment(departmentName);
      const input = parseCardInput(raw);
      await venues.requireActive(caller, venueId);
      const card = await repository.create({
        ...cardContent(input, { departments: [department], primaryDepartment: department }),
        isTemplate: false,
        venueId,
        createdBy: caller.userId,
      });
      readModel.upsert({ id: card.id, card });
      await record(caller, 'created', null, card);
      return card;
    },

    /** Title, description and fields of a venue card; its departments stay (the owner department is set by customising). */
    async updateVenueCard(caller: Caller, id: string, raw: unknown): Promise<DataCard> {
      const input = parseCardInput(raw);
      const { before, after } = await withCardLock(id, async () => {
        const current = await existingVenueCard(id);
        // A deleted venue's cards are hidden from its editors: not theirs to change either (only restore brings them back).
        await venues.requireActive(caller, current.venueId!);
        const departments = input.primaryDepartment
          ? { departments: [input.primaryDepartment], primaryDepartment: input.primaryDepartment }
          : { departments: current.departments, primaryDepartment: current.primaryDepartment };
        return { before: current, after: await write(id, cardContent(input, departments)) };
      });
      await record(caller, 'updated', before, after);
      return after;
    },

    /**
     * Customising a template for a venue (spec §4): a venue card copied from it (with the user's changes) takes its
     * place in the department's order, then the venue's values of the template move to the copy.
     */
    async customizeTemplate(caller: Caller, venueId: string, departmentName: string, templateId: string, raw: unknown): Promise<DataCard> {
      const department = requireDepartment(departmentName);
      const template = activeTemplate(templateId) ?? (await repository.getById(templateId));
      if (!template || !template.isTemplate || template.deletedAt) throw GrpcError.notFound(CARD_NOT_FOUND);
      const input = raw === undefined ? undefined : parseCardInput(raw);
      await venues.requireActive(caller, venueId);
      const content = input
        ? cardContent(input, { departments: [department], primaryDepartment: department })
        : { title: template.title, description: template.description, departments: [department], primaryDepartment: department, fields: template.fields };
      const card = await repository.create({ ...content, isTemplate: false, venueId, templateId, createdBy: caller.userId });
      readModel.upsert({ id: card.id, card });
      await record(caller, 'created', null, card, 'customize');
      await orders.change(caller, venueId, department, (current) => replaceId(current, templateId, card.id));
      await values.migrateValues(caller, venueId, templateId, card.id);
      return card;
    },

    /** 'Card removed from venue': the template leaves the department's order and its values at the venue are cleared. */
    async removeTemplate(caller: Caller, venueId: string, departmentName: string, templateId: string): Promise<void> {
      const department = requireDepartment(departmentName);
      const template = readModel.get(templateId)?.card ?? (await repository.getById(templateId));
      if (!template || !template.isTemplate) throw GrpcError.notFound(CARD_NOT_FOUND);
      if (template.isSystemProtected) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, CARD_PROTECTED);
      await venues.requireActive(caller, venueId);
      if (!orders.idsOf(venueId, department).includes(templateId)) throw GrpcError.notFound(NOT_A_TEMPLATE);
      await orders.change(caller, venueId, department, (current) => current.filter((id) => id !== templateId));
      await values.clearValues(caller, venueId, templateId);
    },

    /** The Data Cards screen's drag reorder within one department (cross-department drags are not supported). */
    async saveVenueOrder(caller: Caller, venueId: string, departmentName: string, cardIds: readonly string[]): Promise<DataCard[]> {
      const department = requireDepartment(departmentName);
      await venues.requireActive(caller, venueId);
      const own = new Set(cardsOf(readModel, venueId, (card) => !card.deletedAt && card.departments.includes(department)).map((card) => card.id));
      await orders.change(caller, venueId, department, (current) => {
        const members = new Set(current);
        return reorder(current, cardIds, (id) => members.has(id) || own.has(id));
      });
      return cardsOfDepartment(venueId, department);
    },

    /** 'Card deleted': a venue card is soft-deleted (a template is removed from the venue instead). */
    async deleteVenueCard(caller: Caller, id: string): Promise<DataCard> {
      const { before, after } = await withCardLock(id, async () => {
        const current = await existingVenueCard(id);
        await venues.requireActive(caller, current.venueId!);
        if (current.isSystemProtected) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, CARD_PROTECTED);
        return { before: current, after: await write(id, { deletedAt: new Date() }) };
      });
      await record(caller, 'deleted', before, after);
      return after;
    },

    /** The card leaves one of its departments (spec rpc remove_card_from_department); its last one cannot go. */
    async removeFromDepartment(caller: Caller, id: string, departmentName: string): Promise<DataCard> {
      const department = requireDepartment(departmentName);
      const { before, after } = await withCardLock(id, async () => {
        const current = await anyCard(id);
        if (current.deletedAt) throw GrpcError.notFound(CARD_NOT_FOUND);
        // A master template's departments are the admins' (card.template.manage); a venue card's its editors' (card.edit):
        // decided on the card as the database has it, not on a read model that may be a moment behind.
        requireCallerPermission(caller, current.isTemplate ? 'card.template.manage' : 'card.edit');
        if (current.venueId) await venues.requireActive(caller, current.venueId);
        if (current.isSystemProtected) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, CARD_PROTECTED);
        if (!current.departments.includes(department)) return { before: current, after: current };
        const departments = current.departments.filter((each) => each !== department);
        if (departments.length === 0) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, LAST_DEPARTMENT);
        const primaryDepartment = current.primaryDepartment === department ? departments[0]! : current.primaryDepartment;
        return { before: current, after: await write(id, { departments, primaryDepartment }) };
      });
      if (before !== after) await record(caller, 'updated', before, after);
      return after;
    },

    /** 'Card restored': deletedAt cleared (templates and venue cards). */
    async restoreCard(caller: Caller, id: string): Promise<DataCard> {
      const { before, after } = await withCardLock(id, async () => {
        const current = await anyCard(id);
        if (!current.deletedAt) throw GrpcError.notFound(CARD_NOT_FOUND);
        return { before: current, after: await write(id, { deletedAt: null }) };
      });
      await record(caller, 'restored', before, after);
      return after;
    },

    /** 'Card permanently deleted': only a soft-deleted card; its values and notes go with it (a template's at every venue). */
    async purgeCard(caller: Caller, id: string): Promise<void> {
      const purged = await withCardLock(id, async () => {
        const current = await anyCard(id);
        if (!current.deletedAt) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, NOT_DELETED);
        if (current.isSystemProtected) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, CARD_PROTECTED);
        if (!(await repository.delete(id))) throw GrpcError.notFound(CARD_NOT_FOUND);
        await purgeCardData(id);
        readModel.remove(id);
        return current;
      });
      await record(caller, 'purged', purged, purged);
    },

    /** The Deleted Data Cards page: every soft-deleted card (templates and venue cards), newest deleted first. */
    listDeletedCards(): DataCard[] {
      return readModel.query({ tags: ['deleted'], sort: 'deleted', offset: 0, limit: Number.MAX_SAFE_INTEGER }).items.map((entry) => entry.card);
    },
  };
}

export type VenueCardUseCases = ReturnType<typeof createVenueCardUseCases>;
