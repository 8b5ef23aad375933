import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, InferSchemaType, Model } from 'mongoose';
import { DEFAULT_COUNTRY, nameKey } from '@venuebook/domain';
import { registeredModel } from '@venuebook/service-kit';

const linkSchema = new Schema(
  {
    displayText: { type: String, required: true },
    url: { type: String, required: true },
  },
  { _id: false },
);

const text = { type: String, default: '' } as const;

/** A venue (spec §3). Legacy main-contact fields live on the venue as in the original data. */
export const venueSchema = new Schema(
  {
    _id: { type: String, default: () => randomUUID() },
    name: { type: String, required: true },
    /** Precomputed case-insensitive sort key (FerretDB v1 has no collation and no $toLower). */
    nameKey: { type: String, required: true },
    country: { type: String, default: DEFAULT_COUNTRY },
    address: text,
    displayCityAs: text,
    deliveryAddress: text,
    deliveryNotes: text,
    website: text,
    leagues: { type: [String], default: [] },
    venueTypes: { type: [String], default: [] },
    links: { type: [linkSchema], default: [] },
    generalNotes: text,
    contactName: text,
    contactTitle: text,
    contactPhone: text,
    contactEmail: text,
    createdBy: text,
    googleDriveFolderId: text,
    /** Id of the venue's current main contact (contacts collection) ('' when none); written under the venue's lock. */
    mainContactId: text,
    /** Latest of updatedAt and the venue's data-card updates; drives the 'Updated' sort. */
    activityAt: { type: Date, required: true, default: () => new Date() },
    /** null while active; set on soft delete. */
    deletedAt: { type: Date, default: null },
  },
  {
    collection: 'venues',
    timestamps: true,
    versionKey: false,
    strict: 'throw',
  },
);

venueSchema.pre('validate', function setNameKey() {
  if (typeof this.name === 'string') this.nameKey = nameKey(this.name);
});

// No secondary index: every query is by _id (lists, sorts, counts, search and the league filter come from the
// read model, read-model/venue-read-model.ts), so an index would only cost writes. The list-path indexes
// ({deletedAt, createdAt}, {deletedAt, activityAt}, {deletedAt, nameKey}, {leagues}) are no longer declared.

export type VenueDocument = InferSchemaType<typeof venueSchema> & { _id: string; createdAt: Date; updatedAt: Date };
export type VenueModel = Model<VenueDocument>;

/** The Venue model bound to a service connection (one database per service). */
export function venueModel(connection: Connection): VenueModel {
  return registeredModel<VenueDocument>(connection, 'Venue', venueSchema);
}
