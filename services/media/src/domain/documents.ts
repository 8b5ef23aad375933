// The pure rules of venue documents and photos (what a file name becomes: the domain's cleanFileName): which content an extension must have
// (checked on the file's first bytes, never the browser's word), the date a photo was taken, the photo/file split
// and the public gallery's key and openness.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ALLOWED_UPLOAD_EXTENSIONS, DOCUMENT_CATEGORY_VALUES, isPhotoMimeType } from '@venuebook/domain';
import type { DocumentCategory } from '@venuebook/domain';

/** How many first bytes the content check reads (and EXIF is looked for in). */
export const HEAD_BYTES = 64 * 1024;

export const MESSAGES = {
  headerFirst: 'The first message of an upload must be its header',
  noBytes: 'The upload has no header',
  tooLarge: (limit: number) => `The file is larger than the ${formatBytes(limit)} limit`,
  sizeMismatch: 'The file received does not have the size announced',
  stalled: (idleMs: number) => `The upload stalled: nothing received for ${Math.round(idleMs / 1000)} s`,
  typeNotAllowed: (ext: string) => `File type not allowed (${ext || 'no extension'}). Allowed: ${ALLOWED_UPLOAD_EXTENSIONS.join(' ')}`,
  contentMismatch: (ext: string) => `The file's content is not a ${ext} file`,
  imageTooLarge: 'The image is too large to process',
  imageUnreadable: 'The image could not be read',
  unknownCategory: (category: string) => `Unknown category: ${category}`,
  eventNotFound: 'Event not found',
  cardNotFound: 'Data card not found',
  documentNotFound: 'Document not found',
  galleryNotFound: 'Gallery not found',
  contentNotFound: 'Content not found',
  rangeNotSatisfiable: 'Range not satisfiable',
  busy: 'Someone else is changing this document right now. Please try again.',
} as const;

export function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB` : `${bytes} bytes`;
}

/** The category of an upload (empty: general); null when it is not one of the nine. */
export function uploadCategory(category: string): DocumentCategory | null {
  if (category === '') return 'general';
  return (DOCUMENT_CATEGORY_VALUES as readonly string[]).includes(category) ? (category as DocumentCategory) : null;
}

export function isAllowedExtension(ext: string): boolean {
  return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const CFB = 'application/x-cfb';
const ZIP = 'application/zip';

/** Types file-type reports for ZIP containers (a .zip may be any of them). */
const ZIP_FAMILY = new Set([
  ZIP,
  DOCX,
  XLSX,
  PPTX,
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/epub+zip',
  'application/x-xpinstall',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

/**
 * Per extension: the detected types accepted, and the type stored. A container detected only as its generic
 * format (ZIP for an Office Open XML file whose parts lie beyond the first bytes, CFB for a legacy Office file)
 * is stored as the extension's specific type of that container.
 */
const CONTENT_RULES: Record<string, { accept: ReadonlySet<string>; store: (detected: string) => string }> = {
  '.pdf': { accept: new Set(['application/pdf']), store: (d) => d },
  '.jpg': { accept: new Set(['image/jpeg']), store: (d) => d },
  '.jpeg': { accept: new Set(['image/jpeg']), store: (d) => d },
  '.png': { accept: new Set(['image/png']), store: (d) => d },
  '.gif': { accept: new Set(['image/gif']), store: (d) => d },
  '.webp': { accept: new Set(['image/webp']), store: (d) => d },
  '.zip': { accept: ZIP_FAMILY, store: () => ZIP },
  '.docx': { accept: new Set([ZIP, DOCX]), store: () => DOCX },
  '.xlsx': { accept: new Set([ZIP, XLSX]), store: () => XLSX },
  '.pptx': { accept: new Set([ZIP, PPTX]), store: () => PPTX },
  '.doc': { accept: new Set([CFB, 'application/msword']), store: () => 'application/msword' },
  '.xls': { accept: new Set([CFB, 'application/vnd.ms-excel']), store: () => 'application/vnd.ms-excel' },
  '.ppt': { accept: new Set([CFB, 'application/vnd.ms-powerpoint']), store: () => 'application/vnd.ms-powerpoint' },
  '.rar': { accept: new Set(['application/x-rar-compressed', 'application/vnd.rar']), store: () => 'application/vnd.rar' },
};

export const TEXT_PLAIN = 'text/plain';

/**
 * The MIME type to store for a file with extension `ext` whose first bytes are `head` and in which file-type
 * detected `detected` (undefined: nothing known); null when the content is not what the extension says. A .txt
 * must have no detected type, no NUL byte and be UTF-8 (the rest of the file is checked as it streams: TextCheck).
 */
export function contentTypeFor(ext: string, detected: string | undefined, head: Uint8Array, complete: boolean): string | null {
  if (ext === '.txt') {
    if (detected !== undefined) return null;
    const check = new TextCheck();
    return check.push(head) && (!complete || check.end()) ? TEXT_PLAIN : null;
  }
  const rule = CONTENT_RULES[ext];
  if (!rule || detected === undefined || !rule.accept.has(detected)) return null;
  return rule.store(detected);
}

/** Checks a text file's bytes as they arrive: no NUL byte, valid UTF-8 (a character may span two chunks). */
export class TextCheck {
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });

  /** False as soon as the bytes are not text. */
  push(bytes: Uint8Array): boolean {
    if (bytes.includes(0)) return false;
    try {
      this.#decoder.decode(bytes, { stream: true });
      return true;
    } catch {
      return false;
    }
  }

  /** False when the file ends inside a character. */
  end(): boolean {
    try {
      this.#decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}

export function isImageType(mime: string): boolean {
  return isPhotoMimeType(mime);
}

/**
 * When a photo was taken: the EXIF date (DateTimeOriginal or CreateDate), else the file's last-modified time
 * (epoch ms, when plausible), else the upload time.
 */
export function dateTaken(exifDate: Date | undefined, lastModifiedMs: number, uploadedAt: Date): Date {
  if (exifDate && !Number.isNaN(exifDate.getTime()) && exifDate.getUTCFullYear() >= 1900 && exifDate.getTime() <= uploadedAt.getTime() + 86_400_000)
    return exifDate;
  if (Number.isFinite(lastModifiedMs) && lastModifiedMs > 0 && lastModifiedMs <= uploadedAt.getTime() + 86_400_000) return new Date(lastModifiedMs);
  return uploadedAt;
}

export type DocumentKindName = 'all' | 'photos' | 'files';

export function matchesKind(fileType: string, kind: DocumentKindName): boolean {
  if (kind === 'all') return true;
  return isPhotoMimeType(fileType) === (kind === 'photos');
}

/** A public gallery key: 32 random bytes, base64url. */
export function newGalleryKey(): string {
  return randomBytes(32).toString('base64url');
}

export interface GalleryState {
  enabled: boolean;
  key: string;
  expiresAt: Date | null;
}

/** Whether `key` opens the gallery now (on, unexpired, the same key compared in constant time). */
export function galleryOpens(gallery: GalleryState | null, key: string, now: Date): boolean {
  if (!gallery || !gallery.enabled || !key) return false;
  if (gallery.expiresAt && gallery.expiresAt.getTime() <= now.getTime()) return false;
  const given = Buffer.from(key);
  const expected = Buffer.from(gallery.key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An inclusive byte range of an object of `size` bytes; null when it is not satisfiable. */
export function byteRange(size: number, range: { start: number; end: number } | undefined): { start: number; end: number } | null {
  if (!range) return { start: 0, end: size - 1 };
  const { start } = range;
  const end = Math.min(range.end, size - 1);
  if (!Number.isInteger(start) || !Number.isInteger(range.end) || start < 0 || start >= size || end < start) return null;
  return { start, end };
}

/** The Drive sync worker's name: its calls are signed as it (see requireWorkerCaller); it reads the document index and imports files from Drive. */
export const DRIVE_WORKER = 'drive';
