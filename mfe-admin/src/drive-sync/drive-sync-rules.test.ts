import { isSyncRelatedAuditEntry } from '@venuebook/domain';
import { ApiRequestError } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import {
  clearAllToast,
  countBadges,
  itemTime,
  reasonOf,
  refreshToast,
  retriesText,
  SYNC_AUDIT,
  SYNC_TEXT,
  syncLogTab,
  triggerSyncFailedToast,
  triggerSyncToast,
  venueResetToast,
} from './drive-sync-rules.ts';

const counts = (c: Partial<Record<'pending' | 'syncing' | 'completed' | 'failed', number>>) => ({ pending: 0, syncing: 0, completed: 0, failed: 0, ...c });
const failure = (message: string) => new ApiRequestError({ status: 503, code: 'unavailable', message });

describe('Trigger Sync toasts (spec §8)', () => {
  it('names the photos handed to the worker, and those queued for the first time', () => {
    expect(triggerSyncToast({ processed: 3, bootstrapped: 0 })).toEqual({
      type: 'success',
      title: 'Background sync completed: 3 photo(s) synced to Google Drive',
      description: undefined,
    });
    expect(triggerSyncToast({ processed: 5, bootstrapped: 2 })).toEqual({
      type: 'success',
      title: 'Background sync completed: 5 photo(s) synced to Google Drive',
      description: 'Queued 2 photo(s) for Google Drive sync',
    });
    // Drive not configured: the new documents are queued, nothing is handed to the worker.
    expect(triggerSyncToast({ processed: 0, bootstrapped: 4 })).toEqual({ type: 'success', title: 'Queued 4 photo(s) for Google Drive sync' });
  });

  it("says 'No photos pending Google Drive sync' as information when there was nothing to do", () => {
    expect(triggerSyncToast({ processed: 0, bootstrapped: 0 })).toEqual({ type: 'info', title: 'No photos pending Google Drive sync' });
  });

  it("names the failure's reason, or falls back to 'Background sync failed'", () => {
    expect(triggerSyncFailedToast(failure('Please try again'))).toEqual({ type: 'error', title: 'Background sync failed: Please try again' });
    expect(triggerSyncFailedToast(new Error(''))).toEqual({ type: 'error', title: 'Background sync failed' });
    expect(triggerSyncFailedToast('not an error')).toEqual({ type: 'error', title: 'Background sync failed' });
  });
});

describe('Refresh and Clear & Reset toasts (spec §8)', () => {
  it('refresh', () => {
    expect(refreshToast(null)).toEqual({ type: 'success', title: 'Data refreshed successfully' });
    expect(refreshToast(failure('Service unavailable'))).toEqual({ type: 'error', title: 'Failed to refresh data: Service unavailable' });
  });

  it("global clear, with the fallback 'Failed to clear queue'", () => {
    expect(clearAllToast(null)).toEqual({ type: 'success', title: 'Sync queue cleared and reset successfully' });
    expect(clearAllToast(failure('Forbidden'))).toEqual({ type: 'error', title: 'Failed to clear queue: Forbidden' });
    expect(clearAllToast(new Error())).toEqual({ type: 'error', title: 'Failed to clear queue' });
  });

  it("venue reset, with the counts, or the reason and the fallback 'Unknown error'", () => {
    expect(venueResetToast({ removedQueue: 3, resetDocs: 2 })).toEqual({
      type: 'success',
      title: 'Reset complete: 3 queue item(s) cleared, 2 document(s) reset',
    });
    expect(venueResetToast({ error: failure('Venue not found') })).toEqual({ type: 'error', title: 'Reset failed: Venue not found' });
    expect(venueResetToast({ error: undefined })).toEqual({ type: 'error', title: 'Reset failed: Unknown error' });
  });

  it('reads a reason only from an error with a message', () => {
    expect(reasonOf(failure(' busy '))).toBe('busy');
    expect([reasonOf(null), reasonOf('text'), reasonOf({ message: 'x' })]).toEqual(['', '', '']);
  });
});

describe('count badges (spec §2)', () => {
  it('always shows completed; pending, syncing and failed only above 0', () => {
    expect(countBadges(counts({})).map((b) => b.text)).toEqual(['0 completed']);
    expect(countBadges(counts({ completed: 1200, pending: 2, failed: 1 })).map((b) => b.text)).toEqual(['1,200 completed', '2 pending', '1 failed']);
    expect(countBadges(counts({ syncing: 1 })).map((b) => [b.state, b.count, b.palette])).toEqual([
      ['completed', 0, 'green'],
      ['syncing', 1, 'blue'],
    ]);
  });
});

describe("an item's lines", () => {
  it("shows retries as 'Retries: n/max' and times as the audit log does", () => {
    expect(retriesText({ retryCount: 2, maxRetries: 8 })).toBe('Retries: 2/8');
    expect(itemTime('2026-03-05T09:30:15Z')).toMatch(/^Mar 0[45], 2026 \d{2}:\d{2}:15$/);
    expect(itemTime(null)).toBe('');
  });

  it('has the spec texts of unknown files and venues and of empty queues', () => {
    expect([SYNC_TEXT.unknownFile, SYNC_TEXT.unknownFileInDialog, SYNC_TEXT.unknownVenue]).toEqual(['Unknown File', 'Unknown file', 'Unknown']);
    expect([SYNC_TEXT.emptyQueue, SYNC_TEXT.emptyVenueQueue, SYNC_TEXT.noSyncAuditLogs]).toEqual([
      'No items in sync queue',
      'No items in the queue for this venue.',
      'No sync-related audit logs found',
    ]);
    expect(SYNC_TEXT.confirmClearVenue).toBe('Clear the sync queue and reset all photos for this venue?');
  });
});

describe("the sync page's audit log (spec §9)", () => {
  it('reads the newest 200 entries of the sync tables, which hold every sync-related action recorded', () => {
    expect(SYNC_AUDIT.limit).toBe(200);
    expect([...SYNC_AUDIT.tables].sort()).toEqual(['gdrive_sync_queue', 'venue_documents']);
    // What the services record for Trigger Sync, Clear & Reset and an upload: sync-related, and on those tables.
    for (const entry of [
      { action: 'gdrive_sync', tableName: 'gdrive_sync_queue' },
      { action: 'reset_gdrive_queue', tableName: 'gdrive_sync_queue' },
      { action: 'create', tableName: 'venue_documents' },
      { action: 'update', tableName: 'venue_documents' },
    ]) {
      expect(isSyncRelatedAuditEntry(entry), entry.action).toBe(true);
      expect(SYNC_AUDIT.tables as readonly string[]).toContain(entry.tableName);
    }
    expect(isSyncRelatedAuditEntry({ action: 'update', tableName: 'venues' })).toBe(false);
  });

  it('opens on the Sync Queue tab unless the address names the other', () => {
    expect([syncLogTab(null), syncLogTab(''), syncLogTab('nope'), syncLogTab('queue'), syncLogTab('audit')]).toEqual([
      'queue',
      'queue',
      'queue',
      'queue',
      'audit',
    ]);
  });
});
