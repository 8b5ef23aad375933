import { AuditLogTable } from './audit-log-table.tsx';
import { useAuditLogUrlFilters } from './use-audit-log.ts';

/**
 * Audit Logs (/audit-logs, spec §2): the whole log, its filters in the address (a filtered view can be shared). The
 * route admits admins and owners (others are sent home by the shell); the server serves the log to owners only, so
 * an admin who is not the owner sees an access-denied card.
 */
export function AuditLogsPage() {
  const { filters, onFiltersChange } = useAuditLogUrlFilters();
  return <AuditLogTable filters={filters} onFiltersChange={onFiltersChange} />;
}
