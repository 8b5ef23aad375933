import { randomUUID } from 'node:crypto';
import type { VenueEvent, VenueEventInputParsed } from '@venuebook/domain';
import type { VenueEventDocument, VenueEventModel } from './venue-event.model.ts';

/** The fields of an event document the service hands out (and the read model keeps). */
export type VenueEventSource = Pick<VenueEventDocument, '_id' | 'venueId' | 'name' | 'eventDate' | 'description' | 'createdBy' | 'createdAt' | 'updatedAt'>;

export function toVenueEventRecord(doc: VenueEventSource): VenueEvent {
  return {
    id: doc._id,
    venueId: doc.venueId,
    name: doc.name,
    eventDate: doc.eventDate ?? null,
    description: doc.description ?? '',
    createdBy: doc.createdBy ?? '',
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}

/** Venue events in the database: every query is by `_id` (lists come from the read model). */
export class VenueEventRepository {
  readonly #model: VenueEventModel;

  constructor(model: VenueEventModel) {
    this.#model = model;
  }

  async create(venueId: string, fields: VenueEventInputParsed, meta: { createdBy: string; now?: Date }): Promise<VenueEvent> {
    const now = meta.now ?? new Date();
    const doc = await this.#model.create({ _id: randomUUID(), venueId, ...fields, createdBy: meta.createdBy, createdAt: now, updatedAt: now });
    return toVenueEventRecord(doc.toObject() as VenueEventDocument);
  }

  async getById(id: string): Promise<VenueEvent | null> {
    const doc = await this.#model.findOne({ _id: id }).lean<VenueEventDocument>().exec();
    return doc ? toVenueEventRecord(doc) : null;
  }

  /** Replaces the editable fields (callers hold the event's lock); null when it does not exist. */
  async update(id: string, fields: VenueEventInputParsed, now = new Date()): Promise<VenueEvent | null> {
    const doc = await this.#model
      .findOneAndUpdate(
        { _id: id },
        { $set: { name: fields.name, eventDate: fields.eventDate, description: fields.description, updatedAt: now } },
        { returnDocument: 'after', timestamps: false },
      )
      .lean<VenueEventDocument>()
      .exec();
    return doc ? toVenueEventRecord(doc) : null;
  }

  /** Hard delete; whether a document was deleted. */
  async delete(id: string): Promise<boolean> {
    const result = await this.#model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }
}
