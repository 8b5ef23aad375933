/** Cloud-drive sync queue item statuses (spec §3). */
export const SYNC_STATUSES = ['pending', 'completed', 'failed'] as const;

export type SyncStatus = (typeof SYNC_STATUSES)[number];
