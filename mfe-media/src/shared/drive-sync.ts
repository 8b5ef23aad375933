// A document's Google Drive copy as the Documents and Photos pages show it: a short state, its colour, what a hover
// or a screen reader adds (retries, the error), and whether the list should be read again soon (a copy is on its way
// to Drive).
import type { VenueDocumentDto as VenueDocument } from '@venuebook/domain';

export interface DriveSyncView {
  status: VenueDocument['sync']['status'];
  label: string;
  colorPalette: 'gray' | 'blue' | 'green' | 'red';
  /** Retries and the error, when there are any. */
  detail: string;
  /** The file in Google Drive, once it is synced. */
  url: string | null;
}

const LABELS: Record<DriveSyncView['status'], Pick<DriveSyncView, 'label' | 'colorPalette'>> = {
  pending: { label: 'Drive: pending', colorPalette: 'gray' },
  syncing: { label: 'Drive: syncing', colorPalette: 'blue' },
  completed: { label: 'In Drive', colorPalette: 'green' },
  failed: { label: 'Drive sync failed', colorPalette: 'red' },
};

export function driveSyncView(document: Pick<VenueDocument, 'sync' | 'googleDriveUrl'>): DriveSyncView {
  const { status, retryCount, maxRetries, error } = document.sync;
  const retries = retryCount > 0 ? `Retries: ${retryCount}/${maxRetries}` : '';
  return {
    status,
    ...LABELS[status],
    detail: [retries, error ?? ''].filter(Boolean).join(' · '),
    url: status === 'completed' ? document.googleDriveUrl : null,
  };
}

/** A pending document uploaded longer ago than this waits for something else (Drive not configured, a retry later). */
const FRESH_UPLOAD_MS = 15 * 60_000;

/**
 * How soon to read a venue's documents again: soon while any is syncing or was uploaded lately and is pending (its
 * copy is on its way), else `idleMs`.
 */
export function driveRefreshInterval(
  documents: readonly Pick<VenueDocument, 'sync' | 'uploadedAt'>[] | undefined,
  idleMs: number,
  now: number = Date.now(),
  busyMs = 5000,
): number {
  const moving =
    documents?.some(
      (document) => document.sync.status === 'syncing' || (document.sync.status === 'pending' && now - Date.parse(document.uploadedAt) < FRESH_UPLOAD_MS),
    ) ?? false;
  return moving ? Math.min(busyMs, idleMs) : idleMs;
}
