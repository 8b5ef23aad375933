import { randomUUID } from 'node:crypto';
import type { ContactFields, ContactRecord } from '../domain/contact.ts';
import type { ContactDocument, ContactModel } from './contact.model.ts';
import type { VenueModel } from './venue.model.ts';

function iso(value: Date | string | null | undefined): string {
  if (value instanceof Date) return value.toISOString();
  return value ? new Date(value).toISOString() : '';
}

export function toContactRecord(doc: ContactDocument): ContactRecord {
  return {
    id: doc._id,
    venueId: doc.venueId,
    name: doc.name,
    title: doc.title,
    phone: doc.phone,
    email: doc.email,
    tag: doc.tag,
    isCurrentMainContact: doc.isCurrentMainContact,
    // Documents written before the field existed have none: not a former main contact.
    formerMainContact: doc.formerMainContact ?? false,
    createdBy: doc.createdBy,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
    deletedAt: doc.deletedAt ? iso(doc.deletedAt) : null,
  };
}

/**
 * Contacts in the database, every query by `_id` (by-venue lookups come from the read model; under a venue's
 * lock the venue document's mainContactId names the current main contact). FerretDB v1 rewrites a whole
 * document on each update: callers hold the venue's lock (`venue:<venueId>`) around every write here.
 */
export class ContactRepository {
  readonly #model: ContactModel;
  readonly #venues: VenueModel;

  constructor(model: ContactModel, venues: VenueModel) {
    this.#model = model;
    this.#venues = venues;
  }

  async create(
    venueId: string,
    fields: ContactFields,
    meta: { createdBy: string; isCurrentMainContact: boolean; id?: string; now?: Date },
  ): Promise<ContactRecord> {
    const now = meta.now ?? new Date();
    const doc = await this.#model.create({
      ...fields,
      _id: meta.id ?? randomUUID(),
      venueId,
      isCurrentMainContact: meta.isCurrentMainContact,
      createdBy: meta.createdBy,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    return toContactRecord(doc.toObject() as ContactDocument);
  }

  /** A contact by id whatever its state (active or soft-deleted), or null. */
  async findAny(id: string): Promise<ContactRecord | null> {
    const doc = await this.#model.findOne({ _id: id }).lean<ContactDocument>().exec();
    return doc ? toContactRecord(doc) : null;
  }

  /** Sets fields (and updatedAt); the contact as stored afterwards, null when it does not exist. */
  async set(
    id: string,
    fields: Partial<ContactFields> & { isCurrentMainContact?: boolean; formerMainContact?: boolean; deletedAt?: Date | null },
    now = new Date(),
  ): Promise<ContactRecord | null> {
    const doc = await this.#model
      .findOneAndUpdate({ _id: id }, { $set: { ...fields, updatedAt: now } }, { returnDocument: 'after', timestamps: false })
      .lean<ContactDocument>()
      .exec();
    return doc ? toContactRecord(doc) : null;
  }

  /** Removes a contact for good; false when it did not exist. */
  async purge(id: string): Promise<boolean> {
    const result = await this.#model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }

  /**
   * Ids of every contact of a venue (a venue being purged). The one query here that is not by `_id`: one
   * top-level equality, a full scan on FerretDB v1, only on a permanent venue deletion.
   */
  async idsOfVenue(venueId: string): Promise<string[]> {
    const docs = await this.#model.find({ venueId }).select('_id').lean<{ _id: string }[]>().exec();
    return docs.map((doc) => doc._id);
  }

  /** The venue's mainContactId ('' when none or the venue does not exist). `{_id}` alone. */
  async mainContactIdOf(venueId: string): Promise<string> {
    const doc = await this.#venues.findOne({ _id: venueId }).select('mainContactId').lean<{ mainContactId?: string }>().exec();
    return doc?.mainContactId ?? '';
  }

  /** Points the venue at its current main contact (under the venue's lock). */
  async setMainContactId(venueId: string, contactId: string): Promise<void> {
    await this.#venues.updateOne({ _id: venueId }, { $set: { mainContactId: contactId } }, { timestamps: false }).exec();
  }

  /** Writes the venue's copy of its main contact's fields (GetVenue and lists read it), under the venue's lock. */
  async setVenueContactCopy(venueId: string, contact: Pick<ContactFields, 'name' | 'title' | 'phone' | 'email'>): Promise<void> {
    await this.#venues
      .updateOne(
        { _id: venueId },
        { $set: { contactName: contact.name, contactTitle: contact.title, contactPhone: contact.phone, contactEmail: contact.email } },
        { timestamps: false },
      )
      .exec();
  }
}
