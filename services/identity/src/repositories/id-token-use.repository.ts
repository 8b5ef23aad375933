import type { Model } from 'mongoose';
import type { IdTokenUseDocument } from './id-token-use.model.ts';

/** Stale rows are swept at most this often (per process). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * One session per OpenID Connect ID token. The use is recorded by a unique insert (atomic on MongoDB and on
 * FerretDB v1, whose updates are not), so of two sign-ins with the same token exactly one wins. A row is
 * needed only while its token could still be accepted (`expiresAt`); FerretDB v1 has no TTL indexes that
 * run, so stale rows are deleted now and then by the service itself.
 */
export class IdTokenUseRepository {
  readonly #uses: Model<IdTokenUseDocument>;
  #sweptAt = 0;

  constructor(models: { idTokenUses: Model<IdTokenUseDocument> }) {
    this.#uses = models.idTokenUses;
  }

  /** True the first time `key` is claimed; false when it was used before. */
  async claim(key: string, expiresAt: Date, now: Date): Promise<boolean> {
    await this.#sweep(now);
    try {
      await this.#uses.create({ _id: key, expiresAt });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      return false;
    }
  }

  /** Deletes the rows of tokens that can no longer be accepted anyway (a small collection: minutes of sign-ins). */
  async #sweep(now: Date): Promise<void> {
    if (now.getTime() - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now.getTime();
    await this.#uses.deleteMany({ expiresAt: { $lt: now } }).exec();
  }
}
