// A service's in-memory read model: the fields its lists need, searchable and pre-sorted, loaded from the
// database at start and kept up to date by the service's own writes and its domain events (other replicas).
// The database stays the source of truth and the write path; lists, sorts, counts and search come from here
// (the embedded store scans a whole collection on any query that is not by _id).
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { DeliverPolicy } from 'nats';
import type { ConsumerMessages, JsMsg, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { EVENT_ORIGIN_HEADER } from '../nats.ts';
import { PrefixIndex } from './prefix-index.ts';

/** What a read model holds per record: at least its id (the document's `_id`). */
export interface ReadRecord {
  id: string;
}

/**
 * A database collection the read model loads from and refreshes by `_id` (e.g. a mongoose model). The load
 * is one scan: on the embedded store (FerretDB v1 on SQLite) every query other than `{_id}` scans the whole
 * collection, so pages by `{_id: {$gt: last}}` cost a full scan each, where one cursor reads everything in a
 * single scan (docs/decisions/0002-read-models-instead-of-database-queries.md).
 */
export interface ReadModelSource<D> {
  /** Every document (only the fields the records need), e.g. `model.find({}).select(...).lean().cursor({ batchSize: 1000 })`. */
  scan(): AsyncIterable<D>;
  /** The document with this `_id`, or null. */
  byId(id: string): Promise<D | null>;
}

export interface ReadModelEvents {
  nc: NatsConnection;
  /** The service's own JetStream stream (its domain events). */
  stream: string;
  /** Which record an event is about (null: the event does not concern the read model). */
  recordIdOf(subject: string, payload: unknown): string | null;
}

export interface ReadModelOptions<D, R extends ReadRecord, S extends string> {
  /** For the log: e.g. 'venues'. */
  name: string;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  source: ReadModelSource<D>;
  /** The record kept for a document, or null when lists leave it out (e.g. soft-deleted). */
  toRecord(doc: D): R | null;
  /** The text searched (all fields the search covers, joined); folded and tokenised here. The same text for the same record (a removal encodes it again). */
  searchText(record: R): string;
  /** Tags a filter selects by (any-of), e.g. leagues; at most 31 distinct values in `tagValues`. */
  tagValues: readonly string[];
  tagsOf(record: R): readonly string[];
  /** Total orders the lists offer (compare must break ties, e.g. by id). */
  sorts: Record<S, (a: R, b: R) => number>;
  /**
   * The parent a record belongs to (e.g. a contact's venue id), for by-parent lookups: `query({ group })` then
   * walks that parent's records only, not the whole model. Undefined: the record is in no group.
   */
  groupOf?(record: R): string | undefined;
  /** Domain events that change records (another replica's writes). Without them only own writes apply. */
  events?: ReadModelEvents;
  /** Log the load's progress every this many documents (default 1000). */
  progressEvery?: number;
}

export interface ReadModelQuery<S extends string, R = never> {
  /** Search text: every word must match the start of a word of the record's search text (accents folded). */
  text?: string;
  /** Any-of tags; none = all. */
  tags?: readonly string[];
  /** Keeps only the records it accepts (e.g. equality filters and a time range the tags cannot express). */
  filter?: (record: R) => boolean;
  /** Only the records of this group (`groupOf`); a group with no records gives an empty page. */
  group?: string;
  sort: S;
  offset: number;
  limit: number;
}

/**
 * Told of every change the read model applies: `id` for one record (an own write, or another replica's
 * event re-read), `undefined` for all of them (a rebuild: events may have been missed). E.g. a point-read
 * cache drops what it holds (RecordCache.invalidate).
 */
export type ReadModelChangeListener = (id: string | undefined) => void;

export interface ReadModelPage<R> {
  items: R[];
  total: number;
}

const SPECIAL: Record<string, string> = { ß: 'ss', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', đ: 'd', Đ: 'd', þ: 'th', ı: 'i' };

/** Lower case without accents: NFD, combining marks stripped, and ß ø ł æ œ đ þ ı spelt out in ASCII. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßøØłŁæÆœŒđĐþı]/g, (char) => SPECIAL[char] ?? char)
    .toLowerCase();
}

/** Words of folded text (letters and digits). */
function words(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

interface State<R, S extends string> {
  records: (R | undefined)[];
  masks: Uint32Array;
  slotOf: Map<string, number>;
  free: number[];
  sorted: Record<S, number[]>;
  /** The slots of each group (`groupOf`). */
  groups: Map<string, Set<number>>;
  /** The search: each slot under its record's search text (#indexText). */
  index: PrefixIndex;
}

/** How long another replica's event for a record makes this instance read its own next event for it again. */
const FOREIGN_EVENT_MEMORY_MS = 10_000;

/**
 * The read model. `start()` loads it (one scan of the collection, progress logged) and follows the events; `upsert` /
 * `remove` apply the service's own writes at once; `refresh(id)` re-reads one document by `_id`; `query`
 * answers a list page (search, tags any-of, sort, offset/limit) with one walk of a pre-sorted array.
 */
export class ReadModel<D, R extends ReadRecord, S extends string> {
  readonly #options: ReadModelOptions<D, R, S>;
  readonly #sortNames: S[];
  #state: State<R, S>;
  /** The last stream sequence applied (events up to here are in the state). */
  #sequence = 0;
  #consumer: ConsumerMessages | undefined;
  #loop: Promise<void> | undefined;
  #rebuilding: Promise<void> | undefined;
  #stopped = false;
  #statusLoop: Promise<void> | undefined;
  /** While a rebuild loads: the own writes applied meanwhile, re-applied to the new state before it answers. */
  #journal: ((state: State<R, S>) => void)[] | undefined;
  readonly #listeners: ReadModelChangeListener[] = [];
  /**
   * The records other replicas' events changed lately (id → its sequence). An own event is read again when
   * one of them concerns the same record: such an event may have been applied just before the own write was
   * (a stale own write over a newer record), and the re-read settles it.
   */
  readonly #foreign = new LRUCache<string, number>({ max: 10_000, ttl: FOREIGN_EVENT_MEMORY_MS });
  /**
   * This instance's id on its events: give it to the service's event publisher (`createEventPublisher(js,
   * logger, { origin: readModel.origin })`); its own events, already applied by upsert/remove, are then not
   * read again from the database (that re-read, one `{_id}` read per own write, lagged seconds behind a bulk
   * import on FerretDB and invalidated point-read caches).
   */
  readonly origin = randomUUID();
  /** Own events skipped / events read again (tests and logs). */
  ownEventsSkipped = 0;
  /** Records re-read by `_id` because an event named them (tests and logs). */
  eventRereads = 0;
  /** Rebuilds done after the first load (tests and logs). */
  rebuilds = 0;

  constructor(options: ReadModelOptions<D, R, S>) {
    if (options.tagValues.length > 31) throw new Error('ReadModel: at most 31 tag values');
    this.#options = options;
    this.#sortNames = Object.keys(options.sorts) as S[];
    this.#state = this.#emptyState();
  }

  get size(): number {
    return this.#state.slotOf.size;
  }

  /** The stream sequence the state includes. */
  get sequence(): number {
    return this.#sequence;
  }

  #emptyState(): State<R, S> {
    return {
      records: [],
      masks: new Uint32Array(1024),
      slotOf: new Map(),
      free: [],
      sorted: Object.fromEntries(this.#sortNames.map((sort) => [sort, []])) as unknown as Record<S, number[]>,
      groups: new Map(),
      index: new PrefixIndex(),
    };
  }

  #maskOf(record: R): number {
    let mask = 0;
    for (const tag of this.#options.tagsOf(record)) {
      const bit = this.#options.tagValues.indexOf(tag);
      if (bit >= 0) mask |= 1 << bit;
    }
    return mask;
  }

  #indexText(record: R): string {
    return words(this.#options.searchText(record)).join(' ');
  }

  /** Position of `slot` (or where it goes) in a sorted array, by binary search with the sort's compare. */
  #position(state: State<R, S>, sort: S, record: R): number {
    const compare = this.#options.sorts[sort];
    const array = state.sorted[sort];
    let low = 0;
    let high = array.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(state.records[array[middle]!]!, record) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Adds or replaces a record in `state` (sorted arrays kept sorted). */
  #put(state: State<R, S>, record: R, bulk: boolean): void {
    const existing = state.slotOf.get(record.id);
    if (existing !== undefined) this.#take(state, record.id);
    const slot = state.free.pop() ?? state.records.length;
    if (slot >= state.masks.length) {
      const grown = new Uint32Array(state.masks.length * 2);
      grown.set(state.masks);
      state.masks = grown;
    }
    state.records[slot] = record;
    state.masks[slot] = this.#maskOf(record);
    state.slotOf.set(record.id, slot);
    state.index.add(slot, this.#indexText(record));
    const group = this.#options.groupOf?.(record);
    if (group !== undefined) {
      const members = state.groups.get(group);
      if (members) members.add(slot);
      else state.groups.set(group, new Set([slot]));
    }
    for (const sort of this.#sortNames) {
      if (bulk) state.sorted[sort].push(slot);
      else state.sorted[sort].splice(this.#position(state, sort, record), 0, slot);
    }
  }

  #take(state: State<R, S>, id: string): void {
    const slot = state.slotOf.get(id);
    if (slot === undefined) return;
    const record = state.records[slot]!;
    for (const sort of this.#sortNames) {
      const array = state.sorted[sort];
      let position = this.#position(state, sort, record);
      if (array[position] !== slot) position = array.indexOf(slot);
      if (position >= 0) array.splice(position, 1);
    }
    state.index.remove(slot, this.#indexText(record));
    const group = this.#options.groupOf?.(record);
    const members = group === undefined ? undefined : state.groups.get(group);
    members?.delete(slot);
    if (members?.size === 0) state.groups.delete(group!);
    state.records[slot] = undefined;
    state.masks[slot] = 0;
    state.slotOf.delete(id);
    state.free.push(slot);
  }

  /**
   * Calls `listener` after each change applied: own writes (`upsert`, `remove`, `apply`, `refresh`) and
   * other replicas' events at once, every record (`undefined`) when a rebuild starts and when it ends.
   * Returns a function that stops it.
   */
  onChange(listener: ReadModelChangeListener): () => void {
    this.#listeners.push(listener);
    return () => {
      const at = this.#listeners.indexOf(listener);
      if (at >= 0) this.#listeners.splice(at, 1);
    };
  }

  #changed(id: string | undefined): void {
    for (const listener of this.#listeners) {
      try {
        listener(id);
      } catch (error) {
        this.#options.logger.error({ err: error, readModel: this.#options.name, id }, 'read model change listener failed');
      }
    }
  }

  /** Applies the service's own write at once (call it after the database write succeeded). */
  upsert(record: R): void {
    this.#put(this.#state, record, false);
    this.#journal?.push((state) => this.#put(state, record, false));
    this.#changed(record.id);
  }

  /** Takes a record out (e.g. deleted). */
  remove(id: string): void {
    this.#take(this.#state, id);
    this.#journal?.push((state) => this.#take(state, id));
    this.#changed(id);
  }

  /** Takes out every record of a group (`groupOf`), e.g. a purged parent's; answers how many. */
  removeGroup(group: string): number {
    const members = this.#state.groups.get(group);
    if (!members) return 0;
    const ids = [...members].map((slot) => this.#state.records[slot]!.id);
    for (const id of ids) this.remove(id);
    return ids.length;
  }

  /** Takes out every record `predicate` accepts (walks them all: for rare clean-ups, e.g. a purged parent's); answers how many. */
  removeWhere(predicate: (record: R) => boolean): number {
    const ids = this.#state.records.flatMap((record) => (record && predicate(record) ? [record.id] : []));
    for (const id of ids) this.remove(id);
    return ids.length;
  }

  /** Applies a document as read from the database (null or left out by toRecord → removed). */
  apply(id: string, doc: D | null): void {
    const record = doc ? this.#options.toRecord(doc) : null;
    if (record) this.upsert(record);
    else this.remove(id);
  }

  /** Re-reads one document by `_id` and applies it. */
  async refresh(id: string): Promise<void> {
    this.apply(id, await this.#options.source.byId(id));
  }

  /** How many records group `group` holds (`groupOf`). */
  groupSize(group: string): number {
    return this.#state.groups.get(group)?.size ?? 0;
  }

  get(id: string): R | undefined {
    const slot = this.#state.slotOf.get(id);
    return slot === undefined ? undefined : this.#state.records[slot];
  }

  query(query: ReadModelQuery<S, R>): ReadModelPage<R> {
    const state = this.#state;
    const text = query.text?.trim() ?? '';
    let marks: Uint32Array | undefined;
    let mark = 0;
    if (text) {
      const terms = words(text);
      if (terms.length === 0) return { items: [], total: 0 };
      ({ marks, mark } = state.index.search(terms.join(' ')));
    }
    let mask = 0;
    for (const tag of query.tags ?? []) {
      const bit = this.#options.tagValues.indexOf(tag);
      if (bit >= 0) mask |= 1 << bit;
    }
    if ((query.tags?.length ?? 0) > 0 && mask === 0) return { items: [], total: 0 };
    const filter = query.filter;
    const end = query.offset + query.limit;
    let array: readonly number[];
    if (query.group === undefined) array = state.sorted[query.sort];
    else {
      // One parent's records, put in the sort's order (a few to a few hundred: cheaper than walking them all).
      const compare = this.#options.sorts[query.sort];
      array = [...(state.groups.get(query.group) ?? [])].sort((a, b) => compare(state.records[a]!, state.records[b]!));
    }
    // Nothing to match: the page is a slice and the total the count (no walk over every record).
    if (!marks && !mask && !filter) return { items: array.slice(query.offset, end).map((slot) => state.records[slot]!), total: array.length };
    const items: R[] = [];
    let total = 0;
    for (const slot of array) {
      if (marks && marks[slot] !== mark) continue;
      if (mask && (state.masks[slot]! & mask) === 0) continue;
      if (filter && !filter(state.records[slot]!)) continue;
      if (total >= query.offset && total < end) items.push(state.records[slot]!);
      total += 1;
    }
    return { items, total };
  }

  /** Loads everything from the source into a fresh state (the current state answers until it is done). */
  async #load(): Promise<State<R, S>> {
    const { source, logger, name } = this.#options;
    const progressEvery = this.#options.progressEvery ?? 1000;
    const state = this.#emptyState();
    const started = performance.now();
    let read = 0;
    for await (const doc of source.scan()) {
      const record = this.#options.toRecord(doc);
      if (record) this.#put(state, record, true);
      read += 1;
      if (read % progressEvery === 0)
        logger.info({ readModel: name, read, kept: state.slotOf.size, ms: Math.round(performance.now() - started) }, 'read model loading');
    }
    for (const sort of this.#sortNames) {
      const compare = this.#options.sorts[sort];
      state.sorted[sort].sort((a, b) => compare(state.records[a]!, state.records[b]!));
    }
    state.index.flush();
    logger.info({ readModel: name, read, kept: state.slotOf.size, ms: Math.round(performance.now() - started) }, 'read model loaded');
    return state;
  }

  async #lastSequence(): Promise<number> {
    const events = this.#options.events;
    if (!events) return 0;
    const jsm = await events.nc.jetstreamManager();
    return (await jsm.streams.info(events.stream)).state.last_seq;
  }

  /** Loads the state and follows the events from the stream position taken before the load. */
  async start(): Promise<void> {
    await this.#rebuild('start');
    const events = this.#options.events;
    if (events) {
      this.#statusLoop = (async () => {
        for await (const status of events.nc.status()) {
          if (this.#stopped) return;
          if (status.type === 'reconnect') this.#requestRebuild('reconnect');
        }
      })().catch((error: unknown) => this.#options.logger.warn({ err: error }, 'read model status loop ended'));
    }
  }

  async #rebuild(reason: string): Promise<void> {
    await this.#stopConsumer();
    // Events may have been missed (a gap, a reconnect): whatever listeners hold may be stale from here on.
    if (reason !== 'start') this.#changed(undefined);
    const sequence = await this.#lastSequence();
    this.#journal = [];
    let state: State<R, S>;
    try {
      state = await this.#load();
      // A write the scan missed shows at once; its event (after `sequence`) re-reads it from the database later.
      for (const replay of this.#journal) replay(state);
    } finally {
      this.#journal = undefined;
    }
    this.#state = state;
    this.#sequence = sequence;
    if (reason !== 'start') this.#changed(undefined);
    if (reason !== 'start') {
      this.rebuilds += 1;
      this.#options.logger.info({ readModel: this.#options.name, reason, sequence }, 'read model rebuilt');
    }
    if (!this.#stopped) await this.#follow();
  }

  #requestRebuild(reason: string): void {
    if (this.#stopped) return;
    this.#rebuilding ??= this.#rebuild(reason)
      .catch((error: unknown) => {
        this.#options.logger.error({ err: error, readModel: this.#options.name, reason }, 'read model rebuild failed; retrying');
        setTimeout(() => this.#requestRebuild(reason), 1000).unref();
      })
      .finally(() => {
        this.#rebuilding = undefined;
      });
  }

  /** Waits for a rebuild in progress, if any. */
  async settled(): Promise<void> {
    while (this.#rebuilding) await this.#rebuilding;
  }

  async #follow(): Promise<void> {
    const events = this.#options.events;
    if (!events) return;
    const consumer = await events.nc.jetstream().consumers.get(events.stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: this.#sequence + 1,
    });
    const messages = await consumer.consume();
    this.#consumer = messages;
    this.#loop = (async () => {
      for await (const message of messages) {
        if (!(await this.#handle(message))) return;
      }
    })().catch((error: unknown) => {
      this.#options.logger.warn({ err: error, readModel: this.#options.name }, 'read model consumer failed');
      this.#requestRebuild('consumer failed');
    });
  }

  /** Applies one event; false when it found a gap (a rebuild is requested). */
  async #handle(message: JsMsg): Promise<boolean> {
    const events = this.#options.events!;
    const sequence = message.info.streamSequence;
    if (sequence <= this.#sequence) return true;
    if (sequence !== this.#sequence + 1) {
      this.#options.logger.warn({ readModel: this.#options.name, expected: this.#sequence + 1, got: sequence }, 'read model missed events');
      this.#requestRebuild('gap');
      return false;
    }
    let id: string | null = null;
    try {
      id = events.recordIdOf(message.subject, message.json());
    } catch (error) {
      this.#options.logger.warn({ err: error, subject: message.subject, seq: sequence }, 'read model skipped a malformed event');
    }
    const own = message.headers?.get(EVENT_ORIGIN_HEADER) === this.origin;
    if (id && own && !this.#foreign.has(id)) {
      this.ownEventsSkipped += 1;
      id = null;
    } else if (id && !own) {
      this.#foreign.set(id, sequence);
    }
    if (id) {
      this.eventRereads += 1;
      try {
        await this.refresh(id);
      } catch (error) {
        this.#options.logger.warn({ err: error, id }, 'read model could not re-read a record');
        this.#requestRebuild('refresh failed');
        return false;
      }
    }
    this.#sequence = sequence;
    return true;
  }

  async #stopConsumer(): Promise<void> {
    const consumer = this.#consumer;
    this.#consumer = undefined;
    if (!consumer) return;
    await consumer.close().catch(() => undefined);
    await this.#loop;
  }

  /** Stops following events (the state stays). */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#stopConsumer();
    await this.#rebuilding?.catch(() => undefined);
    void this.#statusLoop;
  }

  /** Follows events again after stop(), from the last applied sequence (a gap then rebuilds). */
  async resume(): Promise<void> {
    this.#stopped = false;
    await this.#follow();
  }
}
