// The app's one upload queue (a module singleton of the sdk, itself a federation singleton: every remote and the
// shell share it, so uploads continue while the user moves between pages). This front is always loaded and small:
// the queue itself (state machine, XMLHttpRequest transport, storage; app-upload-queue.ts) loads with the first
// upload, or at start when finished uploads wait in storage to be shown again.
import { UPLOAD } from '@venuebook/domain';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { countUploads, newUploadId } from './upload-items.ts';
import type { UploadOptions, UploadQueue, UploadQueueSnapshot, UploadSucceededListener } from './upload-queue.ts';

const EMPTY: UploadQueueSnapshot = { items: [], counts: countUploads([]), open: false };

let loaded: UploadQueue | null = null;
let loading: Promise<UploadQueue> | null = null;
const listeners = new Set<() => void>();
const succeededListeners = new Set<UploadSucceededListener>();

function emit() {
  for (const listener of listeners) listener();
}

function load(): Promise<UploadQueue> {
  loading ??= import(/* webpackChunkName: "upload-queue" */ './app-upload-queue.ts').then(
    ({ createAppUploadQueue }) => {
      const queue = createAppUploadQueue();
      queue.subscribe(emit);
      queue.onSucceeded((item, document) => {
        for (const listener of succeededListeners) listener(item, document);
      });
      loaded = queue;
      emit();
      return queue;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function storedUploads(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(UPLOAD.storageKey) !== null;
  } catch {
    return false;
  }
}

/** The app's upload queue: before its first upload, an empty queue that loads the real one on demand. */
const appQueue: UploadQueue = {
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => loaded?.getSnapshot() ?? EMPTY,
  enqueue(files, options, givenIds) {
    if (files.length === 0) return [];
    const ids = files.map((_, index) => givenIds?.[index] ?? newUploadId());
    if (loaded) return loaded.enqueue(files, options, ids);
    load().then(
      (queue) => queue.enqueue(files, options, ids),
      (error: unknown) => console.error('The upload queue could not be loaded', error),
    );
    return ids;
  },
  clearCompleted: () => loaded?.clearCompleted(),
  close: () => loaded?.close(),
  retry: (id) => loaded?.retry(id) ?? false,
  canRetry: (id) => loaded?.canRetry(id) ?? false,
  onSucceeded(listener) {
    succeededListeners.add(listener);
    return () => succeededListeners.delete(listener);
  },
  reset: () => loaded?.reset(),
  dispose: () => loaded?.dispose(),
};

/** The app's upload queue. */
export function uploadQueue(): UploadQueue {
  return appQueue;
}

/**
 * Uploads files in the background (spec §4 'Upload item'): the upload panel shows them, at most 3 run at once,
 * failures are retried, and they continue while the user navigates. Each success refreshes the venue's document
 * lists (`mediaQueries.venueDocuments(venueId)`). Returns the queue items' ids.
 */
export function enqueueUploads(files: readonly File[] | FileList, options: UploadOptions): string[] {
  return appQueue.enqueue(Array.from(files), options);
}

/** Calls `listener` after each successful upload (with the stored document); returns the unsubscribe function. */
export function onUploadSucceeded(listener: UploadSucceededListener): () => void {
  return appQueue.onSucceeded(listener);
}

export interface UploadQueueApi extends UploadQueueSnapshot {
  clearCompleted(): void;
  close(): void;
  /** Sends a failed item again (only while its file is in memory: not after a reload). */
  retry(id: string): boolean;
  canRetry(id: string): boolean;
}

const subscribe = (listener: () => void) => appQueue.subscribe(listener);
const getSnapshot = () => appQueue.getSnapshot();

/**
 * The upload queue's items, counts and panel state, and its actions (the shell's upload panel). Finished uploads
 * kept in storage load the queue at once, so that the panel shows them again.
 */
export function useUploadQueue(): UploadQueueApi {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    if (!loaded && storedUploads()) load().catch((error: unknown) => console.error('The upload queue could not be loaded', error));
  }, []);
  const clearCompleted = useCallback(() => appQueue.clearCompleted(), []);
  const close = useCallback(() => appQueue.close(), []);
  const retry = useCallback((id: string) => appQueue.retry(id), []);
  const canRetry = useCallback((id: string) => appQueue.canRetry(id), []);
  return { ...snapshot, clearCompleted, close, retry, canRetry };
}
