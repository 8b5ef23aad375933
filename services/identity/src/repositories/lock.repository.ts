import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Model } from 'mongoose';
import type { LockDocument } from './identity.models.ts';

/** A lock older than this was left by a process that died while holding it: it may be broken. */
const STALE_MS = 15_000;

/**
 * Mutual exclusion across every replica of the identity service, on FerretDB v1 where updates are not
 * atomic: a lock is a document inserted under a unique `_id` (exactly one insert wins) and deleted when done.
 */
export class LockRepository {
  readonly #locks: Model<LockDocument>;
  readonly #waitMs: number;

  constructor(models: { locks: Model<LockDocument> }, options: { waitMs?: number } = {}) {
    this.#locks = models.locks;
    this.#waitMs = options.waitMs ?? 5000;
  }

  /** Runs `work` holding lock `name`; null when the lock could not be had within the wait (the caller says try again). */
  async withLock<T>(name: string, work: () => Promise<T>): Promise<{ value: T } | null> {
    const holder = randomUUID();
    const deadline = Date.now() + this.#waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#locks.create({ _id: name, holder, at: new Date() });
        break;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
      const current = await this.#locks.findById(name).lean<LockDocument>().exec();
      if (current && Date.now() - current.at.getTime() > STALE_MS) await this.#locks.deleteOne({ _id: name, holder: current.holder }).exec();
      if (Date.now() >= deadline) return null;
      await sleep(Math.min(200, 10 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
    try {
      return { value: await work() };
    } finally {
      await this.#locks.deleteOne({ _id: name, holder }).exec();
    }
  }
}
