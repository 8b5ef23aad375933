import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { DEPARTMENTS } from '@venuebook/domain';
import { registeredModel } from '@venuebook/service-kit';

/**
 * One saved version of a department's card order (spec §3 department_card_order, template_card_order): insert-only.
 * `_id` = order:<venueId|template>:<department>:<version>; a save inserts version latest+1, and the unique `_id`
 * is the compare-and-set (E11000 = another save came first: re-read it and apply the change on top). Nothing
 * updates or deletes an order document (an update by `_id` scans the collection on FerretDB: 70,000 order lists
 * at company scale).
 */
export const cardOrderSchema = new Schema(
  {
    _id: { type: String, required: true },
    venueId: { type: String, default: null },
    department: { type: String, enum: DEPARTMENTS, required: true },
    version: { type: Number, required: true },
    cardIds: { type: [String], default: [] },
    savedBy: { type: String, default: '' },
    savedAt: { type: Date, required: true },
  },
  { collection: 'card_orders', versionKey: false, strict: 'throw' },
);

export interface CardOrderDocument {
  _id: string;
  venueId: string | null;
  department: string;
  version: number;
  cardIds: string[];
  savedBy: string;
  savedAt: Date;
}

export type CardOrderModel = Model<CardOrderDocument>;

export function cardOrderModel(connection: Connection): CardOrderModel {
  return registeredModel<CardOrderDocument>(connection, 'CardOrder', cardOrderSchema);
}

/** Marks what was seeded (`_id` e.g. 'templates-v1'), written once after the seed's inserts. */
export const cardSeedSchema = new Schema(
  { _id: { type: String, required: true }, at: { type: Date, required: true } },
  { collection: 'card_seeds', versionKey: false, strict: 'throw' },
);

export interface CardSeedDocument {
  _id: string;
  at: Date;
}

export function cardSeedModel(connection: Connection): Model<CardSeedDocument> {
  return registeredModel<CardSeedDocument>(connection, 'CardSeed', cardSeedSchema);
}
