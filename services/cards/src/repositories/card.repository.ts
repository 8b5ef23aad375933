import { randomUUID } from 'node:crypto';
import type { CardField, DataCard, Department } from '@venuebook/domain';
import type { CardDocument, CardModel } from './card.model.ts';

export type CardSource = CardDocument;

export function toCardRecord(doc: CardSource): DataCard {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description ?? '',
    type: doc.type ?? 'custom',
    departments: [...(doc.departments ?? [])],
    primaryDepartment: doc.primaryDepartment,
    isTemplate: !!doc.isTemplate,
    venueId: doc.venueId ?? null,
    templateId: doc.templateId ?? null,
    fields: (doc.fields ?? []).map((field) => ({
      key: field.key,
      label: field.label,
      type: field.type,
      options: [...(field.options ?? [])],
      required: !!field.required,
    })),
    createdBy: doc.createdBy ?? '',
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
    deletedAt: doc.deletedAt ? new Date(doc.deletedAt).toISOString() : null,
    isSystemProtected: !!doc.isSystemProtected,
  };
}

/** What a new card is made of. */
export interface NewCard {
  id?: string;
  title: string;
  description: string;
  departments: Department[];
  primaryDepartment: Department;
  isTemplate: boolean;
  venueId: string | null;
  templateId?: string | null;
  fields: CardField[];
  createdBy: string;
  isSystemProtected?: boolean;
}

/** The fields an update replaces. */
export type CardChanges = Partial<Pick<CardDocument, 'title' | 'description' | 'departments' | 'primaryDepartment' | 'fields' | 'deletedAt'>>;

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

/** Data cards in the database: every query is by `_id` (lists come from the read model). */
export class CardRepository {
  readonly #model: CardModel;

  constructor(model: CardModel) {
    this.#model = model;
  }

  async create(card: NewCard, now = new Date()): Promise<DataCard> {
    const doc = await this.#model.create({
      ...card,
      _id: card.id ?? randomUUID(),
      templateId: card.templateId ?? null,
      isSystemProtected: card.isSystemProtected ?? false,
      createdAt: now,
      updatedAt: now,
    });
    return toCardRecord(doc.toObject() as CardDocument);
  }

  /** Inserts the card unless its id exists (seeding); whether it was inserted. */
  async createIfAbsent(card: NewCard & { id: string }, now = new Date()): Promise<DataCard | null> {
    try {
      return await this.create(card, now);
    } catch (error) {
      if (isDuplicateKey(error)) return null;
      throw error;
    }
  }

  async getById(id: string): Promise<DataCard | null> {
    const doc = await this.#model.findOne({ _id: id }).lean<CardDocument>().exec();
    return doc ? toCardRecord(doc) : null;
  }

  /** Sets the fields (callers hold `card:<id>`); null when the card does not exist. */
  async update(id: string, changes: CardChanges, now = new Date()): Promise<DataCard | null> {
    const doc = await this.#model
      .findOneAndUpdate({ _id: id }, { $set: { ...changes, updatedAt: now } }, { returnDocument: 'after', timestamps: false })
      .lean<CardDocument>()
      .exec();
    return doc ? toCardRecord(doc) : null;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.#model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }
}
