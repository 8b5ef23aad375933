// The content of venue documents over HTTP: signed, short-lived content URLs (an <img src> carries no bearer
// token), the Range header, and the headers that keep an uploaded file from ever running as a page of the app.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ContentVariantName } from '@venuebook/contracts/codecs/media';

/** A signed URL of a signed-in reader is valid this long (then the list or document is read again). */
export const MEMBER_URL_TTL_SECONDS = 3600;
/** A public gallery's photo URL is valid this long (the gallery page is read again for fresh URLs). */
export const GALLERY_URL_TTL_SECONDS = 600;
/**
 * Expiries are rounded up to this step, so that the same reader gets the same URL for a while and the browser's
 * cache answers repeated views of a thumbnail.
 */
const EXPIRY_STEP_SECONDS = 300;

export const CONTENT_URL_MESSAGES = {
  invalid: 'Invalid or expired link',
} as const;

/** Who a content URL was made for: a signed-in user, or the holder of a public gallery's key. */
export type ContentReader = { userId: string; galleryKey?: undefined } | { galleryKey: string; userId?: undefined };

export interface ContentUrlParams {
  id: string;
  variant: ContentVariantName;
  download: boolean;
}

export interface VerifiedContentUrl {
  reader: ContentReader;
  /** Seconds the URL is still valid (the Cache-Control max-age). */
  remainingSeconds: number;
}

export interface ContentUrlSigner {
  /** The relative URL (/api/v1/documents/{id}/content?…) of `params` for `reader`. */
  url(params: ContentUrlParams, reader: ContentReader): string;
  /** The reader of a URL whose query is `query`; undefined when its signature is wrong or it has expired. */
  verify(params: ContentUrlParams, query: { exp: number; sig: string; u?: string | undefined; key?: string | undefined }): VerifiedContentUrl | undefined;
}

/**
 * The signer of content URLs: HMAC-SHA256 under a key derived from JWT_SECRET (its own label, so a content URL's
 * signature can never stand for anything else), over the document, the variant, the download flag, the expiry and
 * the reader (the user id, or the gallery key: a rotated key kills its URLs at the next read).
 */
export function createContentUrlSigner(jwtSecret: string, now: () => number = Date.now): ContentUrlSigner {
  const key = createHmac('sha256', jwtSecret).update('venuebook media content urls v1').digest();
  const mac = (params: ContentUrlParams, exp: number, reader: ContentReader): Buffer =>
    createHmac('sha256', key)
      .update(JSON.stringify([params.id, params.variant, params.download ? 1 : 0, exp, reader.userId ?? '', reader.galleryKey ?? '']))
      .digest();
  const seconds = () => Math.floor(now() / 1000);

  return {
    url(params, reader) {
      const ttl = reader.galleryKey === undefined ? MEMBER_URL_TTL_SECONDS : GALLERY_URL_TTL_SECONDS;
      const exp = Math.ceil((seconds() + ttl) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      const query = new URLSearchParams({ variant: params.variant, download: params.download ? '1' : '0', exp: String(exp) });
      if (reader.galleryKey === undefined) query.set('u', reader.userId);
      else query.set('key', reader.galleryKey);
      query.set('sig', mac(params, exp, reader).toString('base64url'));
      return `/api/v1/documents/${encodeURIComponent(params.id)}/content?${query.toString()}`;
    },
    verify(params, query) {
      const reader: ContentReader | undefined =
        query.key !== undefined && query.key !== '' ? { galleryKey: query.key } : query.u !== undefined && query.u !== '' ? { userId: query.u } : undefined;
      if (!reader || (query.key && query.u)) return undefined;
      const remaining = query.exp - seconds();
      const ttl = reader.galleryKey === undefined ? MEMBER_URL_TTL_SECONDS : GALLERY_URL_TTL_SECONDS;
      if (!Number.isSafeInteger(query.exp) || remaining <= 0 || remaining > ttl + EXPIRY_STEP_SECONDS) return undefined;
      const expected = mac(params, query.exp, reader);
      const given = Buffer.from(query.sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { reader, remainingSeconds: remaining };
    },
  };
}

/** A Range header as the content route uses it: one range of bytes, or nothing (answer the whole file). */
export type RequestedRange = { start: number; end: number | undefined } | undefined;

/**
 * The one byte range of `header` ('bytes=0-99', 'bytes=100-'); undefined (the whole file, 200) for no header,
 * a malformed one, several ranges or a suffix range ('bytes=-500'): RFC 9110 lets a server ignore Range.
 */
export function parseRange(header: string | undefined): RequestedRange {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d{1,15})\s*-\s*(\d{0,15})\s*$/i.exec(header);
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (end !== undefined && end < start) return undefined;
  return { start, end };
}

/** Types a browser shows inline (raster images): anything else is served as an attachment. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/**
 * Types that can run script or render as a document in a browser: never sent as themselves, whatever the
 * disposition (a download manager or an old browser could still open them as a page of this origin).
 */
function isActiveType(type: string): boolean {
  return /html|xml|svg|javascript|ecmascript|^text\/(?!plain$|csv$)|^multipart\//.test(type) || type === '';
}

export interface ContentHeaders {
  'content-type': string;
  'content-disposition': string;
  'x-content-type-options': 'nosniff';
  'content-security-policy': string;
  'cache-control': string;
  'accept-ranges': 'bytes';
  'cross-origin-resource-policy': 'same-origin' | 'cross-origin';
}

/** The file name as a Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987 filename*). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const clean =
    Array.from(fileName, (character) => (character.charCodeAt(0) < 0x20 || character === '\u007f' || character === '/' || character === '\\' ? '_' : character))
      .join('')
      .replace(/_+/g, '_')
      .trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers of a content answer: images inline as themselves, everything else an attachment, never active.
 * `crossOrigin` (embedding on, EMBED_ALLOWED_ORIGINS): other origins' pages may load it (<img>; the signature is
 * the gate), else same-origin only.
 */
export function contentHeaders(
  info: { contentType: string; fileName: string },
  options: { download: boolean; maxAgeSeconds: number; crossOrigin?: boolean },
): ContentHeaders {
  const type = info.contentType.toLowerCase().split(';')[0]!.trim();
  const inline = !options.download && INLINE_TYPES.has(type);
  return {
    'content-type': inline ? type : isActiveType(type) ? 'application/octet-stream' : type,
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', info.fileName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cache-control': `private, max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'accept-ranges': 'bytes',
    'cross-origin-resource-policy': options.crossOrigin === true ? 'cross-origin' : 'same-origin',
  };
}
