/** Spec §8 'Venues': the restore and permanent-delete toasts of the Deleted Venues page. */
export const DELETED_VENUE_TEXT = {
  restored: (name: string) => `"${name}" restored successfully`,
  purged: (name: string) => `"${name}" permanently deleted`,
  restoreFailed: 'Failed to restore venue',
  purgeFailed: 'Failed to permanently delete venue',
  /** Spec §2 empty state. */
  empty: 'No deleted venues',
} as const;
