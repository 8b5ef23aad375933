import type { Model } from 'mongoose';
import { insertOnce } from '@venuebook/service-kit';
import type { QueueItemDocument } from './queue-item.model.ts';

/** A document in the sync queue (its state is derived, see SyncQueue). */
export interface QueueItem {
  documentId: string;
  venueId: string;
  fileName: string;
  uploadedAt: Date | null;
  createdAt: Date;
}

const toItem = (doc: QueueItemDocument): QueueItem => ({
  documentId: doc._id,
  venueId: doc.venueId,
  fileName: doc.fileName,
  uploadedAt: doc.uploadedAt ?? null,
  createdAt: doc.createdAt,
});

/** The queue's items: inserted once, deleted by `_id` or by venue, all read at start for the read model. */
export class QueueRepository {
  readonly #model: Model<QueueItemDocument>;

  constructor(model: Model<QueueItemDocument>) {
    this.#model = model;
  }

  /** Queues a document; false when it was queued already (by another replica, or a repeated event). */
  async add(item: QueueItem): Promise<boolean> {
    return insertOnce(this.#model, {
      _id: item.documentId,
      venueId: item.venueId,
      fileName: item.fileName,
      uploadedAt: item.uploadedAt,
      createdAt: item.createdAt,
    });
  }

  async remove(documentId: string): Promise<void> {
    await this.#model.deleteOne({ _id: documentId }).exec();
  }

  /**
   * Removes the items of a venue ('' for all) queued until `until` (what the read models drop for the same reset; an
   * item queued after it stays in both); how many.
   */
  async removeVenue(venueId: string, until: Date): Promise<number> {
    const queued = { createdAt: { $lte: until } };
    const { deletedCount } = await this.#model.deleteMany(venueId ? { venueId, ...queued } : queued).exec();
    return deletedCount;
  }

  /** Every item (the read model's load, once at start; it puts them in order). */
  async all(): Promise<QueueItem[]> {
    return (await this.#model.find().lean<QueueItemDocument[]>().exec()).map(toItem);
  }
}
