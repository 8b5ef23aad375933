// A bounded read-through cache of whole records for point reads (e.g. GetVenue): a hit answers from memory,
// a miss loads the record by `_id` from the database (concurrent misses of one id share the load) and keeps it,
// least recently used first out when the byte budget is spent (lru-cache). Kept correct by invalidation: wire
// it to the service's ReadModel (`cache.follow(readModel)`), whose own writes and other replicas' events
// tell it which record changed, and whose rebuilds clear it.
//
// Staleness: a replica's own write invalidates before the write's call returns, so that replica never
// serves the old record after it; another replica serves its cached copy until the write's domain event is
// applied there (its read model's refresh). A load that was under way when its record was invalidated
// answers its caller but is not kept, so an old record read before a write is never cached after it.
import { LRUCache } from 'lru-cache';
import type { ReadModelChangeListener } from './read-model.ts';

export interface RecordCacheOptions<V extends object> {
  /** The budget, in (approximate) bytes; 0 turns the cache off (every read loads). */
  maxBytes: number;
  /** The record by id from the source of truth, or null (unknown, deleted: never cached). */
  load(id: string): Promise<V | null>;
  /** Approximate bytes a record takes in memory (e.g. its JSON length plus the objects' overhead). */
  sizeOf(value: V): number;
}

interface Pending<V> {
  promise: Promise<V | null>;
  /** Invalidated while loading: answer the callers, do not keep. */
  stale: boolean;
}

export class RecordCache<V extends object> {
  readonly #options: RecordCacheOptions<V>;
  readonly #lru: LRUCache<string, V> | undefined;
  readonly #pending = new Map<string, Pending<V>>();
  /** Reads answered from memory / loaded (tests and figures). */
  hits = 0;
  misses = 0;

  constructor(options: RecordCacheOptions<V>) {
    this.#options = options;
    this.#lru =
      options.maxBytes > 0
        ? new LRUCache<string, V>({ maxSize: options.maxBytes, sizeCalculation: (value) => Math.max(1, Math.ceil(options.sizeOf(value))) })
        : undefined;
  }

  /** Records held now. */
  get size(): number {
    return this.#lru?.size ?? 0;
  }

  /** Approximate bytes held now. */
  get bytes(): number {
    return this.#lru?.calculatedSize ?? 0;
  }

  /** The record from memory, else loaded (and kept unless invalidated meanwhile); null when there is none. */
  get(id: string): Promise<V | null> {
    const lru = this.#lru;
    if (!lru) return this.#options.load(id);
    const hit = lru.get(id);
    if (hit !== undefined) {
      this.hits += 1;
      return Promise.resolve(hit);
    }
    const joined = this.#pending.get(id);
    if (joined) return joined.promise;
    this.misses += 1;
    const pending: Pending<V> = { stale: false, promise: Promise.resolve(null) };
    pending.promise = this.#options.load(id).then(
      (value) => {
        if (this.#pending.get(id) === pending) this.#pending.delete(id);
        // A record larger than the whole budget is not kept (lru-cache refuses it).
        if (value && !pending.stale) lru.set(id, value);
        return value;
      },
      (error: unknown) => {
        if (this.#pending.get(id) === pending) this.#pending.delete(id);
        throw error;
      },
    );
    this.#pending.set(id, pending);
    return pending.promise;
  }

  /**
   * Keeps a record the caller has just read or written whole (e.g. an append-only entry as stored), so that its
   * first read needs no load. Only for records that cannot be changed meanwhile (a later write would not
   * invalidate it): an invalidated record must not come back this way.
   */
  set(id: string, value: V): void {
    this.#lru?.set(id, value);
  }

  /** Drops one record (`id`) or all (`undefined`), and keeps loads under way for them from being kept. */
  invalidate(id: string | undefined): void {
    if (id === undefined) {
      this.#lru?.clear();
      for (const pending of this.#pending.values()) pending.stale = true;
      this.#pending.clear();
      return;
    }
    this.#lru?.delete(id);
    const pending = this.#pending.get(id);
    if (pending) {
      pending.stale = true;
      this.#pending.delete(id);
    }
  }

  /** Invalidates on every change `readModel` applies (own writes, other replicas' events, rebuilds). Returns the unsubscribe. */
  follow(readModel: { onChange(listener: ReadModelChangeListener): () => void }): () => void {
    return readModel.onChange((id) => this.invalidate(id));
  }
}
