import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import type { StoredAuditEntry } from '@venuebook/proto/codecs/admin';

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
// MongoDB pages through these; FerretDB v1 scans the collection anyway (see AuditLogRepository.list).
auditLogSchema.index({ createdAt: -1, _id: -1 });
auditLogSchema.index({ tableName: 1, createdAt: -1 });
auditLogSchema.index({ recordId: 1, createdAt: -1 });

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

function toEntry(doc: AuditLogDocument): StoredAuditEntry {
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

export class AuditLogRepository {
  readonly #model: Model<AuditLogDocument>;

  constructor(model: Model<AuditLogDocument>) {
    this.#model = model;
  }

  /** Stores an entry once: false when its id is already stored (a redelivery). */
  async insert(entry: StoredAuditEntry, receivedAt: Date): Promise<boolean> {
    try {
      await this.#model.create({
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
      });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  }

  /**
   * A page, newest first, and the number of matching entries. The query stays simple on purpose — top-level
   * equality and one date range, sorted by time — because FerretDB v1 neither sorts nor counts through
   * indexes: each page scans the collection twice (find, count). A read model fed by the same events
   * (the later read-model issue) would serve large logs.
   */
  async list(filter: AuditLogFilter, page: number, pageSize: number): Promise<{ entries: StoredAuditEntry[]; total: number }> {
    const query: Record<string, unknown> = {};
    if (filter.tableName) query.tableName = filter.tableName;
    if (filter.action) query.action = filter.action;
    if (filter.userId) query.userId = filter.userId;
    if (filter.recordId) query.recordId = filter.recordId;
    if (filter.from || filter.to) query.createdAt = { ...(filter.from ? { $gte: filter.from } : {}), ...(filter.to ? { $lt: filter.to } : {}) };
    const [docs, total] = await Promise.all([
      this.#model
        .find(query)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<AuditLogDocument[]>()
        .exec(),
      this.#model.countDocuments(query).exec(),
    ]);
    return { entries: docs.map(toEntry), total };
  }
}
