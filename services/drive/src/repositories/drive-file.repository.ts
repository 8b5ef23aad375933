import type { Model } from 'mongoose';
import type { DriveFileDocument } from './drive-file.model.ts';

const DUPLICATE_KEY = 11000;

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
    try {
      await this.#model.create({ _id: file.documentId, venueId: file.venueId, fileId: file.fileId, url: file.url, syncedAt: file.syncedAt });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async get(documentId: string): Promise<DriveFileRecord | null> {
    const doc = await this.#model.findById(documentId).lean<DriveFileDocument>().exec();
    return doc ? toRecord(doc) : null;
  }

  /** Forgets a copy (the document was deleted and its file trashed). */
  async forget(documentId: string): Promise<void> {
    await this.#model.deleteOne({ _id: documentId }).exec();
  }

  /** Forgets the copies of a venue ('' for all: Clear & Reset); their files stay in Drive and are found again. */
  async forgetVenue(venueId: string): Promise<number> {
    const { deletedCount } = await this.#model.deleteMany(venueId ? { venueId } : {}).exec();
    return deletedCount;
  }

  async all(): Promise<DriveFileRecord[]> {
    return (await this.#model.find().lean<DriveFileDocument[]>().exec()).map(toRecord);
  }
}
