import type { Model } from 'mongoose';
import { RecordCache } from '@venuebook/service-kit';
import type { StoredAuditEntry } from '@venuebook/contracts/codecs/admin';
import type { AuditLogDocument } from './audit-log.model.ts';

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
  readonly #entries: RecordCache<StoredAuditEntry>;

  /** `entries`: the entries kept whole (auditEntryCache), also given each entry this repository stores. */
  constructor(model: Model<AuditLogDocument>, entries: RecordCache<StoredAuditEntry>) {
    this.#model = model;
    this.#entries = entries;
  }

  /** Stores an entry once: the stored document, or null when its id is already stored (a redelivery). */
  async insert(entry: StoredAuditEntry, receivedAt: Date): Promise<AuditLogDocument | null> {
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
      return null;
    }
    // As a read by _id would give it (the values through their JSON text): the newest entries, the most read, need no read.
    this.#entries.set(entry.id, toEntry(doc));
    return doc;
  }

  /** The entries of `ids`, in that order, from the cache or by `_id` (a few at once); a missing one is left out. */
  async entriesOf(ids: readonly string[]): Promise<StoredAuditEntry[]> {
    const entries: (StoredAuditEntry | null)[] = [];
    for (let start = 0; start < ids.length; start += PAGE_READS_AT_ONCE) {
      entries.push(...(await Promise.all(ids.slice(start, start + PAGE_READS_AT_ONCE).map((id) => this.#entries.get(id)))));
    }
    // Entries are never deleted; a missing one (a database restored to an older state) is left out.
    return entries.filter((entry): entry is StoredAuditEntry => entry !== null);
  }
}
