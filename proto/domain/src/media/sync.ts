/** Cloud-drive sync queue item statuses (spec §3, §9; 'syncing' while a worker is at it). */
export const SYNC_STATUSES = ['pending', 'syncing', 'completed', 'failed'] as const;

export type SyncStatus = (typeof SYNC_STATUSES)[number];
