import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor } from '@venuebook/contracts/events';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { VenueRecord } from '../domain/venue.ts';

type EventContext = { actor?: Actor; requestId?: string };

/** The venues service's domain events. None throws: a failed publish is logged. */
export interface VenueEvents {
  /** venuebook.venues.venue.created.v1 */
  venueCreated(venue: VenueRecord, context?: EventContext): Promise<void>;
  /** venuebook.venues.venue.updated.v1 (with the names of the changed fields), and venue.renamed.v1 when the name changed. */
  venueUpdated(before: VenueRecord, after: VenueRecord, changedFields: readonly string[], context?: EventContext): Promise<void>;
  /** venuebook.venues.venue.deleted.v1 (soft delete) */
  venueDeleted(venue: VenueRecord, context?: EventContext): Promise<void>;
  /** venuebook.venues.venue.restored.v1 */
  venueRestored(venue: VenueRecord, context?: EventContext): Promise<void>;
  /** venuebook.venues.venue.purged.v1 (permanent delete) */
  venuePurged(venue: VenueRecord, context?: EventContext): Promise<void>;
  /** venuebook.venues.venue.activity_changed.v1 (activityAt moved forward, e.g. by its card data) */
  venueActivityChanged(venue: VenueRecord, context?: EventContext): Promise<void>;
  /** venuebook.venues.venue.drive_folder_set.v1 (the Drive sync worker recorded the venue's folder) */
  venueDriveFolderSet(venue: VenueRecord, context?: EventContext): Promise<void>;
}

/** `origin`: the read model's (its own events are then not read again, see the kit's ReadModel). */
export function createVenueEvents(js: JetStreamClient, logger: Logger, options: { publishTimeoutMs?: number; origin?: string } = {}): VenueEvents {
  const events = createEventPublisher(js, logger, options);
  return {
    async venueCreated(venue, context = {}) {
      await events.publish(SUBJECTS.venueCreated, { venueId: venue.id, name: venue.name, leagues: venue.leagues }, context);
    },
    async venueUpdated(before, after, changedFields, context = {}) {
      await events.publish(SUBJECTS.venueUpdated, { venueId: after.id, name: after.name, changedFields: [...changedFields] }, context);
      if (before.name !== after.name) await events.publish(SUBJECTS.venueRenamed, { venueId: after.id, name: after.name, previousName: before.name }, context);
    },
    async venueDeleted(venue, context = {}) {
      await events.publish(SUBJECTS.venueDeleted, { venueId: venue.id, name: venue.name }, context);
    },
    async venueRestored(venue, context = {}) {
      await events.publish(SUBJECTS.venueRestored, { venueId: venue.id, name: venue.name }, context);
    },
    async venuePurged(venue, context = {}) {
      await events.publish(SUBJECTS.venuePurged, { venueId: venue.id, name: venue.name }, context);
    },
    async venueActivityChanged(venue, context = {}) {
      await events.publish(SUBJECTS.venueActivityChanged, { venueId: venue.id, activityAt: venue.activityAt }, context);
    },
    async venueDriveFolderSet(venue, context = {}) {
      await events.publish(SUBJECTS.venueDriveFolderSet, { venueId: venue.id, folderId: venue.googleDriveFolderId }, context);
    },
  };
}
