import { z } from 'zod';

/**
 * The embeddable media library: which host pages may embed it (EMBED_ALLOWED_ORIGINS), and which
 * paths answer them cross-origin. An origin is `scheme://host[:port]` exactly as a browser sends it in the
 * Origin header (lower-case, no default port, no trailing slash), so matching is plain string equality.
 */

/** A host name (as URL.hostname gives it) of this machine's loopback interface: localhost, 127.0.0.0/8, [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

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
  // A page served over plain http can be rewritten by anyone on its network path, and an allowed page is handed
  // tokens: http:// only for this machine (tests, development).
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return bad('is http:// but not a loopback host (localhost, 127.x.x.x, [::1]); use https://');
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
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')) {
      const parsed = parseEmbedOrigin(entry);
      if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
      else origins.add(parsed.origin);
    }
    return [...origins];
  });

/** Files of the embeddable library's own federation container (mfe-media's dist/library). */
export const EMBED_LIBRARY_PREFIX = '/remotes/media/library/';

/**
 * The API routes never answered cross-origin, whatever EMBED_ALLOWED_ORIGINS says: those that read or set the
 * refresh cookie (cookies never cross origins; an embedding page uses bearer tokens only), and the exchange of a
 * full access token for an embed token (only the session bridge, on Venue Book's own origin, asks for one).
 */
const SAME_ORIGIN_ROUTES = /^\/api\/v1\/auth\/(token|logout|google|embed-token)(\/|$)/;

/**
 * The embed token: what the session bridge hands an allowed host page instead of the session's
 * access token. The same claims (sub, email, sid: the session's revocation and the user's role apply as they do)
 * plus `scope: EMBED_TOKEN_SCOPE`; it expires when the access token it was exchanged for does. The API accepts it
 * only on the routes the media library calls (route `config.embed: true`); anywhere else it is refused (403).
 */
export const EMBED_TOKEN_SCOPE = 'media-embed' as const;

export const EMBED_TOKEN_MESSAGES = {
  /** A scoped token on a route not marked `config.embed`. */
  routeRefused: 'This token may only be used by the embedded media library',
  /** POST /api/v1/auth/embed-token asked by a page of another origin (Sec-Fetch-Site). */
  crossOrigin: "Embed tokens are handed out to Venue Book's own pages only",
} as const;

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
  return path.startsWith('/api/v1/') && !SAME_ORIGIN_ROUTES.test(path);
}
