import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Locks } from '@venuebook/service-kit';

export const VENUE_BUSY = 'Someone else is changing this venue right now. Please try again.';

/**
 * Runs a write to venue `id` (its document or its contacts) holding its lock `venue:<id>` across every replica;
 * ABORTED when it could not be had. FerretDB v1 rewrites the whole document on each update (an update racing a
 * delete can lose one of them: docs/decisions/0003-insert-only-collections-and-locks.md), and the venue's contacts
 * share its invariant (exactly one current main contact), so both are written under the one lock.
 */
export function venueLock(locks: Locks) {
  return async function withVenueLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const done = await locks.withLock(`venue:${id}`, work);
    if (!done) throw new GrpcError(GrpcStatus.ABORTED, VENUE_BUSY);
    return done.value;
  };
}
