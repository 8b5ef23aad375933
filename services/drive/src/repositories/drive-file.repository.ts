import type { Model } from 'mongoose';
import { insertOnce } from '@venuebook/service-kit';
import type { DriveFileDocument } from './drive-file.model.ts';

export interface DriveFileRecord {
  documentId: string;
  venueId: string;
  fileId: string;
  url: string;
  syncedAt: Date;
}

const toRecord = (doc: DriveFileDocument): DriveFileRecord => ({
  documentId: doc._id,
  venueId: doc.venueId,
  fileId: doc.fileId,
  url: doc.url,
  syncedAt: doc.syncedAt,
});

/** The Drive copies made: an insert each (a repeat is already recorded), all read at start for the read model. */
export class DriveFileRepository {
  readonly #model: Model<DriveFileDocument>;

  constructor(model: Model<DriveFileDocument>) {
    this.#model = model;
  }

  /** Records the copy; false when it was recorded already (a job that ran twice). */
  async record(file: DriveFileRecord): Promise<boolean> {
    return insertOnce(this.#model, { _id: file.documentId, venueId: file.venueId, fileId: file.fileId, url: file.url, syncedAt: file.syncedAt });
  }

  async get(documentId: string): Promise<DriveFileRecord | null> {
    const doc = await this.#model.findById(documentId).lean<DriveFileDocument>().exec();
    return doc ? toRecord(doc) : null;
  }

  /** Forgets a copy (the document was deleted and its file trashed). */
  async forget(documentId: string): Promise<void> {
    await this.#model.deleteOne({ _id: documentId }).exec();
  }

  /**
   * Forgets the copies of a venue ('' for all: Clear & Reset) made until `until` (as the read model does); their files
   * stay in Drive and are found again.
   */
  async forgetVenue(venueId: string, until: Date): Promise<number> {
    const made = { syncedAt: { $lte: until } };
    const { deletedCount } = await this.#model.deleteMany(venueId ? { venueId, ...made } : made).exec();
    return deletedCount;
  }

  async all(): Promise<DriveFileRecord[]> {
    return (await this.#model.find().lean<DriveFileDocument[]>().exec()).map(toRecord);
  }
}
