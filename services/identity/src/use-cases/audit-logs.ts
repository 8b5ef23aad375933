import { auditLogQuerySchema } from '@venuebook/proto/domain';
import type { StoredAuditEntry } from '@venuebook/proto/codecs/admin';
import type { DomainEvent } from '@venuebook/service-kit';
import { GrpcError } from '@venuebook/proto/grpc';
import { boundAuditEntry, fitAuditEntry } from '../domain/audit-entry.ts';
import type { AuditLogRepository } from '../repositories/audit-log.repository.ts';

export interface AuditLogDeps {
  auditLogs: AuditLogRepository;
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

/** The audit log (spec §2 'Audit Logs', §3 audit_logs): stored from the audit stream, read by owners. */
export function auditLogUseCases({ auditLogs, now, stored }: AuditLogDeps) {
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
      const inserted = await auditLogs.insert(entry, receivedAt);
      await stored?.(entry.id);
      return inserted;
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
      const { entries, total } = await auditLogs.list(
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
