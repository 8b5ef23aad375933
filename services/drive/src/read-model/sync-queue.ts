// The sync queue's items (gdrive_sync_queue), in memory: loaded at start, told of every item queued or removed and of
// every Clear & Reset (this replica's and, through drive_queue.changed, the others'). Lists and counts read it, never
// the database; an item's state is derived by the caller (see use-cases/sync-queue.ts).
import type { DriveQueueChanged } from '@venuebook/contracts/events';
import type { QueueItem, QueueRepository } from '../repositories/queue.repository.ts';
import type { DriveCopies } from './drive-copies.ts';

export class SyncQueue {
  /** In the order queued (oldest first). */
  readonly #items = new Map<string, QueueItem>();
  readonly #byVenue = new Map<string, Set<string>>();

  static async load(repository: QueueRepository): Promise<SyncQueue> {
    const queue = new SyncQueue();
    const items = await repository.all();
    // Oldest queued first: the order lists read backwards.
    items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const item of items) queue.add(item);
    return queue;
  }

  add(item: QueueItem): void {
    if (this.#items.has(item.documentId)) return;
    this.#items.set(item.documentId, item);
    let venue = this.#byVenue.get(item.venueId);
    if (!venue) this.#byVenue.set(item.venueId, (venue = new Set()));
    venue.add(item.documentId);
  }

  remove(documentId: string): void {
    const item = this.#items.get(documentId);
    if (!item) return;
    this.#items.delete(documentId);
    const venue = this.#byVenue.get(item.venueId);
    venue?.delete(documentId);
    if (venue?.size === 0) this.#byVenue.delete(item.venueId);
  }

  /** Removes the items of a venue ('' for all) queued up to `until`; the documents they were of. */
  reset(venueId: string, until: Date): string[] {
    const removed = this.items(venueId)
      .filter((item) => item.createdAt.getTime() <= until.getTime())
      .map((item) => item.documentId);
    for (const documentId of removed) this.remove(documentId);
    return removed;
  }

  has(documentId: string): boolean {
    return this.#items.has(documentId);
  }

  get(documentId: string): QueueItem | undefined {
    return this.#items.get(documentId);
  }

  /** The items of a venue ('' for all), oldest queued first. */
  items(venueId: string): QueueItem[] {
    if (!venueId) return [...this.#items.values()];
    return [...(this.#byVenue.get(venueId) ?? [])].map((id) => this.#items.get(id)!);
  }

  get size(): number {
    return this.#items.size;
  }
}

/** Applies another replica's (or this one's own) drive_queue.changed to the queue and, for a reset, the copies. */
export function applyQueueChange(queue: SyncQueue, copies: DriveCopies, change: DriveQueueChanged): void {
  if (change.change === 'queued') {
    queue.add({
      documentId: change.documentId,
      venueId: change.venueId,
      fileName: change.fileName,
      uploadedAt: change.uploadedAt ? new Date(change.uploadedAt) : null,
      createdAt: new Date(change.createdAt ?? Date.now()),
    });
  } else if (change.change === 'removed') queue.remove(change.documentId);
  else {
    const until = new Date(change.createdAt ?? 0);
    queue.reset(change.venueId, until);
    copies.reset(change.venueId, until);
  }
}
