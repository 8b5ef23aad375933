// The audit log's list for the screens of this remote that show it: the Audit Logs page, and the sync page's
// 'Audit Logs' tab (its tables fixed, spec §2 'G-Drive Sync Logs').
export { AuditLogTable } from './audit-log-table.tsx';
export type { AuditLogTableProps } from './audit-log-table.tsx';
export { useAuditLogUrlFilters } from './use-audit-log.ts';
export { NO_AUDIT_FILTERS } from './audit-log-filters.ts';
export type { AuditLogFilterValues, AuditLogFixedFilters } from './audit-log-filters.ts';
