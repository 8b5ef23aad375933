import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, InferSchemaType, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

const text = { type: String, default: '' } as const;

/** A venue contact (spec §3). The venue's current main contact has isCurrentMainContact true (exactly one per venue). */
export const contactSchema = new Schema(
  {
    _id: { type: String, default: () => randomUUID() },
    venueId: { type: String, required: true },
    name: { type: String, required: true },
    title: text,
    phone: text,
    email: text,
    tag: text,
    isCurrentMainContact: { type: Boolean, default: false },
    /** Set when the main-contact rule unflagged it (spec §4: kept as a former contact); false otherwise. */
    formerMainContact: { type: Boolean, default: false },
    createdBy: text,
    /** null while active; set on soft delete. */
    deletedAt: { type: Date, default: null },
  },
  { collection: 'contacts', timestamps: true, versionKey: false, strict: 'throw' },
);

// No secondary index: reads are by _id; lists, by-venue lookups, search and tags come from the read model
// (read-model/contact-read-model.ts).

export type ContactDocument = InferSchemaType<typeof contactSchema> & { _id: string; createdAt: Date; updatedAt: Date };
export type ContactModel = Model<ContactDocument>;

/** The Contact model bound to a service connection. */
export function contactModel(connection: Connection): ContactModel {
  return registeredModel<ContactDocument>(connection, 'Contact', contactSchema);
}
