import { z } from 'zod';
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE_DEFAULT, AUDIT_PAGE_SIZE_MAX } from './audit-log-labels.ts';

// The page sizes and display rules are in audit-log-labels.ts (free of zod, for the browser's first pages).
export * from './audit-log-labels.ts';

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
