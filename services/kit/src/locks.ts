// Mutual exclusion across every replica of a service, on FerretDB v1 where updates are not atomic (each
// update reads the document and writes the whole of it back, so two concurrent updates of different fields
// can lose one): a lock is a document inserted under a unique `_id` (exactly one insert wins: E11000 for the
// others) and deleted when the work is done; `at` lets a lock left by a crashed process be broken, and is
// renewed while the work runs (a purge of a venue with thousands of contacts outlasts STALE_LOCK_MS).
// Callers in one process take their turns in arrival order before they contend for the document: with polling
// alone, a caller that released and asked again at once could win every time while another slept between tries
// (figures: docs/decisions/0003-insert-only-collections-and-locks.md).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from './mongo.ts';

export interface LockDocument {
  _id: string;
  holder: string;
  at: Date;
}

/** The schema of a service's lock collection (e.g. 'identity_locks', 'venue_locks'). */
export function lockSchema(collection: string): Schema<LockDocument> {
  return new Schema<LockDocument>(
    {
      _id: { type: String, required: true },
      holder: { type: String, required: true },
      at: { type: Date, required: true },
    },
    { collection, versionKey: false, strict: 'throw' },
  );
}

/** The mongoose model of a service's lock collection (`<service>_locks`), made once per connection. */
export function lockModel(connection: Connection, modelName: string, collection: string): Model<LockDocument> {
  return registeredModel(connection, modelName, lockSchema(collection));
}

/** A lock older than this was left by a process that died while holding it: it may be broken. */
export const STALE_LOCK_MS = 15_000;

export class Locks {
  readonly #locks: Model<LockDocument>;
  readonly #waitMs: number;
  readonly #staleMs: number;
  /** Per lock name, the turn of the last caller in this process: each caller waits for the one before it. */
  readonly #turns = new Map<string, Promise<void>>();

  /** `waitMs`: how long to wait for a held lock; `staleMs` (tests): the age past which a lock may be broken. */
  constructor(locks: Model<LockDocument>, options: { waitMs?: number; staleMs?: number } = {}) {
    this.#locks = locks;
    this.#waitMs = options.waitMs ?? 5000;
    this.#staleMs = options.staleMs ?? STALE_LOCK_MS;
  }

  /** Runs `work` holding lock `name`; null when the lock could not be had within the wait (the caller says try again). */
  async withLock<T>(name: string, work: () => Promise<T>): Promise<{ value: T } | null> {
    const deadline = Date.now() + this.#waitMs;
    const previous = this.#turns.get(name);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // The next caller waits for this one and for the one before it (a caller that gives up keeps the order).
    const turn = previous ? Promise.all([previous, finished]).then(() => undefined) : finished;
    this.#turns.set(name, turn);
    try {
      if (previous && !(await settlesWithin(previous, deadline - Date.now()))) return null;
      return await this.#hold(name, deadline, work);
    } finally {
      finish();
      if (this.#turns.get(name) === turn) this.#turns.delete(name);
    }
  }

  /** Takes the lock document (waiting for a holder in another process until `deadline`), runs `work`, lets go. */
  async #hold<T>(name: string, deadline: number, work: () => Promise<T>): Promise<{ value: T } | null> {
    const holder = randomUUID();
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#locks.create({ _id: name, holder, at: new Date() });
        break;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
      const current = await this.#locks.findById(name).lean<LockDocument>().exec();
      // Taken away only as it was read (holder and time): a holder that renewed it meanwhile keeps it.
      if (current && Date.now() - current.at.getTime() > this.#staleMs)
        await this.#locks.deleteOne({ _id: name, holder: current.holder, at: current.at }).exec();
      if (Date.now() >= deadline) return null;
      await sleep(Math.min(200, 10 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
    // Renewed three times per stale age while the work runs, so only a dead holder's lock ever looks stale.
    const renewal = setInterval(() => {
      this.#locks
        .updateOne({ _id: name, holder }, { $set: { at: new Date() } })
        .exec()
        .catch(() => undefined);
    }, this.#staleMs / 3);
    renewal.unref();
    try {
      return { value: await work() };
    } finally {
      clearInterval(renewal);
      await this.#locks.deleteOne({ _id: name, holder }).exec();
    }
  }
}

/** Whether `promise` settles within `ms` (no timer is left behind either way). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), expired]);
  } finally {
    clearTimeout(timer);
  }
}
