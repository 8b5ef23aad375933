// The upload queue's state machine (spec §4 'Upload item', §9 'Upload'), driven through its transport parameter
// with fake timers. The real transport (XMLHttpRequest to the gateway, byte progress) is covered by
// tests/e2e/upload-panel.e2e.test.ts.
import { UPLOAD } from '@venuebook/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, networkError } from '../api/api-error.ts';
import type { VenueDocument } from '../api/media-types.ts';
import {
  createUploadQueue,
  progressPercent,
  recentlyFinished,
  restoreUploadItems,
  UPLOAD_FAILED,
  UPLOAD_FAILED_AFTER_RETRIES,
  type UploadItem,
  type UploadQueue,
  type UploadTransport,
} from './upload-queue.ts';

/** One call of the transport, settled by the test. */
interface Attempt {
  item: UploadItem;
  file: Blob;
  signal: AbortSignal;
  progress(loaded: number, total: number): void;
  succeed(): void;
  fail(error: unknown): void;
}

function controlledTransport() {
  const attempts: Attempt[] = [];
  const transport: UploadTransport = ({ item, file, signal, onProgress }) =>
    new Promise<VenueDocument>((resolve, reject) => {
      attempts.push({
        item,
        file,
        signal,
        progress: onProgress,
        succeed: () => resolve({ id: `doc-${item.file.name}` } as VenueDocument),
        fail: reject,
      });
    });
  return { transport, attempts };
}

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const file = (name: string, size = 100, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
const options = { venueId: 'v1', venueName: 'Arena', category: 'photos' as const };
const serverError = () => new ApiRequestError({ status: 503, code: 'unavailable', message: 'Service unavailable' });
const flush = () => vi.advanceTimersByTimeAsync(0);

let queue: UploadQueue;
let ids = 0;
const make = (transport: UploadTransport, storage: MemoryStorage | null = null) => {
  queue = createUploadQueue({ transport, storage, newId: () => `u${++ids}` });
  return queue;
};
const statuses = () => queue.getSnapshot().items.map((item) => `${item.file.name}:${item.status}`);

beforeEach(() => {
  vi.useFakeTimers();
  ids = 0;
});
afterEach(() => {
  queue?.dispose();
  vi.useRealTimers();
});

describe('upload queue', () => {
  it('runs at most 3 uploads at once and starts the next as one finishes', async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    queue.enqueue(
      ['a', 'b', 'c', 'd', 'e'].map((name) => file(name)),
      options,
    );
    await flush();
    expect(attempts.map((attempt) => attempt.item.file.name)).toEqual(['a', 'b', 'c']);
    expect(statuses()).toEqual(['a:uploading', 'b:uploading', 'c:uploading', 'd:pending', 'e:pending']);
    expect(queue.getSnapshot().counts).toMatchObject({ active: 5, done: 0, total: 5 });
    attempts[1]!.succeed();
    await flush();
    expect(attempts.map((attempt) => attempt.item.file.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(statuses()).toEqual(['a:uploading', 'b:success', 'c:uploading', 'd:uploading', 'e:pending']);
    expect(queue.getSnapshot().counts).toMatchObject({ active: 4, done: 1, succeeded: 1 });
    expect(queue.getSnapshot().items[1]).toMatchObject({ progress: 100, documentId: 'doc-b', error: null });
  });

  it("sends each item's own file with its venue, category and the queue-item fields", async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    const photo = file('stage.jpg', 321);
    queue.enqueue([photo], { ...options, description: 'Stage left', eventId: 'e1', dataCardIdForTag: 'c1' });
    await flush();
    expect(attempts[0]!.file).toBe(photo);
    expect(attempts[0]!.item).toMatchObject({
      file: { name: 'stage.jpg', size: 321, type: 'image/jpeg', lastModified: 1_700_000_000_000 },
      venueId: 'v1',
      venueName: 'Arena',
      category: 'photos',
      description: 'Stage left',
      eventId: 'e1',
      dataCardIdForTag: 'c1',
      status: 'uploading',
      retryCount: 0,
    });
  });

  it('shows the real share of bytes sent, held at 99 until the server answers, then 100', async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    queue.enqueue([file('a')], options);
    await flush();
    attempts[0]!.progress(250, 1000);
    expect(queue.getSnapshot().items[0]!.progress).toBe(25);
    attempts[0]!.progress(1000, 1000);
    expect(queue.getSnapshot().items[0]!.progress).toBe(99);
    attempts[0]!.succeed();
    await flush();
    expect(queue.getSnapshot().items[0]).toMatchObject({ status: 'success', progress: 100 });
    expect(progressPercent(1, 0)).toBe(0);
    expect(progressPercent(5, 10)).toBe(50);
  });

  it('retries a failure up to 3 times, 2 s × the attempt number later, then ends in error', async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    queue.enqueue([file('a')], options);
    await flush();
    for (let retry = 1; retry <= UPLOAD.maxRetries; retry++) {
      attempts.at(-1)!.fail(retry === 2 ? networkError(new Error('offline')) : serverError());
      await flush();
      expect(queue.getSnapshot().items[0]).toMatchObject({ status: 'pending', retryCount: retry, progress: 0, error: null });
      const count = attempts.length;
      await vi.advanceTimersByTimeAsync(UPLOAD.retryDelayMs * retry - 1);
      expect(attempts).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toHaveLength(count + 1);
      expect(queue.getSnapshot().items[0]!.status).toBe('uploading');
    }
    attempts.at(-1)!.fail(serverError());
    await flush();
    expect(attempts).toHaveLength(1 + UPLOAD.maxRetries);
    expect(queue.getSnapshot().items[0]).toMatchObject({ status: 'error', retryCount: 3, error: UPLOAD_FAILED_AFTER_RETRIES });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toHaveLength(1 + UPLOAD.maxRetries);
  });

  it("ends a non-retryable failure (400, 413) at once with the server's message, else 'Upload failed'", async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    queue.enqueue([file('a'), file('b'), file('c')], options);
    await flush();
    attempts[0]!.fail(new ApiRequestError({ status: 400, code: 'invalid_file_type', message: 'This file type is not allowed' }));
    attempts[1]!.fail(new ApiRequestError({ status: 413, code: 'http_error', message: 'Request failed (HTTP 413).' }));
    attempts[2]!.fail(new Error('unexpected'));
    await flush();
    await vi.advanceTimersByTimeAsync(UPLOAD.retryDelayMs - 1);
    // An unexpected failure (no answer classified) is retried like a network failure.
    expect(queue.getSnapshot().items.map((item) => [item.status, item.error])).toEqual([
      ['error', 'This file type is not allowed'],
      ['error', UPLOAD_FAILED],
      ['pending', null],
    ]);
    expect(attempts).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toHaveLength(4);
  });

  it('leaves the slot of an item waiting for its retry to the next item', async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    queue.enqueue(
      ['a', 'b', 'c', 'd'].map((name) => file(name)),
      options,
    );
    await flush();
    attempts[0]!.fail(serverError());
    await flush();
    expect(attempts.map((attempt) => attempt.item.file.name)).toEqual(['a', 'b', 'c', 'd']);
    // 'a' is due again after 2 s but all 3 slots are taken: the 5 s poll (or a finishing upload) starts it.
    await vi.advanceTimersByTimeAsync(UPLOAD.retryDelayMs);
    expect(attempts).toHaveLength(4);
    attempts[3]!.succeed();
    await flush();
    expect(attempts.map((attempt) => attempt.item.file.name)).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('checks the queue every 5 s while anything is active, and keeps no timer when nothing is', async () => {
    const { transport, attempts } = controlledTransport();
    let time = 0;
    queue = createUploadQueue({ transport, now: () => time, newId: () => `u${++ids}` });
    queue.enqueue([file('a')], options);
    await flush();
    attempts[0]!.fail(serverError());
    await flush();
    // The retry's own timer fires while the clock says it is not due yet (a clock that lags the timers):
    // nothing starts, and the 5 s poll starts it once due.
    await vi.advanceTimersByTimeAsync(UPLOAD.retryDelayMs);
    expect(attempts).toHaveLength(1);
    time = UPLOAD.retryDelayMs;
    await vi.advanceTimersByTimeAsync(UPLOAD.queuePollMs - UPLOAD.retryDelayMs - 1);
    expect(attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toHaveLength(2);
    attempts[1]!.succeed();
    await flush();
    await vi.advanceTimersByTimeAsync(UPLOAD.panelAutoCloseMs);
    expect(queue.getSnapshot().open).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('persists items under the upload key and restores only finished ones (success or error) on load', async () => {
    const { transport, attempts } = controlledTransport();
    const storage = new MemoryStorage();
    make(transport, storage);
    queue.enqueue([file('ok'), file('bad'), file('busy'), file('waiting')], options);
    await flush();
    attempts[0]!.succeed();
    attempts[1]!.fail(new ApiRequestError({ status: 400, code: 'invalid_file_type', message: 'Bad type' }));
    await flush();
    const stored = JSON.parse(storage.getItem(UPLOAD.storageKey)!) as UploadItem[];
    expect(stored.map((item) => `${item.file.name}:${item.status}`)).toEqual(['ok:success', 'bad:error', 'busy:uploading', 'waiting:uploading']);
    queue.dispose();

    // A reload: the running and waiting uploads are gone (their files are), the finished ones come back.
    const reloaded = createUploadQueue({ transport: controlledTransport().transport, storage });
    expect(reloaded.getSnapshot().items.map((item) => `${item.file.name}:${item.status}:${item.error ?? ''}`)).toEqual(['ok:success:', 'bad:error:Bad type']);
    expect(reloaded.getSnapshot().open).toBe(true);
    expect(reloaded.canRetry(reloaded.getSnapshot().items[1]!.id)).toBe(false);
    reloaded.dispose();

    expect(restoreUploadItems('not json')).toEqual([]);
    expect(restoreUploadItems('{"a":1}')).toEqual([]);
    expect(restoreUploadItems('[{"id":"x","status":"pending","file":{"name":"a"}},null,7]')).toEqual([]);
    expect(createUploadQueue({ transport, storage: new MemoryStorage() }).getSnapshot()).toMatchObject({ items: [], open: false });
  });

  it('clears completed items first when a new upload is added with none active', async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    queue.enqueue([file('a'), file('b')], options);
    await flush();
    attempts[0]!.succeed();
    attempts[1]!.fail(new ApiRequestError({ status: 400, code: 'bad', message: 'Bad' }));
    await flush();
    queue.enqueue([file('c')], options);
    await flush();
    expect(statuses()).toEqual(['c:uploading']);
    // With one still active, finished items stay.
    queue.enqueue([file('d'), file('e'), file('f')], options);
    attempts[2]!.succeed();
    await flush();
    queue.enqueue([file('g')], options);
    expect(statuses()).toEqual(['c:success', 'd:uploading', 'e:uploading', 'f:uploading', 'g:pending']);
  });

  it('clears completed, closes (uploads continue) and retries a failed item', async () => {
    const { transport, attempts } = controlledTransport();
    const storage = new MemoryStorage();
    make(transport, storage);
    queue.enqueue([file('a'), file('b'), file('c')], options);
    await flush();
    expect(queue.getSnapshot().open).toBe(true);
    attempts[0]!.succeed();
    attempts[1]!.fail(new ApiRequestError({ status: 400, code: 'bad', message: 'Bad' }));
    await flush();
    const failed = queue.getSnapshot().items[1]!.id;
    expect(queue.canRetry(failed)).toBe(true);
    expect(queue.retry(failed)).toBe(true);
    await flush();
    expect(statuses()).toEqual(['a:success', 'b:uploading', 'c:uploading']);
    expect(queue.getSnapshot().items[1]).toMatchObject({ retryCount: 0, error: null });
    queue.clearCompleted();
    expect(statuses()).toEqual(['b:uploading', 'c:uploading']);
    queue.close();
    expect(queue.getSnapshot().open).toBe(false);
    expect(statuses()).toEqual(['b:uploading', 'c:uploading']);
    attempts[2]!.succeed();
    attempts[3]!.succeed();
    await flush();
    expect(statuses()).toEqual(['b:success', 'c:success']);
    // Closed: it stays closed; the next upload opens it, clearing these first.
    await vi.advanceTimersByTimeAsync(UPLOAD.panelAutoCloseMs);
    expect(queue.getSnapshot().open).toBe(false);
    queue.enqueue([file('d')], options);
    expect(queue.getSnapshot()).toMatchObject({ open: true });
    expect(statuses()).toEqual(['d:uploading']);
    queue.close();
    expect(queue.retry('nope')).toBe(false);
  });

  it('closes the panel 3 s after everything finished without errors, not with an error', async () => {
    const { transport, attempts } = controlledTransport();
    const storage = new MemoryStorage();
    make(transport, storage);
    queue.enqueue([file('a'), file('b')], options);
    await flush();
    attempts[0]!.succeed();
    await flush();
    await vi.advanceTimersByTimeAsync(UPLOAD.panelAutoCloseMs);
    expect(queue.getSnapshot().open).toBe(true);
    attempts[1]!.succeed();
    await flush();
    await vi.advanceTimersByTimeAsync(UPLOAD.panelAutoCloseMs - 1);
    expect(queue.getSnapshot().open).toBe(true);
    // A new upload within the 3 s keeps it open.
    queue.enqueue([file('c')], options);
    await vi.advanceTimersByTimeAsync(10);
    expect(queue.getSnapshot().open).toBe(true);
    attempts[2]!.succeed();
    await flush();
    await vi.advanceTimersByTimeAsync(UPLOAD.panelAutoCloseMs);
    expect(queue.getSnapshot()).toMatchObject({ open: false, items: [] });
    expect(storage.getItem(UPLOAD.storageKey)).toBeNull();

    queue.enqueue([file('d')], options);
    await flush();
    attempts[3]!.fail(new ApiRequestError({ status: 400, code: 'bad', message: 'Bad' }));
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.getSnapshot().open).toBe(true);
    expect(statuses()).toEqual(['d:error']);
  });

  it('tells listeners of each success (pages refetch the venue documents)', async () => {
    const { transport, attempts } = controlledTransport();
    make(transport);
    const seen: string[] = [];
    const stop = queue.onSucceeded((item, document) => seen.push(`${item.venueId}/${item.file.name}=${document.id}`));
    const changes = vi.fn();
    queue.subscribe(changes);
    queue.enqueue([file('a'), file('b')], options);
    await flush();
    attempts[0]!.succeed();
    await flush();
    stop();
    attempts[1]!.succeed();
    await flush();
    expect(seen).toEqual(['v1/a=doc-a']);
    expect(changes).toHaveBeenCalled();
  });

  it('lists finished items in the order they finished, the last first', async () => {
    const { transport, attempts } = controlledTransport();
    let time = 1000;
    queue = createUploadQueue({ transport, now: () => time, newId: () => `u${++ids}` });
    queue.enqueue([file('a'), file('b'), file('c')], options);
    await flush();
    time = 2000;
    attempts[2]!.succeed();
    await flush();
    time = 3000;
    attempts[0]!.fail(new ApiRequestError({ status: 400, code: 'bad', message: 'Bad' }));
    await flush();
    time = 4000;
    attempts[1]!.succeed();
    await flush();
    expect(recentlyFinished(queue.getSnapshot().items).map((item) => `${item.file.name}@${item.finishedAt}`)).toEqual(['b@4000', 'a@3000', 'c@2000']);
  });

  it('forgets everything on reset (sign-out): running uploads are aborted, nothing is stored', async () => {
    const { transport, attempts } = controlledTransport();
    const storage = new MemoryStorage();
    make(transport, storage);
    queue.enqueue([file('a'), file('b')], options);
    await flush();
    attempts[0]!.fail(new ApiRequestError({ status: 400, code: 'bad', message: 'Bad' }));
    await flush();
    queue.reset();
    expect(attempts[1]!.signal.aborted).toBe(true);
    expect(queue.getSnapshot()).toMatchObject({ items: [], open: false, counts: { total: 0 } });
    expect(storage.getItem(UPLOAD.storageKey)).toBeNull();
    attempts[1]!.succeed();
    await flush();
    expect(queue.getSnapshot().items).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("names a file without a name 'Unknown file' and ignores an empty batch", async () => {
    const { transport } = controlledTransport();
    make(transport);
    expect(queue.enqueue([], options)).toEqual([]);
    expect(queue.getSnapshot().open).toBe(false);
    const [id] = queue.enqueue([new Blob(['x'])], options);
    expect(queue.getSnapshot().items.find((item) => item.id === id)?.file.name).toBe('Unknown file');
  });
});
