// The background upload queue (spec §2 'Upload-progress panel', §3 'Upload queue item', §4 'Upload item', §9
// 'Upload'). Pure of the browser's network: the transport that sends one file is a parameter (the app's is
// XMLHttpRequest, xhr-transport.ts, for real byte progress), so a unit test drives the state machine with fake
// timers. The app's one queue is the singleton of upload-store.ts (the sdk is a federation singleton, so uploads
// continue while the user moves between pages of any remote).
import { UPLOAD, type DocumentCategory } from '@venuebook/domain';
import { isAbortError, isApiRequestError } from '../api/api-error.ts';
import type { VenueDocument } from '../api/media-types.ts';
import { countUploads, newUploadId } from './upload-items.ts';

export { countUploads, recentlyFinished } from './upload-items.ts';

export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error';

/** What the queue keeps of a file (the File itself is never stored). */
export interface UploadFileInfo {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

/** One upload (spec §3 'Upload queue item'). */
export interface UploadItem {
  id: string;
  file: UploadFileInfo;
  venueId: string;
  venueName: string;
  category: DocumentCategory;
  description: string;
  eventId: string | null;
  /** A data card of the venue to tag the photo with. */
  dataCardIdForTag: string | null;
  photoMetadata: Record<string, unknown> | null;
  status: UploadStatus;
  /** 0–100: the share of the file's bytes sent (at most 99 until the server has stored it), 100 on success. */
  progress: number;
  /** Failed attempts retried so far (at most UPLOAD.maxRetries). */
  retryCount: number;
  error: string | null;
  /** ISO time it was queued. */
  createdAt: string;
  /** The stored document (on success). */
  documentId: string | null;
  /** Epoch ms before which a pending retry waits (null: ready). Not meaningful after a reload. */
  retryAt: number | null;
  /** Epoch ms it finished (success or error); null while active. */
  finishedAt: number | null;
}

/** What a page asks to upload with its files. */
export interface UploadOptions {
  venueId: string;
  venueName: string;
  category: DocumentCategory;
  description?: string | undefined;
  eventId?: string | null | undefined;
  dataCardIdForTag?: string | null | undefined;
  photoMetadata?: Record<string, unknown> | null | undefined;
}

/** One attempt at sending one file: resolves to the stored document, rejects with the failure (an ApiRequestError). */
export type UploadTransport = (job: {
  item: UploadItem;
  file: Blob;
  signal: AbortSignal;
  /** Bytes of the request body sent so far, of `total`. */
  onProgress(loaded: number, total: number): void;
}) => Promise<VenueDocument>;

export interface UploadCounts {
  /** Pending or uploading. */
  active: number;
  /** Finished: success or error. */
  done: number;
  succeeded: number;
  failed: number;
  total: number;
}

export interface UploadQueueSnapshot {
  items: readonly UploadItem[];
  counts: UploadCounts;
  /** Whether the panel is shown (opened by new uploads or restored items; closed by the user or auto-close). */
  open: boolean;
}

export interface UploadQueueOptions {
  transport: UploadTransport;
  /** Where finished items are kept across page loads (null: nowhere). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  storageKey?: string;
  now?: () => number;
  newId?: () => string;
}

export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_FAILED_AFTER_RETRIES = 'Upload failed after multiple retries';

/** Whether a failed attempt is worth another: no answer (network), a server error, a timeout or a rate limit. */
export function isRetryableUploadError(error: unknown): boolean {
  if (!isApiRequestError(error)) return !isAbortError(error);
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** The message a final, non-retryable failure keeps: the server's own, else 'Upload failed'. */
export function uploadErrorMessage(error: unknown): string {
  // apiErrorFromResponse answers 'http_error' / 'server_error' when the body was not the gateway's envelope.
  if (isApiRequestError(error) && error.code !== 'http_error' && error.code !== 'server_error' && error.message) return error.message;
  return UPLOAD_FAILED;
}

/** Percentage of bytes sent, held at 99 until the server answers (it still stores and processes the file). */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(99, Math.floor((loaded / total) * 100)));
}

const isFinished = (item: UploadItem) => item.status === 'success' || item.status === 'error';
const isActive = (item: UploadItem) => !isFinished(item);

/** Only finished items (success or error) come back from storage (spec §4); anything malformed is dropped. */
export function restoreUploadItems(raw: string | null): UploadItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (item): item is UploadItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      (item.status === 'success' || item.status === 'error') &&
      typeof item.file === 'object' &&
      item.file !== null &&
      typeof item.file.name === 'string',
  );
}

export type UploadSucceededListener = (item: UploadItem, document: VenueDocument) => void;

export interface UploadQueue {
  subscribe(listener: () => void): () => void;
  getSnapshot(): UploadQueueSnapshot;
  /** Queues the files (one item each) and opens the panel; returns the new items' ids (`ids`: given ones, one per file). */
  enqueue(files: readonly File[] | readonly Blob[], options: UploadOptions, ids?: readonly string[]): string[];
  /** Removes finished items (success and error). */
  clearCompleted(): void;
  /** Hides the panel and forgets finished items; uploads still running continue. */
  close(): void;
  /** Queues a failed item again (its file is still in memory: not after a reload). Returns whether it could. */
  retry(id: string): boolean;
  /** Whether a failed item can be retried (its file is still in memory). */
  canRetry(id: string): boolean;
  onSucceeded(listener: UploadSucceededListener): () => void;
  /** Forgets everything (the user signed out or changed): running uploads are aborted, the panel closes. */
  reset(): void;
  /** Stops timers and running uploads (tests). */
  dispose(): void;
}

export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const { transport, storage = null, storageKey = UPLOAD.storageKey, now = Date.now, newId = newUploadId } = options;
  const files = new Map<string, Blob>();
  const running = new Map<string, AbortController>();
  const listeners = new Set<() => void>();
  const succeededListeners = new Set<UploadSucceededListener>();

  let items: UploadItem[] = restoreUploadItems(readStorage());
  let open = items.length > 0;
  let snapshot: UploadQueueSnapshot = makeSnapshot();
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let autoCloseTimer: ReturnType<typeof setTimeout> | null = null;
  const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let disposed = false;

  function readStorage(): string | null {
    try {
      return storage?.getItem(storageKey) ?? null;
    } catch {
      return null;
    }
  }

  function persist() {
    if (!storage) return;
    try {
      if (items.length === 0) storage.removeItem(storageKey);
      else storage.setItem(storageKey, JSON.stringify(items));
    } catch {
      // Storage full or denied: the queue still works in memory.
    }
  }

  function makeSnapshot(): UploadQueueSnapshot {
    return { items, counts: countUploads(items), open };
  }

  function commit(next: UploadItem[], nextOpen = open) {
    items = next;
    open = nextOpen;
    snapshot = makeSnapshot();
    persist();
    scheduleTimers();
    for (const listener of listeners) listener();
  }

  function update(id: string, patch: Partial<UploadItem>) {
    if (!items.some((item) => item.id === id)) return;
    commit(items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  /** The queue poll while anything is active, and the panel's auto-close once all finished without errors. */
  function scheduleTimers() {
    if (disposed) return;
    const counts = countUploads(items);
    if (counts.active > 0 && pollTimer === null) pollTimer = setInterval(pump, UPLOAD.queuePollMs);
    if (counts.active === 0 && pollTimer !== null) {
      clearInterval(pollTimer);
      pollTimer = null;
    }
    const shouldAutoClose = open && counts.total > 0 && counts.active === 0 && counts.failed === 0;
    if (shouldAutoClose && autoCloseTimer === null) {
      autoCloseTimer = setTimeout(() => {
        autoCloseTimer = null;
        close();
      }, UPLOAD.panelAutoCloseMs);
    } else if (!shouldAutoClose && autoCloseTimer !== null) {
      clearTimeout(autoCloseTimer);
      autoCloseTimer = null;
    }
  }

  /** Starts pending items that are due, up to UPLOAD.concurrency at once. */
  function pump() {
    if (disposed) return;
    const time = now();
    for (const item of items) {
      if (running.size >= UPLOAD.concurrency) break;
      if (item.status !== 'pending' || running.has(item.id)) continue;
      if (item.retryAt !== null && item.retryAt > time) continue;
      start(item);
    }
  }

  function start(item: UploadItem) {
    const file = files.get(item.id);
    if (!file) {
      update(item.id, { status: 'error', error: UPLOAD_FAILED, retryAt: null, finishedAt: now() });
      return;
    }
    const controller = new AbortController();
    running.set(item.id, controller);
    update(item.id, { status: 'uploading', progress: 0, retryAt: null });
    let lastProgress = 0;
    const onProgress = (loaded: number, total: number) => {
      const progress = progressPercent(loaded, total);
      if (progress === lastProgress || running.get(item.id) !== controller) return;
      lastProgress = progress;
      update(item.id, { progress });
    };
    const current = () => items.find((candidate) => candidate.id === item.id) ?? item;
    transport({ item: current(), file, signal: controller.signal, onProgress }).then(
      (document) => {
        if (running.get(item.id) !== controller) return;
        running.delete(item.id);
        files.delete(item.id);
        update(item.id, { status: 'success', progress: 100, error: null, documentId: document.id, retryAt: null, finishedAt: now() });
        const done = current();
        for (const listener of succeededListeners) {
          try {
            listener(done, document);
          } catch (error) {
            console.error('Upload listener failed', error);
          }
        }
        pump();
      },
      (error: unknown) => {
        if (running.get(item.id) !== controller) return;
        running.delete(item.id);
        if (disposed) return;
        const { retryCount } = current();
        if (isRetryableUploadError(error) && retryCount < UPLOAD.maxRetries) {
          const attempt = retryCount + 1;
          const delay = UPLOAD.retryDelayMs * attempt;
          update(item.id, { status: 'pending', progress: 0, retryCount: attempt, retryAt: now() + delay });
          retryTimers.set(
            item.id,
            setTimeout(() => {
              retryTimers.delete(item.id);
              pump();
            }, delay),
          );
        } else {
          const message = isRetryableUploadError(error) ? UPLOAD_FAILED_AFTER_RETRIES : uploadErrorMessage(error);
          update(item.id, { status: 'error', error: message, retryAt: null, finishedAt: now() });
        }
        pump();
      },
    );
  }

  function forgetFinished(list: UploadItem[]): UploadItem[] {
    const kept = list.filter(isActive);
    for (const item of list) if (isFinished(item)) files.delete(item.id);
    return kept;
  }

  function close() {
    commit(forgetFinished(items), false);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    enqueue(list, opts, givenIds) {
      if (list.length === 0) return [];
      // Spec §4: a new upload added with none active clears the completed items first.
      const base = items.some(isActive) ? items : forgetFinished(items);
      const createdAt = new Date(now()).toISOString();
      const added = list.map((file, index): UploadItem => {
        const id = givenIds?.[index] ?? newId();
        files.set(id, file);
        const named = file as Partial<File>;
        return {
          id,
          file: {
            name: typeof named.name === 'string' && named.name ? named.name : 'Unknown file',
            size: file.size,
            type: file.type,
            lastModified: typeof named.lastModified === 'number' ? named.lastModified : now(),
          },
          venueId: opts.venueId,
          venueName: opts.venueName,
          category: opts.category,
          description: opts.description ?? '',
          eventId: opts.eventId || null,
          dataCardIdForTag: opts.dataCardIdForTag || null,
          photoMetadata: opts.photoMetadata ?? null,
          status: 'pending',
          progress: 0,
          retryCount: 0,
          error: null,
          createdAt,
          documentId: null,
          retryAt: null,
          finishedAt: null,
        };
      });
      commit([...base, ...added], true);
      pump();
      return added.map((item) => item.id);
    },
    clearCompleted() {
      commit(forgetFinished(items));
    },
    close,
    canRetry(id) {
      const item = items.find((candidate) => candidate.id === id);
      return item?.status === 'error' && files.has(id);
    },
    retry(id) {
      const item = items.find((candidate) => candidate.id === id);
      if (item?.status !== 'error' || !files.has(id)) return false;
      commit(
        items.map((candidate) =>
          candidate.id === id ? { ...candidate, status: 'pending', progress: 0, retryCount: 0, error: null, retryAt: null, finishedAt: null } : candidate,
        ),
        true,
      );
      pump();
      return true;
    },
    onSucceeded(listener) {
      succeededListeners.add(listener);
      return () => succeededListeners.delete(listener);
    },
    reset() {
      for (const timer of retryTimers.values()) clearTimeout(timer);
      retryTimers.clear();
      const controllers = [...running.values()];
      running.clear();
      files.clear();
      for (const controller of controllers) controller.abort();
      commit([], false);
    },
    dispose() {
      disposed = true;
      if (pollTimer !== null) clearInterval(pollTimer);
      if (autoCloseTimer !== null) clearTimeout(autoCloseTimer);
      for (const timer of retryTimers.values()) clearTimeout(timer);
      for (const controller of running.values()) controller.abort();
      running.clear();
      listeners.clear();
      succeededListeners.clear();
    },
  };
}
