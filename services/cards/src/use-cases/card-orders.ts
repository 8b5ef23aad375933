// Saving a department's card order as insert-only versions (design notes): a change reads the latest
// version (read model), computes the new list and inserts version latest+1; E11000 means another save (this or
// another replica) came first, so the change is applied again on top of that version, read by `_id`. Two
// concurrent saves thus serialize: both are stored, in turn, and neither loses the other's cards.
import { DEPARTMENTS } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder } from '@venuebook/service-kit';
import type { CardEvents } from '../events/card.events.ts';
import type { CardOrderReadModel } from '../read-model/card-order-read-model.ts';
import type { CardOrder, CardOrderRepository } from '../repositories/card-order.repository.ts';

export const ORDER_BUSY = 'Someone else is changing this order right now. Please try again.';
/** How many newer versions a change follows before it gives up (each is another save that came first). */
const MAX_ATTEMPTS = 25;

export interface CardOrderDeps {
  repository: CardOrderRepository;
  readModel: CardOrderReadModel;
  events: CardEvents;
  audit: AuditRecorder;
}

export interface CardOrders {
  /** The saved ids of a department (`venueId` null: the templates'); [] when never saved. */
  idsOf(venueId: string | null, department: string): string[];
  /** Applies `change` to the latest order and stores the result as the next version (nothing when unchanged). */
  change(caller: Caller, venueId: string | null, department: string, change: (current: readonly string[]) => string[]): Promise<string[]>;
  /**
   * Whether the department's latest order holds the card. When this replica's does not, the next few versions are read
   * by `_id` (another replica's change whose event has not come yet): at most NEWER_READS reads.
   */
  holds(venueId: string, department: string, cardId: string): Promise<boolean>;
}

/** How many versions newer than this replica knows `holds` reads before it answers no. */
const NEWER_READS = 3;

/**
 * Whether a template is added to a venue: in the saved order of `department`, or of any department when none is named
 * (from memory; on a miss, one department's newer versions are read by `_id`: `department`, else the template's primary).
 * Writes to a template's values or notes need it (removed or customised away: no).
 */
export async function isTemplateAddedToVenue(
  orders: Pick<CardOrders, 'idsOf' | 'holds'>,
  venueId: string,
  template: { id: string; primaryDepartment: string },
  department?: string,
): Promise<boolean> {
  const departments: readonly string[] = department ? [department] : DEPARTMENTS;
  if (departments.some((each) => orders.idsOf(venueId, each).includes(template.id))) return true;
  return orders.holds(venueId, department ?? template.primaryDepartment, template.id);
}

const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, index) => id === b[index]);

export function createCardOrders({ repository, readModel, events, audit }: CardOrderDeps): CardOrders {
  return {
    idsOf: (venueId, department) => readModel.latest(venueId, department)?.cardIds ?? [],

    async holds(venueId, department, cardId) {
      let latest = readModel.latest(venueId, department);
      if (latest?.cardIds.includes(cardId)) return true;
      for (let read = 0; read < NEWER_READS; read += 1) {
        const newer = await repository.getVersion(venueId, department, (latest?.version ?? 0) + 1);
        if (!newer) return false;
        readModel.upsert(newer);
        latest = newer;
        if (newer.cardIds.includes(cardId)) return true;
      }
      return false;
    },

    async change(caller, venueId, department, change) {
      const latest = readModel.latest(venueId, department);
      let version = latest?.version ?? 0;
      let current: readonly string[] = latest?.cardIds ?? [];
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const next = change(current);
        if (same(next, current)) return [...current];
        const saved: CardOrder | null = await repository.insertVersion(venueId, department, version + 1, next, caller.userId);
        if (saved) {
          readModel.upsert(saved);
          const context = auditContextOf(caller);
          await events.orderSaved(saved, context);
          await audit.record(
            {
              action: 'reorder',
              table: venueId ? 'department_card_order' : 'template_card_order',
              recordId: saved.id,
              oldValues: { venueId, department, cardIds: current },
              newValues: { venueId, department, cardIds: next },
            },
            context,
          );
          return next;
        }
        // Another save took this version: apply the change on top of it.
        version += 1;
        const newer = await repository.getVersion(venueId, department, version);
        if (newer) current = newer.cardIds;
      }
      throw new GrpcError(GrpcStatus.ABORTED, ORDER_BUSY);
    },
  };
}
