// The import keys (issue 11): read and written by `_id` only.
import type { ImportKeyModel } from './import-key.model.ts';

/** MongoDB's (and FerretDB's) duplicate-key error code. */
const DUPLICATE_KEY = 11000;

export class ImportKeyRepository {
  readonly #model: ImportKeyModel;

  constructor(model: ImportKeyModel) {
    this.#model = model;
  }

  /** Whether a row with this key was imported (or is being imported). */
  async has(key: string): Promise<boolean> {
    return (await this.#model.findById(key).select('_id').lean().exec()) !== null;
  }

  /** Claims the key by a unique insert: false when it exists already (imported by an earlier or a concurrent run). */
  async claim(key: string, kind: string, createdBy: string): Promise<boolean> {
    try {
      await this.#model.create({ _id: key, kind, createdBy });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  /** Records what the row created. */
  async done(key: string, recordId: string): Promise<void> {
    await this.#model.updateOne({ _id: key }, { $set: { recordId } }).exec();
  }

  /** Gives the key back after the write failed, so that a later run may import the row. */
  async release(key: string): Promise<void> {
    await this.#model.deleteOne({ _id: key }).exec();
  }
}
