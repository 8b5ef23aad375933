import type { DuplicateCheckResult, ListDeletedVenuesResult } from '@venuebook/domain';
import { GrpcError } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder, Locks } from '@venuebook/service-kit';
import {
  isVenueId,
  validateDeletedListRequest,
  validateDuplicateCheck,
  validateListRequest,
  validateVenueInput,
  VENUE_INPUT_FIELDS,
} from '../domain/venue-rules.ts';
import type { RawListRequest } from '../domain/venue-rules.ts';
import type { VenueListResult, VenueRecord } from '../domain/venue.ts';
import type { VenueEvents } from '../events/venue.events.ts';
import type { VenueCache } from '../read-model/venue-cache.ts';
import { deletedVenueEntry, listDeletedFromReadModel } from '../read-model/deleted-venue-read-model.ts';
import type { DeletedVenueReadModel } from '../read-model/deleted-venue-read-model.ts';
import { checkDuplicates } from '../read-model/duplicate-check.ts';
import { listFromReadModel, venueListEntry } from '../read-model/venue-read-model.ts';
import type { VenueReadModel } from '../read-model/venue-read-model.ts';
import type { VenueRepository } from '../repositories/venue.repository.ts';
import type { MainContacts } from './main-contact.ts';
import { venueLock } from './venue-lock.ts';

export const VENUE_NOT_FOUND = 'Venue not found';
export const DELETED_VENUE_NOT_FOUND = 'Deleted venue not found';

function requireVenueId(id: string): void {
  if (!id) throw GrpcError.invalidArgument('Invalid request', [{ field: 'id', message: 'Venue id is required' }]);
}

function eventContextOf(caller: Caller) {
  return { actor: { userId: caller.userId, email: caller.email }, requestId: caller.requestId };
}

/**
 * Removes what belongs to a venue being purged (e.g. its contacts, its events), registered with `onPurge`.
 * Runs before the venue document goes, while the venue's lock `venue:<id>` is held (a hook must not take that
 * lock); a hook that throws stops the purge (the venue stays deleted, a retry runs every hook again, so hooks
 * must be idempotent).
 */
export type VenuePurgeHook = (venueId: string, caller: Caller) => Promise<void>;

/** The user-editable fields of a stored venue (what a partial edit, e.g. the links editor, keeps as they are). */
function editableFieldsOf(venue: VenueRecord): Record<string, unknown> {
  return Object.fromEntries(VENUE_INPUT_FIELDS.map((field) => [field, venue[field]]));
}

/** The user-editable fields whose value differs between two versions of a venue. */
export function changedFields(before: VenueRecord, after: VenueRecord): string[] {
  return VENUE_INPUT_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

export interface VenueDeps {
  repository: VenueRepository;
  events: VenueEvents;
  /** The audit log (the kit's recorder): every mutation records itself after it is stored. */
  audit: AuditRecorder;
  /** The in-memory list of venues (lists and search); each write here updates it at once. */
  readModel: VenueReadModel;
  /**
   * GetVenue's cache of whole venues, dropped by every change of `readModel` (without it: a database read each
   * time); a venue this instance writes is kept as stored (a newer write by a replica drops it when its event
   * arrives, and one that landed first makes the read model read this write's event again, which drops it too).
   */
  venueCache?: VenueCache;
  /** Locks across replicas (the kit's): every write to one venue document holds `venue:<id>`. */
  locks: Locks;
  /** The in-memory list of soft-deleted venues (the deleted-venues page); delete, restore and purge update it at once. */
  deletedVenues: DeletedVenueReadModel;
  /** The venue's main contact, kept by createVenue and updateVenue from the contact fields (main-contact.ts). */
  mainContacts?: MainContacts;
}

/** The use cases of the venues service. The gRPC handlers have checked the caller's permission. */
export function createVenueUseCases({ repository, events, audit, readModel, venueCache, locks, deletedVenues, mainContacts }: VenueDeps) {
  const purgeHooks: VenuePurgeHook[] = [];

  const withVenueLock = venueLock(locks);

  /** An active venue as just stored by this instance: into the lists and the point-read cache at once. */
  function remember(venue: VenueRecord): void {
    readModel.upsert(venueListEntry(venue));
    venueCache?.set(venue.id, venue);
  }

  return {
    /** Validates and normalises the input (spec §5), stores the venue and publishes venue.created. */
    async createVenue(caller: Caller, input: unknown): Promise<VenueRecord> {
      const validated = validateVenueInput(input);
      if (!validated.ok) throw GrpcError.invalidArgument('Invalid venue', validated.fieldErrors);
      // A contact name creates the venue's main contact (main-contact.ts).
      const plan = mainContacts ? await mainContacts.prepare(null, validated.value) : null;
      const venue = await repository.create(plan?.fields ?? validated.value, { createdBy: caller.userId });
      await plan?.apply(caller, venue.id);
      remember(venue);
      await events.venueCreated(venue, eventContextOf(caller));
      await audit.record({ action: 'create', table: 'venues', recordId: venue.id, newValues: venue }, auditContextOf(caller));
      return venue;
    },

    /** An active venue (from the point-read cache, else by `_id`); NOT_FOUND for an unknown, malformed or deleted id. */
    async getVenue(id: string): Promise<VenueRecord> {
      requireVenueId(id);
      const venue = isVenueId(id) ? await (venueCache ? venueCache.get(id) : repository.getById(id)) : null;
      if (!venue) throw GrpcError.notFound(VENUE_NOT_FOUND);
      return venue;
    },

    /** Replaces the editable fields of an active venue (spec §5 rules); venue.updated (+ venue.renamed) and the audit log. */
    async updateVenue(caller: Caller, id: string, input: unknown): Promise<VenueRecord> {
      requireVenueId(id);
      const validated = validateVenueInput(input);
      if (!validated.ok) throw GrpcError.invalidArgument('Invalid venue', validated.fieldErrors);
      // The read model and the cache take the write while the lock is held: two writes to one venue apply in order.
      const result = isVenueId(id)
        ? await withVenueLock(id, async () => {
            // The main contact follows the contact fields (spec §5 name-change rule, main-contact.ts).
            const plan = mainContacts ? await mainContacts.prepare(id, validated.value) : null;
            const written = await repository.update(id, plan?.fields ?? validated.value);
            if (written) await plan?.apply(caller, id);
            if (written) remember(written.after);
            return written;
          })
        : null;
      if (!result) throw GrpcError.notFound(VENUE_NOT_FOUND);
      const { before, after } = result;
      const changed = changedFields(before, after);
      await events.venueUpdated(before, after, changed, eventContextOf(caller));
      await audit.record({ action: 'update', table: 'venues', recordId: id, oldValues: before, newValues: after }, auditContextOf(caller));
      return after;
    },

    /** Soft delete: the venue leaves every list and read at once; venue.deleted and the audit log. */
    async deleteVenue(caller: Caller, id: string): Promise<VenueRecord> {
      requireVenueId(id);
      if (!isVenueId(id)) throw GrpcError.notFound(VENUE_NOT_FOUND);
      const { existing, deleted } = await withVenueLock(id, async () => {
        const current = await repository.getById(id);
        const written = current ? await repository.setDeleted(id, new Date()) : null;
        if (written) readModel.remove(id);
        if (written) deletedVenues.upsert(deletedVenueEntry(written));
        return { existing: current, deleted: written };
      });
      if (!existing || !deleted) throw GrpcError.notFound(VENUE_NOT_FOUND);
      await events.venueDeleted(deleted, eventContextOf(caller));
      await audit.record({ action: 'delete', table: 'venues', recordId: id, oldValues: existing, newValues: deleted }, auditContextOf(caller));
      return deleted;
    },

    /** Restores a soft-deleted venue (NOT_FOUND when there is no deleted venue with this id); venue.restored and the audit log. */
    async restoreVenue(caller: Caller, id: string): Promise<VenueRecord> {
      requireVenueId(id);
      if (!isVenueId(id)) throw GrpcError.notFound(DELETED_VENUE_NOT_FOUND);
      const { existing, restored } = await withVenueLock(id, async () => {
        const current = await repository.findAny(id);
        const written = current?.deletedAt ? await repository.setDeleted(id, null) : null;
        if (written) remember(written);
        if (written) deletedVenues.remove(id);
        return { existing: current, restored: written };
      });
      if (!existing || !restored) throw GrpcError.notFound(DELETED_VENUE_NOT_FOUND);
      await events.venueRestored(restored, eventContextOf(caller));
      await audit.record({ action: 'restore', table: 'venues', recordId: id, oldValues: existing, newValues: restored }, auditContextOf(caller));
      return restored;
    },

    /**
     * Raises the venue's activityAt (the 'Updated' sort) to `at` when later, e.g. when its card data changed (the cards
     * service's venue_data.updated). Idempotent: an older or equal time, or an unknown venue, changes nothing (false). A
     * deleted venue keeps the time for its restore. Publishes venue.activity_changed (replicas re-read the venue).
     */
    async recordVenueActivity(venueId: string, at: Date): Promise<boolean> {
      if (!isVenueId(venueId)) return false;
      const raised = await withVenueLock(venueId, async () => {
        const current = await repository.findAny(venueId);
        if (!current || new Date(current.activityAt).getTime() >= at.getTime()) return null;
        if (!(await repository.recordActivity(venueId, at))) return null;
        const stored = await repository.findAny(venueId);
        if (stored && !stored.deletedAt) remember(stored);
        return stored;
      });
      if (raised) await events.venueActivityChanged(raised);
      return !!raised;
    },

    /**
     * Records the venue's Google Drive folder (the Drive sync worker made or found it; deleted venues too, their
     * folder stays until a purge). Unchanged: nothing written. venue.drive_folder_set (replicas re-read the venue).
     */
    async setDriveFolder(caller: Caller, venueId: string, folderId: string): Promise<void> {
      if (!isVenueId(venueId)) throw GrpcError.notFound(VENUE_NOT_FOUND);
      if (!folderId || folderId.length > 200) throw GrpcError.invalidArgument('Invalid folder id');
      const stored = await withVenueLock(venueId, async () => {
        const current = await repository.findAny(venueId);
        if (!current) throw GrpcError.notFound(VENUE_NOT_FOUND);
        if (current.googleDriveFolderId === folderId) return null;
        if (!(await repository.setDriveFolder(venueId, folderId))) throw GrpcError.notFound(VENUE_NOT_FOUND);
        const written = await repository.findAny(venueId);
        if (written && !written.deletedAt) remember(written);
        return written;
      });
      if (stored) await events.venueDriveFolderSet(stored, eventContextOf(caller));
    },

    /** One page of active venues from the read model: search, league filter, sort (defaults applied). */
    listVenues(request: RawListRequest): VenueListResult {
      const query = validateListRequest(request);
      if (!query.ok) throw GrpcError.invalidArgument('Invalid request', query.fieldErrors);
      return listFromReadModel(readModel, query.value);
    },

    /**
     * Spec §5 duplicate check, from the read model: active venues sharing a league with the name (OTE, OT7, OTX
     * and OT Select when none is given), except `excludeId`, scored by domain/duplicate-names.ts.
     */
    checkDuplicates(raw: unknown): DuplicateCheckResult {
      const request = validateDuplicateCheck(raw);
      if (!request.ok) throw GrpcError.invalidArgument('Invalid request', request.fieldErrors);
      return checkDuplicates(readModel, request.value);
    },

    /**
     * Links editor (spec §5): replaces the links of an active venue with the venue rules (rows missing text or
     * URL dropped, 'https://' added, 'Invalid URL: …'); venue.updated and the audit log, as an update.
     */
    async updateVenueLinks(caller: Caller, id: string, links: unknown): Promise<VenueRecord> {
      requireVenueId(id);
      const result = isVenueId(id)
        ? await withVenueLock(id, async () => {
            const current = await repository.getById(id);
            if (!current) return null;
            const validated = validateVenueInput({ ...editableFieldsOf(current), links });
            if (!validated.ok) throw GrpcError.invalidArgument('Invalid links', validated.fieldErrors);
            const written = await repository.update(id, validated.value);
            if (written) remember(written.after);
            return written;
          })
        : null;
      if (!result) throw GrpcError.notFound(VENUE_NOT_FOUND);
      const { before, after } = result;
      await events.venueUpdated(before, after, changedFields(before, after), eventContextOf(caller));
      await audit.record({ action: 'update', table: 'venues', recordId: id, oldValues: before, newValues: after }, auditContextOf(caller));
      return after;
    },

    /** One page of soft-deleted venues, newest deleted first, from the deleted-venues read model. */
    listDeletedVenues(raw: unknown): ListDeletedVenuesResult {
      const query = validateDeletedListRequest(raw);
      if (!query.ok) throw GrpcError.invalidArgument('Invalid request', query.fieldErrors);
      return listDeletedFromReadModel(deletedVenues, query.value);
    },

    /**
     * Permanent delete of a soft-deleted venue (NOT_FOUND for an active or unknown one): the purge hooks remove
     * what belongs to it, then the document goes; venue.purged and the audit log ('permanent_delete').
     */
    async purgeVenue(caller: Caller, id: string): Promise<VenueRecord> {
      requireVenueId(id);
      if (!isVenueId(id)) throw GrpcError.notFound(DELETED_VENUE_NOT_FOUND);
      const purged = await withVenueLock(id, async () => {
        const current = await repository.findAny(id);
        if (!current?.deletedAt) return null;
        for (const hook of purgeHooks) await hook(id, caller);
        await repository.purge(id);
        deletedVenues.remove(id);
        return current;
      });
      if (!purged) throw GrpcError.notFound(DELETED_VENUE_NOT_FOUND);
      await events.venuePurged(purged, eventContextOf(caller));
      await audit.record({ action: 'permanent_delete', table: 'venues', recordId: id, oldValues: purged, newValues: null }, auditContextOf(caller));
      return purged;
    },

    /** Registers a purge hook (see VenuePurgeHook), e.g. in main.ts; returns a function that removes it. */
    onPurge(hook: VenuePurgeHook): () => void {
      purgeHooks.push(hook);
      return () => {
        const at = purgeHooks.indexOf(hook);
        if (at >= 0) purgeHooks.splice(at, 1);
      };
    },
  };
}

export type VenueUseCases = ReturnType<typeof createVenueUseCases>;
