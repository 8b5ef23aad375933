import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Locks } from '@venuebook/service-kit';

export const CARD_BUSY = 'Someone else is changing this card right now. Please try again.';

/** Runs `work` holding `card:<id>` (FerretDB v1 updates are read-modify-write); ABORTED (409) when the lock is busy. */
export function cardLock(locks: Locks) {
  return async function withCardLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const done = await locks.withLock(`card:${id}`, work);
    if (!done) throw new GrpcError(GrpcStatus.ABORTED, CARD_BUSY);
    return done.value;
  };
}
