// Google Drive sync's pure rules (spec §2 'G-Drive Sync Logs', 'G-Drive Sync Controls', §8 'Admin', §9): the texts,
// the toasts of Trigger Sync, Refresh and Clear & Reset, the count badges, an item's lines and the sync page's part of
// the audit log. Free of React.
import {
  AUDIT,
  AUDIT_LOG_LIMITS,
  SYNC,
  type NotifyOptions,
  type SyncQueueItem,
  type SyncQueueList,
  type SyncState,
  type TriggerSyncResult,
} from '@venuebook/sdk';
import { formatAuditTimestamp } from '../audit-logs/audit-log-display.ts';

/** The pages' texts; spec §2 and §8 verbatim where the spec gives them. */
export const SYNC_TEXT = {
  logsTitle: 'Google Drive Sync Logs',
  controlsTitle: 'Google Drive Sync Controls',
  loading: 'Loading...',
  accessDenied: 'Access Denied',
  logsAccessDenied: 'You need administrator privileges to access sync logs.',
  controlsAccessDenied: 'You need administrator privileges to access sync controls.',
  queueTab: 'Sync Queue',
  auditTab: 'Audit Logs',
  clearReset: 'Clear & Reset',
  clearing: 'Clearing...',
  refresh: 'Refresh',
  triggerSync: 'Trigger Sync',
  syncing: 'Syncing...',
  triggerAll: 'Trigger Google Drive Sync',
  viewQueue: 'View Sync Queue',
  dialogTitle: 'Google Drive Sync Queue',
  unknownFile: 'Unknown File',
  unknownFileInDialog: 'Unknown file',
  unknownVenue: 'Unknown',
  emptyQueue: 'No items in sync queue',
  emptyVenueQueue: 'No items in the queue for this venue.',
  noSyncAuditLogs: 'No sync-related audit logs found',
  auditOwnerOnly: 'Only the owner can view the audit logs.',
  queueLoadFailed: 'Failed to load the sync queue',
  openInDrive: 'Open in Drive',
  /** The confirmations before Clear & Reset: of every venue (the logs page), of one venue (the dialog, spec §2). */
  confirmClearAll: 'Clear the sync queue of every venue and reset all their photos? Nothing syncs again until Trigger Sync queues them.',
  confirmClearVenue: 'Clear the sync queue and reset all photos for this venue?',
  chooseVenue: 'Choose a venue to see its queue.',
} as const;

/** What a failed call says: its message, or '' when it has none (the toast then uses its fallback). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message.trim() : '';
}

/**
 * The toast of Trigger Sync (spec §8 'Sync trigger'): the items handed to the worker (`processed`) and the documents
 * queued for the first time (`bootstrapped`), in one toast (spec §9: one toast at a time); 'No photos pending Google
 * Drive sync' when both are 0.
 */
export function triggerSyncToast(result: Pick<TriggerSyncResult, 'processed' | 'bootstrapped'>): NotifyOptions {
  const queued = `Queued ${result.bootstrapped} photo(s) for Google Drive sync`;
  if (result.processed > 0) {
    return {
      type: 'success',
      title: `Background sync completed: ${result.processed} photo(s) synced to Google Drive`,
      description: result.bootstrapped > 0 ? queued : undefined,
    };
  }
  if (result.bootstrapped > 0) return { type: 'success', title: queued };
  return { type: 'info', title: 'No photos pending Google Drive sync' };
}

/** Spec §8: a failed Trigger Sync, with the fallback when the failure has no message. */
export function triggerSyncFailedToast(error: unknown): NotifyOptions {
  const reason = reasonOf(error);
  return { type: 'error', title: reason ? `Background sync failed: ${reason}` : 'Background sync failed' };
}

/** Spec §8 'Refresh'. */
export function refreshToast(error: unknown | null): NotifyOptions {
  if (error === null) return { type: 'success', title: 'Data refreshed successfully' };
  return { type: 'error', title: `Failed to refresh data: ${reasonOf(error) || 'Unknown error'}` };
}

/** Spec §8 'Global clear': Clear & Reset of every venue's queue (the logs page). */
export function clearAllToast(error: unknown | null): NotifyOptions {
  if (error === null) return { type: 'success', title: 'Sync queue cleared and reset successfully' };
  const reason = reasonOf(error);
  return { type: 'error', title: reason ? `Failed to clear queue: ${reason}` : 'Failed to clear queue' };
}

/** Spec §8 'Venue reset': Clear & Reset of one venue's queue (the dialog). */
export function venueResetToast(outcome: { removedQueue: number; resetDocs: number } | { error: unknown }): NotifyOptions {
  if ('error' in outcome) return { type: 'error', title: `Reset failed: ${reasonOf(outcome.error) || 'Unknown error'}` };
  return { type: 'success', title: `Reset complete: ${outcome.removedQueue} queue item(s) cleared, ${outcome.resetDocs} document(s) reset` };
}

/** A status's badge: its word and colour palette. */
export const STATUS_BADGES: Readonly<Record<SyncState, { label: string; palette: string }>> = {
  pending: { label: 'Pending', palette: 'orange' },
  syncing: { label: 'Syncing', palette: 'blue' },
  completed: { label: 'Completed', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};

export interface CountBadge {
  state: SyncState;
  count: number;
  /** '3 completed'. */
  text: string;
  palette: string;
}

/**
 * The count badges above a queue (spec §2): completed always; pending and failed only when above 0; syncing too when
 * above 0 (a state the spec's queue does not have: an item a worker is uploading right now).
 */
export function countBadges(counts: SyncQueueList['counts']): CountBadge[] {
  const order: readonly SyncState[] = ['completed', 'pending', 'syncing', 'failed'];
  return order
    .filter((state) => state === 'completed' || counts[state] > 0)
    .map((state) => ({ state, count: counts[state], text: `${counts[state].toLocaleString('en-US')} ${state}`, palette: STATUS_BADGES[state].palette }));
}

/** An item's retries (spec §2): 'Retries: n/max'. */
export function retriesText(item: Pick<SyncQueueItem, 'retryCount' | 'maxRetries'>): string {
  return `Retries: ${item.retryCount}/${item.maxRetries}`;
}

/** An item's time as the audit log shows times ('MMM dd, yyyy HH:mm:ss', the browser's zone); '' without one. */
export function itemTime(iso: string | null): string {
  return iso ? formatAuditTimestamp(iso) : '';
}

/**
 * The sync page's part of the audit log (spec §9 'Sync-related audit filter': an action containing 'sync', 'gdrive'
 * or 'upload', or the table venue_documents or gdrive_sync_queue). The API filters by table, so the tab reads those
 * two tables: every sync action recorded is on one of them (Trigger Sync 'gdrive_sync' and Clear & Reset
 * 'reset_gdrive_queue' on gdrive_sync_queue, an upload 'create' on venue_documents). The newest 200 are shown.
 */
export const SYNC_AUDIT = {
  tables: AUDIT.syncTables,
  limit: AUDIT_LOG_LIMITS.syncPage,
} as const;

/** The sync logs page's tabs, in the address as `?tab=`; Sync Queue by default (spec §9). */
export const SYNC_LOG_TABS = ['queue', 'audit'] as const;
export type SyncLogTab = (typeof SYNC_LOG_TABS)[number];

/** The tab the address names, or the default. */
export function syncLogTab(value: string | null): SyncLogTab {
  return (SYNC_LOG_TABS as readonly string[]).includes(value ?? '') ? (value as SyncLogTab) : SYNC.defaultLogsTab;
}
