// Master data card templates (spec §2 Master Data Card Templates, §4 'Drag reorder', §9 'Card ordering'): the
// starting set seeded at first start, the department lists, create / update / delete, the department's order and
// a drag to another department (a new primary department).
import { CARD_NOT_FOUND, CARD_PROTECTED, compareCards, DEPARTMENTS, isDepartment } from '@venuebook/domain';
import type { DataCard, Department } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf, callerCan } from '@venuebook/service-kit';
import type { AuditRecorder, Locks, Logger } from '@venuebook/service-kit';
import { positions, reorder } from '../domain/card-order.ts';
import { SEED_TEMPLATES } from '../domain/seed-templates.ts';
import type { CardEvents } from '../events/card.events.ts';
import { cardsOf, TEMPLATES_GROUP } from '../read-model/card-read-model.ts';
import type { CardReadModel } from '../read-model/card-read-model.ts';
import type { CardRepository } from '../repositories/card.repository.ts';
import type { Model } from 'mongoose';
import type { CardSeedDocument } from '../repositories/card-order.model.ts';
import { cardContent, cardDepartments, parseCardInput } from './card-input.ts';
import { cardLock } from './card-lock.ts';
import type { CardOrders } from './card-orders.ts';
import type { VenueDirectory } from '@venuebook/service-kit';

/** The table audit entries name (spec §3 data_card). */
export const CARDS_TABLE = 'data_cards';
const SEED_MARK = 'templates-v1';

export interface TemplateDeps {
  repository: CardRepository;
  readModel: CardReadModel;
  orders: CardOrders;
  events: CardEvents;
  audit: AuditRecorder;
  locks: Locks;
  seeds: Model<CardSeedDocument>;
  logger: Logger;
  /** GetCard answers a venue card only while its venue is active. */
  venues: Pick<VenueDirectory, 'requireActive'>;
}

export function requireDepartment(value: string, field = 'department'): Department {
  if (!isDepartment(value)) throw GrpcError.invalidArgument('Invalid department', [{ field, message: `Unknown department: ${value}` }]);
  return value;
}

export function createTemplateUseCases({ repository, readModel, orders, events, audit, locks, seeds, logger, venues }: TemplateDeps) {
  const withCardLock = cardLock(locks);
  const activeTemplates = (filter: (card: DataCard) => boolean = () => true) => cardsOf(readModel, TEMPLATES_GROUP, (card) => !card.deletedAt && filter(card));

  /** A department's templates by §9 (general notes first, then the saved template order, then title). */
  function templatesOf(department: Department): DataCard[] {
    const order = positions(orders.idsOf(null, department));
    return activeTemplates((card) => card.departments.includes(department)).sort(compareCards((id) => order.get(id)));
  }

  /** An active template, read from the database (a replica's read model may lag). */
  async function existingTemplate(id: string): Promise<DataCard> {
    const card = await repository.getById(id);
    if (!card || !card.isTemplate || card.deletedAt) throw GrpcError.notFound(CARD_NOT_FOUND);
    return card;
  }

  async function changed(caller: Caller, kind: 'created' | 'updated' | 'deleted', before: DataCard | null, after: DataCard): Promise<void> {
    readModel.upsert({ id: after.id, card: after });
    const context = auditContextOf(caller);
    await events.card(kind, after, context);
    if (kind === 'created') await audit.record({ action: 'create', table: CARDS_TABLE, recordId: after.id, newValues: after }, context);
    else if (kind === 'deleted')
      await audit.record({ action: 'delete', table: CARDS_TABLE, recordId: after.id, oldValues: before, newValues: { deletedAt: after.deletedAt } }, context);
    else await audit.recordUpdate({ action: 'update', table: CARDS_TABLE, recordId: after.id, before: before ?? {}, after }, context);
  }

  return {
    templatesOf,

    /** The starting set (fixed ids, so replicas and restarts write the same documents); once per database. */
    async seed(): Promise<number> {
      if (await seeds.findOne({ _id: SEED_MARK }).lean().exec()) return 0;
      let created = 0;
      for (const template of SEED_TEMPLATES) {
        const card = await repository.createIfAbsent({ ...template, isTemplate: true, venueId: null, createdBy: '' });
        if (!card) continue;
        created += 1;
        readModel.upsert({ id: card.id, card });
        await events.card('created', card);
        await audit.record({ action: 'seed', table: CARDS_TABLE, recordId: card.id, newValues: card });
      }
      try {
        await seeds.create({ _id: SEED_MARK, at: new Date() });
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
      if (created > 0) logger.info({ created }, 'seeded the starting master templates');
      return created;
    },

    /** One department's templates, or (no department) every template by primary department, each by §9. */
    listTemplates(department: string): DataCard[] {
      if (department) return templatesOf(requireDepartment(department));
      return DEPARTMENTS.flatMap((each) => templatesOf(each).filter((card) => card.primaryDepartment === each));
    },

    /** A card by id; a deleted card, or a card of a deleted venue, only for callers with card.view_deleted ('Card not found'). */
    async getCard(caller: Caller, id: string): Promise<DataCard> {
      const card = readModel.get(id)?.card;
      if (!card) throw GrpcError.notFound(CARD_NOT_FOUND);
      if (callerCan(caller, 'card.view_deleted')) return card;
      if (card.deletedAt) throw GrpcError.notFound(CARD_NOT_FOUND);
      if (card.venueId) {
        await venues.requireActive(caller, card.venueId).catch((error: unknown) => {
          throw error instanceof GrpcError && error.code === GrpcStatus.NOT_FOUND ? GrpcError.notFound(CARD_NOT_FOUND) : error;
        });
      }
      return card;
    },

    async createTemplate(caller: Caller, raw: unknown): Promise<DataCard> {
      const input = parseCardInput(raw);
      const content = cardContent(input, cardDepartments(input));
      const card = await repository.create({ ...content, isTemplate: true, venueId: null, createdBy: caller.userId });
      await changed(caller, 'created', null, card);
      return card;
    },

    async updateTemplate(caller: Caller, id: string, raw: unknown): Promise<DataCard> {
      const input = parseCardInput(raw);
      const { before, after } = await withCardLock(id, async () => {
        const current = await existingTemplate(id);
        // A system-protected card keeps its departments (it cannot be moved); its title and fields may change.
        const departments = current.isSystemProtected
          ? { departments: current.departments, primaryDepartment: current.primaryDepartment }
          : cardDepartments(input.departments.length || input.primaryDepartment ? input : current);
        const written = await repository.update(id, cardContent(input, departments));
        if (!written) throw GrpcError.notFound(CARD_NOT_FOUND);
        return { before: current, after: written };
      });
      await changed(caller, 'updated', before, after);
      return after;
    },

    /** Soft delete (the Deleted Data Cards page restores or purges it); protected cards are refused. */
    async deleteTemplate(caller: Caller, id: string): Promise<DataCard> {
      const { before, after } = await withCardLock(id, async () => {
        const current = await existingTemplate(id);
        if (current.isSystemProtected) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, CARD_PROTECTED);
        const written = await repository.update(id, { deletedAt: new Date() });
        if (!written) throw GrpcError.notFound(CARD_NOT_FOUND);
        return { before: current, after: written };
      });
      await changed(caller, 'deleted', before, after);
      return after;
    },

    /** The department's new template order ('Template order updated'); ids that are not its templates are ignored. */
    async saveTemplateOrder(caller: Caller, departmentName: string, cardIds: readonly string[]): Promise<DataCard[]> {
      const department = requireDepartment(departmentName);
      const ofDepartment = new Set(templatesOf(department).map((card) => card.id));
      await orders.change(caller, null, department, (current) =>
        reorder(
          current.filter((id) => ofDepartment.has(id)),
          cardIds,
          (id) => ofDepartment.has(id),
        ),
      );
      return templatesOf(department);
    },

    /** A drag to another department on the master screen: the card's primary department becomes it ('Card moved to {department}'). */
    async moveTemplate(caller: Caller, id: string, departmentName: string): Promise<DataCard> {
      const department = requireDepartment(departmentName);
      const { before, after } = await withCardLock(id, async () => {
        const current = await existingTemplate(id);
        if (current.isSystemProtected) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, CARD_PROTECTED);
        if (current.primaryDepartment === department) return { before: current, after: current };
        const departments = [...new Set(current.departments.map((each) => (each === current.primaryDepartment ? department : each)))];
        const written = await repository.update(id, { primaryDepartment: department, departments });
        if (!written) throw GrpcError.notFound(CARD_NOT_FOUND);
        return { before: current, after: written };
      });
      if (before !== after) await changed(caller, 'updated', before, after);
      return after;
    },
  };
}

export type TemplateUseCases = ReturnType<typeof createTemplateUseCases>;
