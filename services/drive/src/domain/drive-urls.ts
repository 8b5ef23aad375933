// Which addresses the worker trusts: its API root (https, or http on this machine for the local Google Drive), upload
// sessions on that same origin only (a session URI is where the worker sends its token and a document's bytes), and
// file links shown to users only when they are Google Drive's (or the local Drive's).

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const parsed = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** A URL of this machine (the local Google Drive). */
export function isLoopbackUrl(value: string): boolean {
  const url = parsed(value);
  return url !== null && LOOPBACK_HOSTS.has(url.hostname);
}

/** A resumable upload session of Drive: on the API root's origin, Drive's upload path, with an upload_id. */
export function isUploadSessionUri(uri: string, rootUrl: string): boolean {
  const url = parsed(uri);
  const root = parsed(rootUrl);
  if (!url || !root || url.origin !== root.origin || url.username || url.password) return false;
  return /^\/upload\/drive\/v3\/files(?:\/[A-Za-z0-9_-]+)?$/.test(url.pathname) && /^[A-Za-z0-9_-]{1,512}$/.test(url.searchParams.get('upload_id') ?? '');
}

/** A file's link as users may follow it: Google Drive's (https://drive.google.com/…) or the local Drive's; else ''. */
export function safeFileLink(link: string, rootUrl: string): string {
  const url = parsed(link);
  const root = parsed(rootUrl);
  if (!url) return '';
  if (url.protocol === 'https:' && url.hostname === 'drive.google.com') return url.toString();
  if (root && isLoopbackUrl(rootUrl) && url.origin === root.origin) return url.toString();
  return '';
}
