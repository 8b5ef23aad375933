import { describe, expect, it } from 'vitest';
import { contentDisposition, contentHeaders, createContentUrlSigner, GALLERY_URL_TTL_SECONDS, MEMBER_URL_TTL_SECONDS, parseRange } from './media-content.ts';

const SECRET = 'x'.repeat(40);
const params = { id: 'doc-1', variant: 'thumb' as const, download: false };

function queryOf(url: string): { exp: number; sig: string; u?: string; key?: string } {
  const search = new URL(url, 'http://host').searchParams;
  return {
    exp: Number(search.get('exp')),
    sig: search.get('sig') ?? '',
    ...(search.has('u') ? { u: search.get('u')! } : {}),
    ...(search.has('key') ? { key: search.get('key')! } : {}),
  };
}

describe('content URLs', () => {
  it('verifies its own URLs for the same document, variant, download flag and reader, and nothing else', () => {
    let now = 1_800_000_000_000;
    const signer = createContentUrlSigner(SECRET, () => now);
    const url = signer.url(params, { userId: 'user-1' });
    expect(url).toMatch(/^\/api\/v1\/documents\/doc-1\/content\?variant=thumb&download=0&exp=\d+&u=user-1&sig=[\w-]{43}$/);
    const query = queryOf(url);
    expect(signer.verify(params, query)).toMatchObject({ reader: { userId: 'user-1' } });
    expect(signer.verify({ ...params, id: 'doc-2' }, query)).toBeUndefined();
    expect(signer.verify({ ...params, variant: 'original' }, query)).toBeUndefined();
    expect(signer.verify({ ...params, download: true }, query)).toBeUndefined();
    expect(signer.verify(params, { ...query, u: 'user-2' })).toBeUndefined();
    expect(signer.verify(params, { ...query, exp: query.exp + 1 })).toBeUndefined();
    expect(signer.verify(params, { ...query, sig: 'A'.repeat(43) })).toBeUndefined();
    expect(signer.verify(params, { ...query, sig: '' })).toBeUndefined();
    expect(signer.verify(params, { exp: query.exp, sig: query.sig })).toBeUndefined();
    expect(createContentUrlSigner('y'.repeat(40), () => now).verify(params, query)).toBeUndefined();
    // Valid about an hour (rounded up to 5 minutes), then refused.
    expect(query.exp - now / 1000).toBeGreaterThanOrEqual(MEMBER_URL_TTL_SECONDS);
    now = query.exp * 1000 - 1000;
    expect(signer.verify(params, query)?.remainingSeconds).toBe(1);
    now = query.exp * 1000;
    expect(signer.verify(params, query)).toBeUndefined();
  });

  it('signs gallery URLs with the key (a rotated key invalidates them) and a shorter life', () => {
    const now = 1_800_000_000_000;
    const signer = createContentUrlSigner(SECRET, () => now);
    const query = queryOf(signer.url(params, { galleryKey: 'k1' }));
    expect(query.u).toBeUndefined();
    expect(signer.verify(params, query)).toMatchObject({ reader: { galleryKey: 'k1' } });
    expect(signer.verify(params, { ...query, key: 'k2' })).toBeUndefined();
    expect(signer.verify(params, { ...query, key: undefined, u: 'k1' })).toBeUndefined();
    expect(query.exp - now / 1000).toBeLessThanOrEqual(GALLERY_URL_TTL_SECONDS + 300);
    // An expiry further away than any URL is given is refused (a forged long life).
    expect(signer.verify(params, { ...query, exp: query.exp + 86_400 })).toBeUndefined();
  });
});

describe('parseRange', () => {
  it('reads one byte range and ignores the rest', () => {
    expect(parseRange(undefined)).toBeUndefined();
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100, end: undefined });
    expect(parseRange('bytes=-500')).toBeUndefined();
    expect(parseRange('bytes=5-1')).toBeUndefined();
    expect(parseRange('bytes=0-1,4-5')).toBeUndefined();
    expect(parseRange('items=0-1')).toBeUndefined();
    expect(parseRange('bytes=9999999999999999-')).toBeUndefined();
  });
});

describe('content headers', () => {
  it('serves raster images inline and everything else as a sandboxed, non-sniffed attachment; active types never as themselves', () => {
    const image = contentHeaders({ contentType: 'image/png', fileName: 'a.png' }, { download: false, maxAgeSeconds: 60 });
    expect(image).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=60',
      'accept-ranges': 'bytes',
    });
    expect(image['content-disposition']).toMatch(/^inline;/);
    expect(image['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(contentHeaders({ contentType: 'image/png', fileName: 'a.png' }, { download: true, maxAgeSeconds: 60 })['content-disposition']).toMatch(
      /^attachment;/,
    );
    for (const type of ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/xml', 'application/javascript', 'text/javascript', '']) {
      const headers = contentHeaders({ contentType: type, fileName: 'x' }, { download: false, maxAgeSeconds: 60 });
      expect(headers['content-type'], type).toBe('application/octet-stream');
      expect(headers['content-disposition'], type).toMatch(/^attachment;/);
    }
    const text = contentHeaders({ contentType: 'text/plain', fileName: 'notes.txt' }, { download: false, maxAgeSeconds: 60 });
    expect(text['content-type']).toBe('text/plain');
    expect(text['content-disposition']).toMatch(/^attachment;/);
    // Same-origin only, unless embedding is on (the signed URL is the gate for another origin's <img>).
    expect(image['cross-origin-resource-policy']).toBe('same-origin');
    expect(
      contentHeaders({ contentType: 'image/png', fileName: 'a.png' }, { download: false, maxAgeSeconds: 60, crossOrigin: true })[
        'cross-origin-resource-policy'
      ],
    ).toBe('cross-origin');
  });

  it('names the file safely (ASCII fallback and RFC 5987 filename*)', () => {
    expect(contentDisposition('attachment', 'Plan ä "1".pdf')).toBe(`attachment; filename="Plan _ _1_.pdf"; filename*=UTF-8''Plan%20%C3%A4%20%221%22.pdf`);
    expect(contentDisposition('attachment', '../../etc/passwd')).toBe(`attachment; filename=".._.._etc_passwd"; filename*=UTF-8''.._.._etc_passwd`);
    expect(contentDisposition('inline', 'a\r\nSet-Cookie: x')).not.toMatch(/[\r\n]/);
    expect(contentDisposition('inline', '')).toContain('filename="download"');
  });
});
