// The app's upload queue, loaded with the first upload (or when finished uploads wait in storage): the state
// machine, the XMLHttpRequest transport and localStorage; each success refreshes that venue's document lists, and a
// sign-out or change of user forgets the queue. upload-store.ts is the always-loaded front of it.
import { mediaQueries } from '../query/media-queries.ts';
import { queryClient } from '../query/query-client.ts';
import { sessionStore } from '../session/session-context.tsx';
import { createUploadQueue, type UploadQueue } from './upload-queue.ts';
import { createXhrTransport } from './xhr-transport.ts';

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function createAppUploadQueue(): UploadQueue {
  const queue = createUploadQueue({ transport: createXhrTransport(), storage: browserStorage() });
  queue.onSucceeded((item) => {
    void queryClient.invalidateQueries({ queryKey: mediaQueries.venueDocuments(item.venueId) });
  });
  // The next user of this browser never sees the previous user's uploads (as with the query cache).
  let userId = sessionStore.getSnapshot().user?.id ?? null;
  sessionStore.subscribe(() => {
    const next = sessionStore.getSnapshot().user?.id ?? null;
    if (next === userId) return;
    const previous = userId;
    userId = next;
    if (previous !== null) queue.reset();
  });
  return queue;
}
