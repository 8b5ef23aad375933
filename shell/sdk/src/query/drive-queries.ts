import { SYNC, type SyncQueueList } from '@venuebook/domain';
import { queryOptions, type Query } from '@tanstack/react-query';
import { api, type ApiClient } from '../api/api-client.ts';

/** How often a sync queue on screen is read again while items are on their way to Drive (pending or syncing). */
export const SYNC_QUEUE_POLL_MS = 5_000;

/** Whether the queue has items on their way to Drive (pending or syncing), whose state will change by itself. */
export function syncQueueInMotion(queue: Pick<SyncQueueList, 'counts'> | undefined): boolean {
  return queue !== undefined && queue.counts.pending + queue.counts.syncing > 0;
}

/** The refetch interval of a queue read: polled while in motion, not after a failed read (its error stays on screen). */
export function syncQueuePollInterval(query: Pick<Query<SyncQueueList>, 'state'>): number | false {
  return query.state.status !== 'error' && syncQueueInMotion(query.state.data) ? SYNC_QUEUE_POLL_MS : false;
}

/**
 * Query keys and options of the Google Drive sync reads (`/admin/drive`, admins and owners), bound to an api client
 * (the app's `api` in `driveQueries`). `invalidateQueries({ queryKey: driveQueries.all })` reads every queue and
 * the status again after Trigger Sync or Clear & Reset.
 */
export function createDriveQueries(client: ApiClient) {
  const all = ['drive'] as const;
  return {
    all,
    /** Whether sync is configured, and the root folder. */
    status: () =>
      queryOptions({
        queryKey: [...all, 'status'] as const,
        queryFn: ({ signal }) => client.drive.status({ signal }),
      }),
    /** The newest items of every venue (`venueId` null) or of one (spec §9: at most 100), polled while any is in motion. */
    queue: (venueId: string | null = null) =>
      queryOptions({
        queryKey: [...all, 'queue', venueId] as const,
        queryFn: ({ signal }) => client.drive.queue({ venueId: venueId ?? undefined, limit: SYNC.queueFetchLimit }, { signal }),
        refetchInterval: syncQueuePollInterval,
      }),
  };
}

export const driveQueries = createDriveQueries(api);
