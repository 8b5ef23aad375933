/** Cloud-drive sync queue item statuses (spec §3, §9). */
export const SYNC_STATUSES = ['pending', 'completed', 'failed'] as const;

export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** What a queue item shows: its status, or 'syncing' while a worker is at it. */
export const SYNC_STATES = ['pending', 'syncing', 'completed', 'failed'] as const;

export type SyncState = (typeof SYNC_STATES)[number];
