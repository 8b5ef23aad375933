// What the upload panel reads of the queue's items: counts and the finished items in finishing order. Apart from
// the queue's state machine (upload-queue.ts), which loads with the first upload, so that pages without uploads
// do not carry it.
import type { UploadCounts, UploadItem } from './upload-queue.ts';

const isFinished = (item: UploadItem) => item.status === 'success' || item.status === 'error';

export function countUploads(items: readonly UploadItem[]): UploadCounts {
  let active = 0;
  let succeeded = 0;
  let failed = 0;
  for (const item of items) {
    if (item.status === 'success') succeeded++;
    else if (item.status === 'error') failed++;
    else active++;
  }
  return { active, done: succeeded + failed, succeeded, failed, total: items.length };
}

/** Finished items (success or error), the last finished first (the panel shows the last 3, spec §2). */
export function recentlyFinished(items: readonly UploadItem[]): UploadItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => isFinished(item))
    .sort((a, b) => (b.item.finishedAt ?? 0) - (a.item.finishedAt ?? 0) || b.index - a.index)
    .map(({ item }) => item);
}

let idCounter = 0;

/** A new queue item id. */
export function newUploadId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `upload-${Date.now()}-${++idCounter}`;
}
