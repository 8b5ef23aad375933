import { orderDocumentId } from '../domain/card-order.ts';
import type { CardOrderDocument, CardOrderModel } from './card-order.model.ts';

/** A saved order version as the service uses it. */
export interface CardOrder {
  id: string;
  venueId: string | null;
  department: string;
  version: number;
  cardIds: string[];
  savedBy: string;
  savedAt: string;
}

export function toCardOrder(doc: CardOrderDocument): CardOrder {
  return {
    id: doc._id,
    venueId: doc.venueId ?? null,
    department: doc.department,
    version: doc.version,
    cardIds: [...(doc.cardIds ?? [])],
    savedBy: doc.savedBy ?? '',
    savedAt: new Date(doc.savedAt).toISOString(),
  };
}

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

/** Order versions in the database: inserts and reads by `_id` only. */
export class CardOrderRepository {
  readonly #model: CardOrderModel;

  constructor(model: CardOrderModel) {
    this.#model = model;
  }

  /** Inserts version `version`; null when it exists already (another save came first). */
  async insertVersion(
    venueId: string | null,
    department: string,
    version: number,
    cardIds: string[],
    savedBy: string,
    now = new Date(),
  ): Promise<CardOrder | null> {
    const _id = orderDocumentId(venueId, department, version);
    try {
      const doc = await this.#model.create({ _id, venueId, department, version, cardIds, savedBy, savedAt: now });
      return toCardOrder(doc.toObject() as CardOrderDocument);
    } catch (error) {
      if (isDuplicateKey(error)) return null;
      throw error;
    }
  }

  async getVersion(venueId: string | null, department: string, version: number): Promise<CardOrder | null> {
    const doc = await this.#model
      .findOne({ _id: orderDocumentId(venueId, department, version) })
      .lean<CardOrderDocument>()
      .exec();
    return doc ? toCardOrder(doc) : null;
  }
}
