import { z } from 'zod';

/**
 * The embeddable media library (issue 13): which host pages may embed it (EMBED_ALLOWED_ORIGINS), and which
 * paths answer them cross-origin. An origin is `scheme://host[:port]` exactly as a browser sends it in the
 * Origin header (lower-case, no default port, no trailing slash), so matching is plain string equality.
 */

/** One entry of EMBED_ALLOWED_ORIGINS: the normalised origin, or a message saying what is wrong with it. */
export function parseEmbedOrigin(entry: string): { origin: string } | { error: string } {
  const bad = (why: string) => ({ error: `'${entry}' ${why}; expected an origin such as https://intranet.example.com or http://localhost:3000` });
  if (!/^https?:\/\//i.test(entry)) return bad('is not an http:// or https:// origin');
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return bad('is not a valid URL');
  }
  if (url.username !== '' || url.password !== '') return bad('has a user name or password');
  // A trailing '/' is tolerated (it is how URLs are often written); any other path, a query or a fragment is not.
  if (url.pathname !== '/' || /^https?:\/\/[^/?#]*\/[^?#]/i.test(entry)) return bad('has a path');
  if (url.search !== '' || entry.includes('?')) return bad('has a query');
  if (url.hash !== '' || entry.includes('#')) return bad('has a fragment');
  if (url.hostname === '' || entry.includes('*')) return bad('has no exact host name');
  return { origin: url.origin };
}

/**
 * EMBED_ALLOWED_ORIGINS: comma-separated origins; blanks around entries and empty entries are ignored; duplicates
 * are folded. Unset or empty: embedding is off (no CORS, the session bridge may be framed by nobody).
 */
export const embedAllowedOriginsSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const origins = new Set<string>();
    for (const entry of value.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
      const parsed = parseEmbedOrigin(entry);
      if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
      else origins.add(parsed.origin);
    }
    return [...origins];
  });

/** Files of the embeddable library's own federation container (mfe-media's dist/library). */
export const EMBED_LIBRARY_PREFIX = '/remotes/media/library/';

/**
 * The API routes that read or set the refresh cookie: never answered cross-origin (cookies never cross origins;
 * an embedding page uses bearer tokens only), whatever EMBED_ALLOWED_ORIGINS says.
 */
const COOKIE_ROUTES = /^\/api\/v1\/auth\/(token|logout|google)(\/|$)/;

/** A '.' or '..' segment, plain or percent-encoded (browsers never send one; a crafted request could). */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/**
 * Whether a request path (no query, as sent) is answered to allowed origins: the versioned API and the library's
 * files. Judged decoded, as the router (which decodes %74oken to the token route) and the static files' server
 * (which decodes %2f) see it; a path that does not decode, or with a backslash or an empty segment, is refused.
 */
export function isEmbedCorsPath(rawPath: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  if (DOT_SEGMENT.test(path) || path.includes('\\') || path.includes('//')) return false;
  if (path.startsWith(EMBED_LIBRARY_PREFIX)) return true;
  return path.startsWith('/api/v1/') && !COOKIE_ROUTES.test(path);
}
