import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { CARD_FIELD_TYPES, DEPARTMENTS } from '@venuebook/domain';
import type { CardField, Department } from '@venuebook/domain';
import { registeredModel } from '@venuebook/service-kit';

const cardFieldSchema = new Schema(
  {
    key: { type: String, required: true },
    label: { type: String, required: true },
    type: { type: String, enum: CARD_FIELD_TYPES, required: true },
    options: { type: [String], default: [] },
    required: { type: Boolean, default: false },
  },
  { _id: false },
);

/**
 * A data card (spec §3 data_card): a master template (isTemplate, venueId null) or a venue-specific card. Small
 * collection (templates: tens; venue cards: thousands): updated in place under the card's lock.
 */
export const cardSchema = new Schema(
  {
    _id: { type: String, default: () => randomUUID() },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    type: { type: String, default: 'custom' },
    departments: { type: [{ type: String, enum: DEPARTMENTS }], default: [] },
    primaryDepartment: { type: String, enum: DEPARTMENTS, required: true },
    isTemplate: { type: Boolean, default: false },
    venueId: { type: String, default: null },
    templateId: { type: String, default: null },
    fields: { type: [cardFieldSchema], default: [] },
    createdBy: { type: String, default: '' },
    deletedAt: { type: Date, default: null },
    isSystemProtected: { type: Boolean, default: false },
  },
  { collection: 'data_cards', timestamps: true, versionKey: false, strict: 'throw' },
);

// No secondary index: reads are by _id; lists (templates by department, a venue's cards, deleted cards) come from the
// read model (read-model/card-read-model.ts).

export interface CardDocument {
  _id: string;
  title: string;
  description: string;
  type: string;
  departments: Department[];
  primaryDepartment: Department;
  isTemplate: boolean;
  venueId: string | null;
  templateId: string | null;
  fields: CardField[];
  createdBy: string;
  deletedAt: Date | null;
  isSystemProtected: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type CardModel = Model<CardDocument>;

export function cardModel(connection: Connection): CardModel {
  return registeredModel<CardDocument>(connection, 'DataCard', cardSchema);
}
