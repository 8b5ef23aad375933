import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Connection, InferSchemaType, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/** A venue's event (spec §3 'event': a show or production at the venue); hard-deleted. */
export const venueEventSchema = new Schema(
  {
    _id: { type: String, default: () => randomUUID() },
    venueId: { type: String, required: true },
    name: { type: String, required: true },
    /** 'YYYY-MM-DD', or null when the event has no date. */
    eventDate: { type: String, default: null },
    description: { type: String, default: '' },
    createdBy: { type: String, default: '' },
  },
  {
    collection: 'venue_events',
    timestamps: true,
    versionKey: false,
    strict: 'throw',
  },
);

// No secondary index: reads are by _id; per-venue lists, the all-events list, search and sorts come from the
// read model (read-model/venue-event-read-model.ts).

export type VenueEventDocument = InferSchemaType<typeof venueEventSchema> & { _id: string; createdAt: Date; updatedAt: Date };
export type VenueEventModel = Model<VenueEventDocument>;

/** The VenueEvent model bound to a service connection. */
export function venueEventModel(connection: Connection): VenueEventModel {
  return registeredModel<VenueEventDocument>(connection, 'VenueEvent', venueEventSchema);
}
