import type { Model } from 'mongoose';
import type { CounterDocument, DeliveryLogDocument } from './delivery-log.model.ts';

/** How many attempts the delivery log keeps (the oldest is overwritten). */
export const DELIVERY_LOG_SLOTS = 200;
const SLOT_IDS = Array.from({ length: DELIVERY_LOG_SLOTS }, (_, n) => `slot-${n}`);

export type DeliveryLogEntry = Omit<DeliveryLogDocument, '_id' | 'seq'> & { id: string; seq: number };

export class DeliveryLogRepository {
  readonly #log: Model<DeliveryLogDocument>;
  readonly #counters: Model<CounterDocument>;

  constructor(models: { deliveryLog: Model<DeliveryLogDocument>; counters: Model<CounterDocument> }) {
    this.#log = models.deliveryLog;
    this.#counters = models.counters;
  }

  /**
   * Adds an attempt (overwriting the oldest once the ring is full). Two writers upserting the same new document
   * at once (the counter's first use, a slot's first fill) may meet a duplicate key: the loser tries again, and
   * then finds the document.
   */
  async record(entry: Omit<DeliveryLogDocument, '_id' | 'seq'>): Promise<void> {
    const counter = await onceMore(() =>
      this.#counters
        .findOneAndUpdate({ _id: 'delivery_log' }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' })
        .lean<CounterDocument>()
        .exec(),
    );
    const seq = counter?.seq ?? 1;
    await onceMore(() => this.#log.replaceOne({ _id: SLOT_IDS[seq % DELIVERY_LOG_SLOTS] }, { ...entry, seq }, { upsert: true }).exec());
  }

  /** The latest `limit` attempts, newest first (the ring read by `_id`). */
  async recent(limit: number): Promise<DeliveryLogEntry[]> {
    const docs = await this.#log
      .find({ _id: { $in: SLOT_IDS } })
      .lean<DeliveryLogDocument[]>()
      .exec();
    return docs
      .sort((a, b) => b.seq - a.seq)
      .slice(0, limit)
      .map(({ _id, ...rest }) => ({ ...rest, id: _id }));
  }
}

const DUPLICATE_KEY = 11000;

async function onceMore<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error;
    return write();
  }
}
