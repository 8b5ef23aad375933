// Venue events (spec §3 'event': a show or production at a venue; §5 'Event name'; §7 'Events'): create,
// update, hard delete, the venue's events by date and the all-events list with venue names.
import { listEventsQuerySchema, listVenueEventsQuerySchema, toFieldErrors, venueEventInputSchema } from '@venuebook/domain';
import type { ListEventsQuery, ListEventsResult, ListVenueEventsResult, VenueEvent, VenueEventInputParsed } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder, Locks } from '@venuebook/service-kit';
import { isVenueId } from '../domain/venue-rules.ts';
import type { Validated } from '../domain/venue-rules.ts';
import type { VenueEventEvents } from '../events/venue-event.events.ts';
import type { VenueEventLists } from '../read-model/venue-event-read-model.ts';
import type { VenueReadModel } from '../read-model/venue-read-model.ts';
import type { VenueEventRepository } from '../repositories/event.repository.ts';
import type { VenueRepository } from '../repositories/venue.repository.ts';
import { VENUE_NOT_FOUND } from './venues.ts';
import { venueLock } from './venue-lock.ts';

export const EVENT_NOT_FOUND = 'Event not found';
export const EVENT_BUSY = 'Someone else is changing this event right now. Please try again.';

/** The table audit entries name (spec §3 'event'). */
const AUDIT_TABLE = 'events';

export interface VenueEventDeps {
  repository: VenueEventRepository;
  /** Venues by `_id` (a venue another replica created a moment ago may not be in `venues` yet). */
  venueRepository: Pick<VenueRepository, 'getById'>;
  /** The active venues (the venues read model). */
  venues: Pick<VenueReadModel, 'get'>;
  lists: VenueEventLists;
  events: VenueEventEvents;
  audit: AuditRecorder;
  /** Every write to one event holds `event:<id>` (FerretDB v1 updates are read-modify-write). */
  locks: Locks;
}

/** The request of a list as it comes over gRPC (0 = default). */
export interface RawVenueEventsRequest {
  page: number;
  pageSize: number;
}

export interface RawEventsRequest extends RawVenueEventsRequest {
  query: string;
  leagues: readonly string[];
  sort: ListEventsQuery['sort'] | undefined;
  from: string;
  to: string;
}

function validated<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof toFieldErrors>[0] }): Validated<T> {
  return result.success ? { ok: true, value: result.data } : { ok: false, fieldErrors: toFieldErrors(result.error) };
}

/** The shared rules (spec §5): name required and trimmed, date a real calendar day or none, description optional. */
export function validateVenueEventInput(raw: unknown): Validated<VenueEventInputParsed> {
  return validated(venueEventInputSchema.safeParse(raw));
}

const unset = (value: number) => (value === 0 ? undefined : value);

function eventContextOf(caller: Caller) {
  return { actor: { userId: caller.userId, email: caller.email }, requestId: caller.requestId };
}

export function createVenueEventUseCases({ repository, venueRepository, venues, lists, events, audit, locks }: VenueEventDeps) {
  const readModel = lists.readModel;
  const withVenueLock = venueLock(locks);

  /** Whether the venue is active: the read model, else its document (`{_id}`) for one this replica has not heard of yet. */
  async function venueIsActive(venueId: string): Promise<boolean> {
    if (!isVenueId(venueId)) return false;
    return !!venues.get(venueId) || !!(await venueRepository.getById(venueId));
  }

  async function withEventLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const done = await locks.withLock(`event:${id}`, work);
    if (!done) throw new GrpcError(GrpcStatus.ABORTED, EVENT_BUSY);
    return done.value;
  }

  function requireInput(input: unknown): VenueEventInputParsed {
    const result = validateVenueEventInput(input);
    if (!result.ok) throw GrpcError.invalidArgument('Invalid event', result.fieldErrors);
    return result.value;
  }

  /** The event as stored, when it exists and its venue is active (a deleted venue's events cannot be changed). */
  async function existing(id: string): Promise<VenueEvent> {
    const event = isVenueId(id) ? await repository.getById(id) : null;
    if (!event || !(await venueIsActive(event.venueId))) throw GrpcError.notFound(EVENT_NOT_FOUND);
    return event;
  }

  return {
    async createEvent(caller: Caller, venueId: string, input: unknown): Promise<VenueEvent> {
      const fields = requireInput(input);
      // Under the venue's lock, the venue read from the database: a purge (which holds the lock) either ran before and
      // the venue is gone, or runs after and takes this event with it; a replica's read model may lag behind a purge.
      const event = await withVenueLock(venueId, async () => {
        if (!isVenueId(venueId) || !(await venueRepository.getById(venueId))) throw GrpcError.notFound(VENUE_NOT_FOUND);
        const created = await repository.create(venueId, fields, { createdBy: caller.userId });
        readModel.upsert(lists.entryOf(created));
        return created;
      });
      await events.created(event, eventContextOf(caller));
      await audit.record({ action: 'create', table: AUDIT_TABLE, recordId: event.id, newValues: event }, auditContextOf(caller));
      return event;
    },

    async updateEvent(caller: Caller, id: string, input: unknown): Promise<VenueEvent> {
      const fields = requireInput(input);
      const { before, after } = await withEventLock(id, async () => {
        const current = await existing(id);
        const written = await repository.update(id, fields);
        if (!written) throw GrpcError.notFound(EVENT_NOT_FOUND);
        readModel.upsert(lists.entryOf(written));
        return { before: current, after: written };
      });
      await events.updated(after, eventContextOf(caller));
      await audit.record({ action: 'update', table: AUDIT_TABLE, recordId: id, oldValues: before, newValues: after }, auditContextOf(caller));
      return after;
    },

    /** Hard delete (spec §7 'delete by id'). */
    async deleteEvent(caller: Caller, id: string): Promise<VenueEvent> {
      const deleted = await withEventLock(id, async () => {
        const current = await existing(id);
        if (!(await repository.delete(id))) throw GrpcError.notFound(EVENT_NOT_FOUND);
        readModel.remove(id);
        return current;
      });
      await events.deleted(deleted, eventContextOf(caller));
      await audit.record({ action: 'delete', table: AUDIT_TABLE, recordId: id, oldValues: deleted }, auditContextOf(caller));
      return deleted;
    },

    /**
     * The venue's purge hook (VenuePurgeHook, registered in main.ts): every event of the venue is deleted for good, each
     * with venue_event.deleted and its audit entry. The venue is deleted already, so no new event can join it meanwhile.
     */
    async purgeVenueEvents(venueId: string, caller: Caller): Promise<void> {
      const ofVenue = readModel.query({ group: venueId, sort: 'newest', offset: 0, limit: Number.MAX_SAFE_INTEGER }).items;
      for (const { id } of ofVenue) {
        const deleted = await withEventLock(id, async () => {
          const current = await repository.getById(id);
          const gone = current ? await repository.delete(id) : false;
          readModel.remove(id);
          return gone ? current : null;
        });
        if (!deleted) continue;
        await events.deleted(deleted, eventContextOf(caller));
        await audit.record({ action: 'delete', table: AUDIT_TABLE, recordId: id, oldValues: deleted }, auditContextOf(caller));
      }
    },

    /** The venue's events by event date descending (no date last), then newest created; NOT_FOUND for an unknown or deleted venue. */
    async listVenueEvents(venueId: string, request: RawVenueEventsRequest): Promise<ListVenueEventsResult> {
      const query = validated(listVenueEventsQuerySchema.safeParse({ page: unset(request.page), pageSize: unset(request.pageSize) }));
      if (!query.ok) throw GrpcError.invalidArgument('Invalid request', query.fieldErrors);
      if (!(await venueIsActive(venueId))) throw GrpcError.notFound(VENUE_NOT_FOUND);
      return lists.listOfVenue(venueId, query.value);
    },

    /** The events of every active venue: search, leagues, date range, sort, page. */
    listEvents(request: RawEventsRequest): ListEventsResult {
      const query = validated(
        listEventsQuerySchema.safeParse({
          q: request.query,
          leagues: [...request.leagues],
          sort: request.sort,
          from: request.from,
          to: request.to,
          page: unset(request.page),
          pageSize: unset(request.pageSize),
        }),
      );
      if (!query.ok) throw GrpcError.invalidArgument('Invalid request', query.fieldErrors);
      return lists.list(query.value);
    },
  };
}

export type VenueEventUseCases = ReturnType<typeof createVenueEventUseCases>;
