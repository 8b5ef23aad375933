// The audit log's page sizes and display rules, apart from its zod schemas (audit-log.ts): the sdk, which every
// page loads, needs these but no zod.
import type { AuditLogEntry } from './audit-log.ts';

/** Spec §9 names 1000 rows on the audit page; the API serves it in pages (newest first) of at most this many. */
export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_PAGE_MAX = 1_000_000;

/**
 * Spec §9: how many of the newest entries a screen shows (the default, the sync page's Audit Logs tab, the
 * Audit Logs page). A screen reads them in pages of at most AUDIT_PAGE_SIZE_MAX: one response stays well
 * inside the gRPC message limit (an entry's old and new values are each bounded: 8 KiB of JSON by the kit's
 * recorder, 12 KiB on the wire as identity stores them).
 */
export const AUDIT_LOG_LIMITS = { default: 100, syncPage: 200, auditPage: 1000 } as const;

/** Spec §2: the action badge's style by action (create/insert, update/edit, delete/remove, anything else). */
export function auditActionTone(action: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  const a = action.toLowerCase();
  if (a.includes('create') || a.includes('insert')) return 'default';
  if (a.includes('update') || a.includes('edit')) return 'secondary';
  if (a.includes('delete') || a.includes('remove')) return 'destructive';
  return 'outline';
}

/** The user id a worker signs its calls with: `worker:<name>` (no user has one; user ids are UUIDs). */
export const workerUserId = (name: string): string => `worker:${name}`;

/** The worker's name of a worker's user id, else null. */
export const workerOfUserId = (userId: string): string | null => (userId.startsWith('worker:') ? userId.slice('worker:'.length) : null);

/**
 * Spec §2: the user column: e-mail; else 'Unknown User' when there is a user id; else 'System'. A worker (the Drive
 * sync, the webhook) is the system too, named: 'System (drive)'.
 */
export function auditUserLabel(entry: Pick<AuditLogEntry, 'userId' | 'userEmail'>): string {
  if (entry.userEmail) return entry.userEmail;
  const worker = entry.userId ? workerOfUserId(entry.userId) : null;
  if (worker) return `System (${worker})`;
  return entry.userId ? 'Unknown User' : 'System';
}

/** Spec §9: a record id shows its first 8 characters. */
export const AUDIT_RECORD_ID_CHARS = 8;

/** Spec §2/§9: the record id's first 8 characters and an ellipsis (a shorter id whole), or N/A. */
export function auditRecordIdLabel(recordId: string | null): string {
  if (!recordId) return 'N/A';
  return recordId.length > AUDIT_RECORD_ID_CHARS ? `${recordId.slice(0, AUDIT_RECORD_ID_CHARS)}…` : recordId;
}
