import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_FILE_NAME_LENGTH } from '@venuebook/domain';
import { byteRange, contentTypeFor, dateTaken, galleryOpens, matchesKind, newGalleryKey, TextCheck, uploadCategory } from './documents.ts';

describe('file names', () => {
  it('keeps the base name only, without control or bidi characters, capped with the extension kept', () => {
    expect(cleanFileName('../../x.pdf')).toBe('x.pdf');
    expect(cleanFileName('C:\\Users\\me\\plan.xlsx')).toBe('plan.xlsx');
    expect(cleanFileName('a\u0000b\u202Efdp.exe\n.pdf')).toBe('abfdp.exe.pdf');
    expect(cleanFileName('..')).toBe('');
    const long = cleanFileName(`${'n'.repeat(500)}.docx`);
    expect(long).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

describe('categories and kinds', () => {
  it('defaults an empty category to general and refuses unknown ones', () => {
    expect(uploadCategory('')).toBe('general');
    expect(uploadCategory('photos')).toBe('photos');
    expect(uploadCategory('secret')).toBeNull();
  });

  it('splits photos (jpeg, png, gif, webp) from files', () => {
    expect(matchesKind('image/webp', 'photos')).toBe(true);
    expect(matchesKind('application/pdf', 'photos')).toBe(false);
    expect(matchesKind('application/pdf', 'files')).toBe(true);
    expect(matchesKind('image/png', 'all')).toBe(true);
  });
});

describe('content checks', () => {
  const text = new TextEncoder().encode('Load-in: dock 2 — café\n');
  it('accepts the detected type of the extension and stores it', () => {
    expect(contentTypeFor('.pdf', 'application/pdf', text, false)).toBe('application/pdf');
    expect(contentTypeFor('.jpg', 'image/jpeg', text, false)).toBe('image/jpeg');
    expect(contentTypeFor('.docx', 'application/zip', text, false)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(contentTypeFor('.doc', 'application/x-cfb', text, false)).toBe('application/msword');
    expect(contentTypeFor('.zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', text, false)).toBe('application/zip');
  });

  it('refuses content of another type', () => {
    expect(contentTypeFor('.pdf', undefined, new TextEncoder().encode('<html>'), true)).toBeNull();
    expect(contentTypeFor('.jpg', 'image/png', text, false)).toBeNull();
    expect(contentTypeFor('.docx', 'application/x-cfb', text, false)).toBeNull();
    expect(contentTypeFor('.exe', 'application/x-msdownload', text, false)).toBeNull();
  });

  it('takes UTF-8 text without NUL bytes as .txt, nothing else', () => {
    expect(contentTypeFor('.txt', undefined, text, true)).toBe('text/plain');
    expect(contentTypeFor('.txt', 'application/pdf', text, true)).toBeNull();
    expect(contentTypeFor('.txt', undefined, new Uint8Array([65, 0, 66]), true)).toBeNull();
    expect(contentTypeFor('.txt', undefined, new Uint8Array([0xc3, 0x28]), true)).toBeNull();
    // A character cut at the end of the first bytes is fine while more bytes follow.
    expect(contentTypeFor('.txt', undefined, new Uint8Array([65, 0xc3]), false)).toBe('text/plain');
    expect(contentTypeFor('.txt', undefined, new Uint8Array([65, 0xc3]), true)).toBeNull();
    const check = new TextCheck();
    expect(check.push(new Uint8Array([0xe2, 0x80]))).toBe(true);
    expect(check.push(new Uint8Array([0x94]))).toBe(true);
    expect(check.end()).toBe(true);
  });
});

describe('date taken', () => {
  const uploaded = new Date('2026-05-01T10:00:00Z');
  it('prefers EXIF, then the last-modified time, then the upload time', () => {
    expect(dateTaken(new Date('2024-07-04T18:30:00Z'), 1_700_000_000_000, uploaded).toISOString()).toBe('2024-07-04T18:30:00.000Z');
    expect(dateTaken(undefined, 1_700_000_000_000, uploaded).getTime()).toBe(1_700_000_000_000);
    expect(dateTaken(undefined, 0, uploaded)).toBe(uploaded);
    expect(dateTaken(new Date('2099-01-01T00:00:00Z'), 0, uploaded)).toBe(uploaded);
  });
});

describe('gallery', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const key = newGalleryKey();
  it('opens only with the key, while on and unexpired', () => {
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(galleryOpens({ enabled: true, key, expiresAt: null }, key, now)).toBe(true);
    expect(galleryOpens({ enabled: true, key, expiresAt: null }, `${key.slice(0, -1)}A`, now)).toBe(key.endsWith('A'));
    expect(galleryOpens({ enabled: true, key, expiresAt: null }, '', now)).toBe(false);
    expect(galleryOpens({ enabled: false, key, expiresAt: null }, key, now)).toBe(false);
    expect(galleryOpens({ enabled: true, key, expiresAt: new Date('2026-05-01T09:59:59Z') }, key, now)).toBe(false);
    expect(galleryOpens({ enabled: true, key, expiresAt: new Date('2026-05-02T00:00:00Z') }, key, now)).toBe(true);
    expect(galleryOpens(null, key, now)).toBe(false);
  });
});

describe('byte ranges', () => {
  it('clamps the end and refuses ranges past the end', () => {
    expect(byteRange(100, undefined)).toEqual({ start: 0, end: 99 });
    expect(byteRange(100, { start: 10, end: 500 })).toEqual({ start: 10, end: 99 });
    expect(byteRange(100, { start: 100, end: 120 })).toBeNull();
    expect(byteRange(100, { start: 20, end: 10 })).toBeNull();
    expect(byteRange(100, { start: -1, end: 10 })).toBeNull();
  });
});
