import { z } from 'zod';

/** Spec §9 names 1000 rows on the audit page; the API serves it in pages (newest first) of at most this many. */
export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_PAGE_MAX = 1_000_000;

/**
 * Spec §9: how many of the newest entries a screen shows (the default, the sync page's Audit Logs tab, the
 * Audit Logs page). A screen reads them in pages of at most AUDIT_PAGE_SIZE_MAX: one response stays well
 * inside the gRPC message limit (an entry's old and new values are each at most 8 KB).
 */
export const AUDIT_LOG_LIMITS = { default: 100, syncPage: 200, auditPage: 1000 } as const;

/** Lower snake case names of actions and tables, as the services record them. */
export const auditActionSchema = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'lower snake case, at most 40 characters');
export const auditTableSchema = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'lower snake case, at most 63 characters');

const isoDateTime = z.iso.datetime({ offset: true });

/** Filters and page of the audit log (query parameters: no schema id). Every filter is optional; they combine. */
export const auditLogQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(1).describe('1-based page number'),
    pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT).describe('Entries per page'),
    table: auditTableSchema.optional().describe('Only changes of this table, e.g. venues'),
    action: auditActionSchema.optional().describe('Only this action, e.g. create'),
    userId: z.string().min(1).max(100).optional().describe('Only changes made by this user'),
    recordId: z.string().min(1).max(200).optional().describe('Only changes of this record'),
    from: isoDateTime.optional().describe('Entries at or after this time (RFC 3339)'),
    to: isoDateTime.optional().describe('Entries before this time (RFC 3339)'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'must be after from' });

export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z
  .object({
    id: z.string().describe('The event id'),
    userId: z.string().nullable().describe('Who made the change; null for the system'),
    userEmail: z.string().nullable().describe("The user's e-mail at the time; null when unknown"),
    action: z.string(),
    tableName: z.string(),
    recordId: z.string().nullable(),
    oldValues: z.record(z.string(), z.unknown()).nullable().describe('Changed fields before (secrets redacted, long values cut)'),
    newValues: z.record(z.string(), z.unknown()).nullable().describe('Changed fields after'),
    createdAt: z.string().describe('When the change happened (RFC 3339)'),
    service: z.string().describe('The service that made the change'),
  })
  .meta({ id: 'AuditLogEntry', description: 'One audited change (spec §3 audit_logs)' });

export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z
  .object({ entries: z.array(auditLogEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AuditLogPage', description: 'A page of the audit log, newest first' });

export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** Spec §2: the action badge's style by action (create/insert, update/edit, delete/remove, anything else). */
export function auditActionTone(action: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  const a = action.toLowerCase();
  if (a.includes('create') || a.includes('insert')) return 'default';
  if (a.includes('update') || a.includes('edit')) return 'secondary';
  if (a.includes('delete') || a.includes('remove')) return 'destructive';
  return 'outline';
}

/** Spec §2: the user column: e-mail; else 'Unknown User' when there is a user id; else 'System'. */
export function auditUserLabel(entry: Pick<AuditLogEntry, 'userId' | 'userEmail'>): string {
  if (entry.userEmail) return entry.userEmail;
  return entry.userId ? 'Unknown User' : 'System';
}

/** Spec §9: a record id shows its first 8 characters. */
export const AUDIT_RECORD_ID_CHARS = 8;

/** Spec §2/§9: the record id's first 8 characters and an ellipsis (a shorter id whole), or N/A. */
export function auditRecordIdLabel(recordId: string | null): string {
  if (!recordId) return 'N/A';
  return recordId.length > AUDIT_RECORD_ID_CHARS ? `${recordId.slice(0, AUDIT_RECORD_ID_CHARS)}…` : recordId;
}
