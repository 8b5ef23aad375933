import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_CONTAINERS } from '@venuebook/sdk';
import type { RemoteContainer, RemotePageMap } from '@venuebook/sdk';
import { pageMapOf, remoteEntryUrls } from './remote-entries.ts';

/** Registers every remote with the federation runtime (once, at start-up). */
export function registerAppRemotes(): Record<RemoteContainer, string> {
  const urls = remoteEntryUrls(window.location.origin, window.__VENUEBOOK_REMOTES__);
  registerRemotes(REMOTE_CONTAINERS.map((name) => ({ name, entry: urls[name] })));
  return urls;
}

interface PageMapEntry {
  promise: Promise<RemotePageMap>;
  /** When the load failed (ms since epoch); undefined while pending or after success. */
  failedAt?: number;
}

const pageMaps = new Map<RemoteContainer, PageMapEntry>();

/** A failed load is reused for this long, so React's re-render of the failed tree cannot loop. */
export const FAILED_REMOTE_TTL_MS = 5000;

/**
 * The page map of a remote, loaded once and shared by every route it owns. A failure is kept
 * (React renders the failed subtree more than once) until `forgetRemotePages` (Retry) or until it
 * is older than FAILED_REMOTE_TTL_MS, so navigating back to the remote later tries again.
 */
export function loadRemotePages(container: RemoteContainer, now: number = Date.now()): Promise<RemotePageMap> {
  const cached = pageMaps.get(container);
  if (cached && (cached.failedAt === undefined || now - cached.failedAt < FAILED_REMOTE_TTL_MS)) return cached.promise;

  const entry: PageMapEntry = { promise: loadRemote<unknown>(`${container}/routes`).then(pageMapOf) };
  entry.promise.catch((error: unknown) => {
    entry.failedAt = Date.now();
    console.error(`Remote "${container}" failed to load`, error);
  });
  pageMaps.set(container, entry);
  return entry.promise;
}

/** Drops a failed load so the next `loadRemotePages` fetches the remote again (Retry button). */
export function forgetRemotePages(container: RemoteContainer): void {
  if (pageMaps.get(container)?.failedAt !== undefined) pageMaps.delete(container);
}
