import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import type { CounterDocument, DeliveryLogBatchDocument, DeliveryLogEntry } from './delivery-log.model.ts';

export type { DeliveryLogEntry };

/** How often the attempts of this process are written (one insert each time), and how many batches are kept. */
export const DELIVERY_LOG_FLUSH_MS = 500;
export const DELIVERY_LOG_BATCHES = 200;
const COUNTER = 'delivery_log';
const DUPLICATE_KEY = 11000;
/** Numbers tried past the counter's before the batch waits for the next flush. */
const MAX_PROBES = DELIVERY_LOG_BATCHES;
const batchId = (seq: number): string => `batch-${seq}`;

/**
 * The delivery log: attempts gathered in memory and written as one batch every DELIVERY_LOG_FLUSH_MS (an insert;
 * an update would read the whole collection on FerretDB), the latest batches read by `_id`. What this process has
 * not written yet is shown from memory. `close()` writes the rest.
 */
export class DeliveryLogRepository {
  readonly #log: Model<DeliveryLogBatchDocument>;
  readonly #counters: Model<CounterDocument>;
  readonly #onError: (error: unknown) => void;
  #buffer: DeliveryLogEntry[] = [];
  #writing: DeliveryLogEntry[] = [];
  #flushing: Promise<void> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;

  constructor(models: { deliveryLog: Model<DeliveryLogBatchDocument>; counters: Model<CounterDocument> }, options: { onError: (error: unknown) => void }) {
    this.#log = models.deliveryLog;
    this.#counters = models.counters;
    this.#onError = options.onError;
    this.#timer = setInterval(() => void this.flush(), DELIVERY_LOG_FLUSH_MS);
    this.#timer.unref();
  }

  /** Adds an attempt (written with the next batch; `now`: at once, e.g. a test the admin is looking at). */
  async record(entry: Omit<DeliveryLogEntry, 'id'>, options: { now?: boolean } = {}): Promise<void> {
    this.#buffer.push({ ...entry, id: randomUUID() });
    if (options.now) await this.flush();
  }

  /** Writes what is gathered as one batch. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#buffer.length === 0) return;
      const entries = this.#buffer;
      this.#buffer = [];
      // Shown from memory until they are written (a reader in between sees them).
      this.#writing = entries;
      try {
        await this.#insert(entries);
      } catch (error) {
        this.#buffer = [...entries, ...this.#buffer];
        this.#onError(error);
      } finally {
        this.#writing = [];
      }
    });
    return this.#flushing;
  }

  async #insert(entries: DeliveryLogEntry[]): Promise<void> {
    const counter = await this.#counters
      .findOneAndUpdate({ _id: COUNTER }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' })
      .lean<CounterDocument>()
      .exec()
      // Two first batches at once: both upserts insert the counter, one fails; the batch takes the next free number.
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === DUPLICATE_KEY) return { _id: COUNTER, seq: 1 };
        throw error;
      });
    // The counter's number, or the first free one after it: FerretDB's increments are not atomic, so two replicas can
    // be given one number, and a lost increment can leave the counter behind batches already written. The insert is
    // unique (one replica wins a number); a loser takes the next.
    let seq = counter.seq;
    for (let probes = 0; ; probes++, seq++) {
      try {
        await this.#log.create({ _id: batchId(seq), seq, entries });
        break;
      } catch (error) {
        if ((error as { code?: unknown }).code !== DUPLICATE_KEY || probes >= MAX_PROBES) throw error;
      }
    }
    // The counter catches up with a number found past it (only ever forwards).
    if (seq !== counter.seq) await this.#counters.updateOne({ _id: COUNTER, seq: { $lt: seq } }, { $set: { seq } }).exec();
    // The batch that falls out of the window, by `_id` (the collection stays at the window's size).
    if (seq > DELIVERY_LOG_BATCHES) await this.#log.deleteOne({ _id: batchId(seq - DELIVERY_LOG_BATCHES) }).exec();
  }

  /**
   * The latest `limit` attempts, newest first: this process's unwritten ones and the latest batches (by `_id`). The
   * counter can lag behind a batch already written (two replicas' increments at once, one lost on FerretDB): the
   * numbers after it are looked at too.
   */
  async recent(limit: number): Promise<DeliveryLogEntry[]> {
    const entries = [...this.#buffer, ...this.#writing];
    const batch = (seq: number) => this.#log.findById(batchId(seq)).lean<DeliveryLogBatchDocument>().exec();
    const counted = (await this.#counters.findById(COUNTER).lean<CounterDocument>().exec())?.seq ?? 0;
    let newest = counted;
    for (let next = await batch(newest + 1); next && newest < counted + DELIVERY_LOG_BATCHES; next = await batch(newest + 1)) {
      newest += 1;
      entries.push(...next.entries);
    }
    for (let seq = counted; seq > 0 && entries.length < limit * 2 && seq > newest - DELIVERY_LOG_BATCHES; seq--) {
      entries.push(...((await batch(seq))?.entries ?? []));
    }
    // A batch being written when the read began may be stored by the time it is read: each attempt once, by its id.
    const unique = [...new Map(entries.map((entry) => [entry.id, entry])).values()];
    return unique.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
