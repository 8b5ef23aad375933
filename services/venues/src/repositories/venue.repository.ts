import { randomUUID } from 'node:crypto';
import { nameKey, venueSummaryOf } from '@venuebook/domain';
import type { VenueFields, VenueRecord, VenueSummaryRecord } from '../domain/venue.ts';
import type { VenueDocument, VenueModel } from './venue.model.ts';

type LeanVenue = VenueDocument;

/** Fields matched by the home-list search (spec §5). */
export const SEARCH_FIELDS = ['name', 'address', 'country', 'displayCityAs'] as const;

function iso(value: Date | string | null | undefined): string {
  if (value instanceof Date) return value.toISOString();
  return value ? new Date(value).toISOString() : '';
}

export function toVenueRecord(doc: LeanVenue): VenueRecord {
  return {
    id: doc._id,
    name: doc.name,
    country: doc.country,
    address: doc.address,
    displayCityAs: doc.displayCityAs,
    deliveryAddress: doc.deliveryAddress,
    deliveryNotes: doc.deliveryNotes,
    website: doc.website,
    leagues: [...doc.leagues] as VenueRecord['leagues'],
    venueTypes: [...doc.venueTypes] as VenueRecord['venueTypes'],
    links: doc.links.map((link) => ({ displayText: link.displayText, url: link.url })),
    generalNotes: doc.generalNotes,
    contactName: doc.contactName,
    contactTitle: doc.contactTitle,
    contactPhone: doc.contactPhone,
    contactEmail: doc.contactEmail,
    createdBy: doc.createdBy,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
    deletedAt: doc.deletedAt ? iso(doc.deletedAt) : null,
    googleDriveFolderId: doc.googleDriveFolderId,
    activityAt: iso(doc.activityAt),
  };
}

/** The stored fields a list summary is made of (a list reads these only, never the notes or links). */
export const SUMMARY_FIELDS = [
  'name',
  'address',
  'country',
  'displayCityAs',
  'website',
  'leagues',
  'venueTypes',
  'createdAt',
  'updatedAt',
  'activityAt',
] as const;

type SummarySource = Pick<LeanVenue, '_id' | (typeof SUMMARY_FIELDS)[number]>;

export function toVenueSummary(doc: SummarySource): VenueSummaryRecord {
  return venueSummaryOf({
    id: doc._id,
    name: doc.name,
    displayCityAs: doc.displayCityAs,
    address: doc.address,
    country: doc.country,
    website: doc.website,
    leagues: [...doc.leagues] as VenueRecord['leagues'],
    venueTypes: [...doc.venueTypes] as VenueRecord['venueTypes'],
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
    activityAt: iso(doc.activityAt),
  });
}

export class VenueRepository {
  readonly #model: VenueModel;

  constructor(model: VenueModel) {
    this.#model = model;
  }

  async create(fields: VenueFields, meta: { createdBy: string; id?: string; now?: Date }): Promise<VenueRecord> {
    const now = meta.now ?? new Date();
    const doc = await this.#model.create({
      ...fields,
      _id: meta.id ?? randomUUID(),
      nameKey: nameKey(fields.name),
      createdBy: meta.createdBy,
      activityAt: now,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    return toVenueRecord(doc.toObject() as LeanVenue);
  }

  /**
   * An active venue by id, or null when it does not exist or is deleted. The query is `{_id}` alone, the one
   * filter FerretDB v1 pushes down (with `deletedAt: null` beside it every read scans the collection:
   * docs/decisions/0002-read-models-instead-of-database-queries.md); the deletion is checked here.
   */
  async getById(id: string): Promise<VenueRecord | null> {
    const doc = await this.#model.findOne({ _id: id }).lean<LeanVenue>().exec();
    return doc && !doc.deletedAt ? toVenueRecord(doc) : null;
  }

  /** A venue by id whatever its state (active or soft-deleted), or null. `{_id}` alone. */
  async findAny(id: string): Promise<VenueRecord | null> {
    const doc = await this.#model.findOne({ _id: id }).lean<LeanVenue>().exec();
    return doc ? toVenueRecord(doc) : null;
  }

  /**
   * Replaces the user-editable fields of an active venue (updatedAt now, activityAt moved forward to now).
   * Null when it does not exist or is deleted. The filter is `{_id}` alone; the deletion is checked in code.
   * FerretDB v1 rewrites the whole document on every update, so two concurrent writes to one venue can lose
   * one: callers hold the venue's lock (the use cases' `venue:<id>`) around every write here.
   */
  async update(id: string, fields: VenueFields, now = new Date()): Promise<{ before: VenueRecord; after: VenueRecord } | null> {
    const before = await this.#model.findOne({ _id: id }).lean<LeanVenue>().exec();
    if (!before || before.deletedAt) return null;
    const after = await this.#model
      .findOneAndUpdate(
        { _id: id },
        { $set: { ...fields, nameKey: nameKey(fields.name), updatedAt: now }, $max: { activityAt: now } },
        { new: true, timestamps: false },
      )
      .lean<LeanVenue>()
      .exec();
    if (!after || after.deletedAt) return null;
    return { before: toVenueRecord(before), after: toVenueRecord(after) };
  }

  /** Sets or clears deletedAt (soft delete / restore); returns the venue as stored afterwards, null when it does not exist. */
  async setDeleted(id: string, deletedAt: Date | null): Promise<VenueRecord | null> {
    const doc = await this.#model.findOneAndUpdate({ _id: id }, { $set: { deletedAt } }, { new: true, timestamps: false }).lean<LeanVenue>().exec();
    return doc ? toVenueRecord(doc) : null;
  }

  /** Removes a venue document for good (permanent delete; the caller holds its lock). False when there was none. `{_id}` alone. */
  async purge(id: string): Promise<boolean> {
    const result = await this.#model.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }

  /** (Callers hold the venue's lock.) Records the venue's Google Drive folder; false when the venue does not exist. `{_id}` alone. */
  async setDriveFolder(id: string, folderId: string): Promise<boolean> {
    const result = await this.#model.updateOne({ _id: id }, { $set: { googleDriveFolderId: folderId } }, { timestamps: false }).exec();
    return result.matchedCount > 0;
  }

  /**
   * (Callers hold the venue's lock, as for every write here.) Moves activityAt forward to `at` (never backwards), e.g. when the venue's data cards change.
   * Returns false when the venue does not exist.
   */
  async recordActivity(id: string, at: Date): Promise<boolean> {
    const result = await this.#model.updateOne({ _id: id }, { $max: { activityAt: at } }, { timestamps: false }).exec();
    return result.matchedCount > 0;
  }
}
