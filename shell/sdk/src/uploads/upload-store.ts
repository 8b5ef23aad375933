// The app's one upload queue (a module singleton of the sdk, itself a federation singleton: every remote and the
// shell share it, so uploads continue while the user moves between pages). Created on first use, with the
// XMLHttpRequest transport and localStorage; each success refreshes that venue's document lists.
import { useCallback, useSyncExternalStore } from 'react';
import { mediaQueries } from '../query/media-queries.ts';
import { queryClient } from '../query/query-client.ts';
import { sessionStore } from '../session/session-context.tsx';
import {
  createUploadQueue,
  type UploadOptions,
  type UploadQueue,
  type UploadQueueSnapshot,
  type UploadSucceededListener,
} from './upload-queue.ts';
import { createXhrTransport } from './xhr-transport.ts';

let queue: UploadQueue | null = null;

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The app's upload queue (created on first use). */
export function uploadQueue(): UploadQueue {
  if (!queue) {
    queue = createUploadQueue({ transport: createXhrTransport(), storage: browserStorage() });
    const created = queue;
    created.onSucceeded((item) => {
      void queryClient.invalidateQueries({ queryKey: mediaQueries.venueDocuments(item.venueId) });
    });
    // The next user of this browser never sees the previous user's uploads (as with the query cache).
    let userId = sessionStore.getSnapshot().user?.id ?? null;
    sessionStore.subscribe(() => {
      const next = sessionStore.getSnapshot().user?.id ?? null;
      if (next === userId) return;
      const previous = userId;
      userId = next;
      if (previous !== null) created.reset();
    });
  }
  return queue;
}

/**
 * Uploads files in the background (spec §4 'Upload item'): the upload panel shows them, at most 3 run at once,
 * failures are retried, and they continue while the user navigates. Each success refreshes the venue's document
 * lists (`mediaQueries.venueDocuments(venueId)`). Returns the queue items' ids.
 */
export function enqueueUploads(files: readonly File[] | FileList, options: UploadOptions): string[] {
  return uploadQueue().enqueue(Array.from(files), options);
}

/** Calls `listener` after each successful upload (with the stored document); returns the unsubscribe function. */
export function onUploadSucceeded(listener: UploadSucceededListener): () => void {
  return uploadQueue().onSucceeded(listener);
}

export interface UploadQueueApi extends UploadQueueSnapshot {
  clearCompleted(): void;
  close(): void;
  /** Sends a failed item again (only while its file is in memory: not after a reload). */
  retry(id: string): boolean;
  canRetry(id: string): boolean;
}

const subscribe = (listener: () => void) => uploadQueue().subscribe(listener);
const getSnapshot = () => uploadQueue().getSnapshot();

/** The upload queue's items, counts and panel state, and its actions (the shell's upload panel). */
export function useUploadQueue(): UploadQueueApi {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const clearCompleted = useCallback(() => uploadQueue().clearCompleted(), []);
  const close = useCallback(() => uploadQueue().close(), []);
  const retry = useCallback((id: string) => uploadQueue().retry(id), []);
  const canRetry = useCallback((id: string) => uploadQueue().canRetry(id), []);
  return { ...snapshot, clearCompleted, close, retry, canRetry };
}
