import { REMOTE_CONTAINERS, remoteEntryPath, remoteNameOf } from '@venuebook/sdk';
import type { RemoteContainer, RemotePageMap } from '@venuebook/sdk';

declare global {
  interface Window {
    /** Dev override of remote entry URLs, e.g. { mfe_venues: 'http://localhost:3001/remoteEntry.js' }. */
    __VENUEBOOK_REMOTES__?: Partial<Record<string, string>>;
  }
}

/**
 * Remote entry URL of every container: `${origin}/remotes/<name>/remoteEntry.js`, unless the
 * override names an absolute http(s) URL for that container.
 */
export function remoteEntryUrls(origin: string, override?: unknown): Record<RemoteContainer, string> {
  const overrides = typeof override === 'object' && override !== null ? (override as Record<string, unknown>) : {};
  const base = origin.replace(/\/+$/, '');
  const urls = {} as Record<RemoteContainer, string>;
  for (const container of REMOTE_CONTAINERS) {
    const candidate = overrides[container];
    urls[container] = typeof candidate === 'string' && /^https?:\/\//.test(candidate) ? candidate : `${base}${remoteEntryPath(remoteNameOf(container))}`;
  }
  return urls;
}

/** Pulls the page map out of a remote's `./routes` module (named `pages` or default export). */
export function pageMapOf(module: unknown): RemotePageMap {
  if (typeof module === 'object' && module !== null) {
    const candidate = (module as { pages?: unknown; default?: unknown }).pages ?? (module as { default?: unknown }).default;
    if (typeof candidate === 'object' && candidate !== null) return candidate as RemotePageMap;
  }
  throw new Error('The remote routes module exports no page map');
}
