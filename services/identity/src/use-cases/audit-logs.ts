import { auditLogQuerySchema } from '@venuebook/domain';
import type { StoredAuditEntry } from '@venuebook/contracts/codecs/admin';
import type { DomainEvent } from '@venuebook/service-kit';
import { GrpcError } from '@venuebook/grpc';
import { boundAuditEntry, fitAuditEntry } from '../domain/audit-entry.ts';
import type { AuditLogReadModel } from '../read-model/audit-log-read-model.ts';
import type { AuditLogRepository } from '../repositories/audit-log.repository.ts';

export interface AuditLogDeps {
  auditLogs: AuditLogRepository;
  /** The log's list (in memory): every entry stored here joins it at once. */
  auditList: AuditLogReadModel;
  now: () => Date;
  /**
   * Tells the other replicas that an entry is stored (they add it to their list); throws when it cannot, so
   * that the event is delivered again (a repeat is harmless: the entry is stored once, the news told again).
   */
  stored?: (entryId: string) => Promise<void>;
}

/** The request as it arrives over gRPC ('' and 0 mean "not given"). */
export interface AuditLogRequest {
  page: number;
  pageSize: number;
  tableName: string;
  action: string;
  userId: string;
  recordId: string;
  from: string;
  to: string;
}

/** What a page is filtered by; every field is optional and they combine. */
interface AuditLogFilter {
  tableName?: string;
  action?: string;
  userId?: string;
  recordId?: string;
  from?: Date;
  to?: Date;
}

/** The audit log (spec §2 'Audit Logs', §3 audit_logs): stored from the audit stream, read by owners. */
export function auditLogUseCases({ auditLogs, auditList, now, stored }: AuditLogDeps) {
  /**
   * A page, newest first, and the number of matching entries: both from the list in memory (FerretDB v1 neither
   * filters, sorts nor counts through indexes), then the page's entries from the cache or by `_id`.
   */
  const page = async (filter: AuditLogFilter, number: number, pageSize: number): Promise<{ entries: StoredAuditEntry[]; total: number }> => {
    const from = filter.from?.getTime();
    const to = filter.to?.getTime();
    const { items, total } = auditList.query({
      sort: 'newest',
      offset: (number - 1) * pageSize,
      limit: pageSize,
      filter: (entry) =>
        (filter.tableName === undefined || entry.tableName === filter.tableName) &&
        (filter.action === undefined || entry.action === filter.action) &&
        (filter.userId === undefined || entry.userId === filter.userId) &&
        (filter.recordId === undefined || entry.recordId === filter.recordId) &&
        (from === undefined || entry.at >= from) &&
        (to === undefined || entry.at < to),
    });
    return { entries: await auditLogs.entriesOf(items.map((item) => item.id)), total };
  };

  return {
    /**
     * Stores an audit event once (idempotent on the event id); false for a repeat. Whoever published it, it is
     * bounded as the kit's recorder would (see boundAuditEntry): values redacted and cut, ids clipped, and its
     * time (occurredAt, which orders the log) no later than its receipt (receivedAt, stored beside it).
     */
    async storeAuditEvent(event: DomainEvent<'venuebook.audit.entry.recorded.v1'>): Promise<boolean> {
      const receivedAt = now();
      const entry = boundAuditEntry(
        {
          id: event.id,
          userId: event.actor?.userId || null,
          userEmail: event.actor?.email || null,
          action: event.data.action,
          tableName: event.data.table,
          recordId: event.data.recordId,
          oldValues: event.data.oldValues,
          newValues: event.data.newValues,
          createdAt: new Date(event.occurredAt),
          service: event.data.service,
        },
        receivedAt,
      );
      const doc = await auditLogs.insert(entry, receivedAt);
      // A redelivery: the stored entry is read into the list again (it may have been stored by a process that
      // stopped before its list heard of it).
      if (doc) auditList.apply(entry.id, doc);
      else await auditList.refresh(entry.id);
      await stored?.(entry.id);
      return doc !== null;
    },

    /** A page, newest first; the handler has checked 'audit.view'. Bounds and filters as in the HTTP API. */
    async listAuditLogs(request: AuditLogRequest): Promise<{ entries: StoredAuditEntry[]; total: number; page: number; pageSize: number }> {
      const parsed = auditLogQuerySchema.safeParse({
        page: request.page || undefined,
        pageSize: request.pageSize || undefined,
        table: request.tableName || undefined,
        action: request.action || undefined,
        userId: request.userId || undefined,
        recordId: request.recordId || undefined,
        from: request.from || undefined,
        to: request.to || undefined,
      });
      if (!parsed.success) {
        throw GrpcError.invalidArgument(
          'Invalid request',
          parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'request'), message: issue.message })),
        );
      }
      const q = parsed.data;
      const { entries, total } = await page(
        {
          ...(q.table ? { tableName: q.table } : {}),
          ...(q.action ? { action: q.action } : {}),
          ...(q.userId ? { userId: q.userId } : {}),
          ...(q.recordId ? { recordId: q.recordId } : {}),
          ...(q.from ? { from: new Date(q.from) } : {}),
          ...(q.to ? { to: new Date(q.to) } : {}),
        },
        q.page,
        q.pageSize,
      );
      // Within the size bounds as served: rows stored before entries were bounded on receipt must not make a page too large.
      return { entries: entries.map(fitAuditEntry), total, page: q.page, pageSize: q.pageSize };
    },
  };
}

export type AuditLogUseCases = ReturnType<typeof auditLogUseCases>;
