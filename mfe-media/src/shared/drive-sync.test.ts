import { describe, expect, it } from 'vitest';
import { driveRefreshInterval, driveSyncView } from './drive-sync.ts';

const sync = (status: 'pending' | 'syncing' | 'completed' | 'failed', more: { retryCount?: number; error?: string | null } = {}) => ({
  status,
  retryCount: more.retryCount ?? 0,
  maxRetries: 8,
  error: more.error ?? null,
  syncedAt: null,
});

describe("a document's Drive state on the pages", () => {
  it('says where the copy stands, with the link only once it is synced', () => {
    expect(driveSyncView({ sync: sync('pending'), googleDriveUrl: null })).toEqual({
      status: 'pending',
      label: 'Drive: pending',
      colorPalette: 'gray',
      detail: '',
      url: null,
    });
    expect(driveSyncView({ sync: sync('completed'), googleDriveUrl: 'https://drive.google.com/file/d/x/view' })).toMatchObject({
      label: 'In Drive',
      colorPalette: 'green',
      url: 'https://drive.google.com/file/d/x/view',
    });
    // A link left from an earlier copy is not offered while the document is not synced.
    expect(driveSyncView({ sync: sync('syncing'), googleDriveUrl: 'https://drive.google.com/file/d/x/view' }).url).toBeNull();
  });

  it('tells the retries (n/max) and the error of a failed or retrying copy', () => {
    expect(driveSyncView({ sync: sync('failed', { retryCount: 8, error: 'Google Drive upload: 400 Invalid' }), googleDriveUrl: null })).toMatchObject({
      label: 'Drive sync failed',
      colorPalette: 'red',
      detail: 'Retries: 8/8 · Google Drive upload: 400 Invalid',
    });
    expect(driveSyncView({ sync: sync('pending', { retryCount: 2 }), googleDriveUrl: null }).detail).toBe('Retries: 2/8');
  });

  it('reads the list again soon while a copy is syncing or a recent upload is pending, not for ever when Drive waits', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    expect(
      driveRefreshInterval(
        [
          { sync: sync('completed'), uploadedAt: at(1) },
          { sync: sync('pending'), uploadedAt: at(1) },
        ],
        600_000,
        now,
      ),
    ).toBe(5000);
    expect(driveRefreshInterval([{ sync: sync('syncing'), uploadedAt: at(600) }], 600_000, now)).toBe(5000);
    expect(driveRefreshInterval([{ sync: sync('pending'), uploadedAt: at(60) }], 600_000, now)).toBe(600_000);
    expect(
      driveRefreshInterval(
        [
          { sync: sync('completed'), uploadedAt: at(1) },
          { sync: sync('failed'), uploadedAt: at(1) },
        ],
        600_000,
        now,
      ),
    ).toBe(600_000);
    expect(driveRefreshInterval(undefined, 600_000, now)).toBe(600_000);
  });
});
