// The import keys: read and written by `_id` only.
import type { ImportKeyModel } from './import-key.model.ts';

/** A key as stored: the kind of row, the record it created ('' while the write is under way) and when it last changed. */
export interface ImportKeyRecord {
  kind: string;
  recordId: string;
  updatedAt: Date;
}

/** MongoDB's (and FerretDB's) duplicate-key error code. */
const DUPLICATE_KEY = 11000;

export class ImportKeyRepository {
  readonly #model: ImportKeyModel;

  constructor(model: ImportKeyModel) {
    this.#model = model;
  }

  /** The key's record (null when no row with this key was imported nor is being imported). */
  async get(key: string): Promise<ImportKeyRecord | null> {
    const doc = await this.#model.findById(key).lean().exec();
    return doc ? { kind: doc.kind, recordId: doc.recordId ?? '', updatedAt: doc.updatedAt } : null;
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

  /**
   * Takes over a key whose record is gone (`stale`, as read): when the key is still as read, it is removed and
   * claimed again (one unique insert wins, as claim). The caller holds the key's lock, so two takeovers never race.
   */
  async takeOver(key: string, stale: ImportKeyRecord, kind: string, createdBy: string): Promise<boolean> {
    const now = await this.get(key);
    if (now && (now.recordId !== stale.recordId || now.updatedAt.getTime() !== stale.updatedAt.getTime())) return false;
    if (now) await this.#model.deleteOne({ _id: key }).exec();
    return this.claim(key, kind, createdBy);
  }

  /** Gives the key back after the write failed, so that a later run may import the row. */
  async release(key: string): Promise<void> {
    await this.#model.deleteOne({ _id: key }).exec();
  }
}
