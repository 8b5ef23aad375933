import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { RecordCache } from '@venuebook/service-kit';
import type { StoredAuditEntry } from '@venuebook/proto/codecs/admin';
import type { AuditLogReadModel } from '../read-model/audit-log-read-model.ts';

/**
 * audit_logs (spec §3): one document per audit event, `_id` = the event id, so that a redelivered event is
 * a duplicate-key insert (atomic on FerretDB v1 too) and is stored once. Old and new values are kept as JSON
 * text: the services' field names never become stored keys (FerretDB v1 refuses some, e.g. with '$' or '.').
 */
export interface AuditLogDocument {
  _id: string;
  userId: string | null;
  userEmail: string | null;
  action: string;
  tableName: string;
  recordId: string | null;
  oldValuesJson: string | null;
  newValuesJson: string | null;
  /** When the change happened (the event's occurredAt). */
  createdAt: Date;
  service: string;
  receivedAt: Date;
}

export const auditLogSchema = new Schema<AuditLogDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, default: null },
    userEmail: { type: String, default: null },
    action: { type: String, required: true },
    tableName: { type: String, required: true },
    recordId: { type: String, default: null },
    oldValuesJson: { type: String, default: null },
    newValuesJson: { type: String, default: null },
    createdAt: { type: Date, required: true },
    service: { type: String, required: true },
    receivedAt: { type: Date, required: true },
  },
  { collection: 'audit_logs', versionKey: false, strict: 'throw' },
);
// No secondary index: the list comes from the read model; the database is read by `_id` only.

export function auditLogModel(connection: Connection): Model<AuditLogDocument> {
  const existing = connection.models.AuditLog as Model<AuditLogDocument> | undefined;
  return existing ?? connection.model<AuditLogDocument>('AuditLog', auditLogSchema);
}

/** What a page is filtered by; every field is optional and they combine (all top-level equality or range). */
export interface AuditLogFilter {
  tableName?: string;
  action?: string;
  userId?: string;
  recordId?: string;
  from?: Date;
  to?: Date;
}

const parseValues = (json: string | null): Record<string, unknown> | null => (json ? (JSON.parse(json) as Record<string, unknown>) : null);

export function toEntry(doc: AuditLogDocument): StoredAuditEntry {
  return {
    id: doc._id,
    userId: doc.userId,
    userEmail: doc.userEmail,
    action: doc.action,
    tableName: doc.tableName,
    recordId: doc.recordId,
    oldValues: parseValues(doc.oldValuesJson),
    newValues: parseValues(doc.newValuesJson),
    createdAt: doc.createdAt,
    service: doc.service,
  };
}

/** Entries read by `_id` at once for one page (each a point read; `$in` would scan the collection on FerretDB v1). */
const PAGE_READS_AT_ONCE = 25;

/**
 * Audit entries kept whole in memory (values parsed), least recently read out first, at most `maxBytes`
 * (approximate); a miss is one read by `_id`. Entries never change, so a kept one is never stale.
 */
export function auditEntryCache(model: Model<AuditLogDocument>, maxBytes: number): RecordCache<StoredAuditEntry> {
  return new RecordCache<StoredAuditEntry>({
    maxBytes,
    load: async (id) => {
      const doc = await model.findById(id).lean<AuditLogDocument>().exec();
      return doc ? toEntry(doc) : null;
    },
    sizeOf: entryBytes,
  });
}

/** Approximate bytes of an entry in memory: its values as JSON, its strings, and the objects around them. */
function entryBytes(entry: StoredAuditEntry): number {
  const text = (value: string | null): number => (value?.length ?? 0) * 2;
  return (
    400 +
    text(entry.id) +
    text(entry.userId) +
    text(entry.userEmail) +
    text(entry.recordId) +
    2 * (JSON.stringify(entry.oldValues ?? null).length + JSON.stringify(entry.newValues ?? null).length)
  );
}

export class AuditLogRepository {
  readonly #model: Model<AuditLogDocument>;
  readonly #readModel: AuditLogReadModel;
  readonly #entries: RecordCache<StoredAuditEntry>;

  /**
   * `readModel`: the list (started by the caller); every entry this repository stores is added to it at once.
   * `entries`: the entries kept whole (auditEntryCache), also given each entry this repository stores.
   */
  constructor(model: Model<AuditLogDocument>, readModel: AuditLogReadModel, entries: RecordCache<StoredAuditEntry>) {
    this.#model = model;
    this.#readModel = readModel;
    this.#entries = entries;
  }

  /**
   * Stores an entry once: false when its id is already stored (a redelivery: the stored one is re-read into
   * the list, as it may have been stored by a process that stopped before the list heard of it).
   */
  async insert(entry: StoredAuditEntry, receivedAt: Date): Promise<boolean> {
    const doc: AuditLogDocument = {
      _id: entry.id,
      userId: entry.userId,
      userEmail: entry.userEmail,
      action: entry.action,
      tableName: entry.tableName,
      recordId: entry.recordId,
      oldValuesJson: entry.oldValues ? JSON.stringify(entry.oldValues) : null,
      newValuesJson: entry.newValues ? JSON.stringify(entry.newValues) : null,
      createdAt: entry.createdAt,
      service: entry.service,
      receivedAt,
    };
    try {
      await this.#model.create(doc);
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      await this.#readModel.refresh(entry.id);
      return false;
    }
    // As a read by _id would give it (the values through their JSON text): the newest entries, the most read, need no read.
    this.#entries.set(entry.id, toEntry(doc));
    this.#readModel.apply(entry.id, doc);
    return true;
  }

  /**
   * A page, newest first, and the number of matching entries: both from the read model (FerretDB v1 neither
   * filters, sorts nor counts through indexes: each such query scans the collection), then the page's entries
   * from the cache or by `_id`, one point read each.
   */
  async list(filter: AuditLogFilter, page: number, pageSize: number): Promise<{ entries: StoredAuditEntry[]; total: number }> {
    const from = filter.from?.getTime();
    const to = filter.to?.getTime();
    const { items, total } = this.#readModel.query({
      sort: 'newest',
      offset: (page - 1) * pageSize,
      limit: pageSize,
      filter: (entry) =>
        (filter.tableName === undefined || entry.tableName === filter.tableName) &&
        (filter.action === undefined || entry.action === filter.action) &&
        (filter.userId === undefined || entry.userId === filter.userId) &&
        (filter.recordId === undefined || entry.recordId === filter.recordId) &&
        (from === undefined || entry.at >= from) &&
        (to === undefined || entry.at < to),
    });
    const entries: (StoredAuditEntry | null)[] = [];
    for (let start = 0; start < items.length; start += PAGE_READS_AT_ONCE) {
      entries.push(...(await Promise.all(items.slice(start, start + PAGE_READS_AT_ONCE).map((item) => this.#entries.get(item.id)))));
    }
    // Entries are never deleted; a missing one (a database restored to an older state) is left out.
    return { entries: entries.filter((entry): entry is StoredAuditEntry => entry !== null), total };
  }
}
