export const DOCUMENT_CATEGORY_VALUES = ['general', 'contracts', 'financials', 'insurance', 'marketing', 'permits', 'photos', 'safety', 'technical'] as const;

export type DocumentCategory = (typeof DOCUMENT_CATEGORY_VALUES)[number];

export interface DocumentCategoryOption {
  readonly value: DocumentCategory;
  readonly label: string;
}

/** The nine categories of the upload and detail views (spec §3). */
export const DOCUMENT_CATEGORIES: readonly DocumentCategoryOption[] = [
  { value: 'general', label: 'General (Root Folder)' },
  { value: 'contracts', label: 'Contracts' },
  { value: 'financials', label: 'Financial Documents' },
  { value: 'insurance', label: 'Insurance' },
  { value: 'marketing', label: 'Marketing Materials' },
  { value: 'permits', label: 'Permits & Licenses' },
  { value: 'photos', label: 'Photos' },
  { value: 'safety', label: 'Safety & Security' },
  { value: 'technical', label: 'Technical Specifications' },
];

/** The admin documents page lists eight categories: all but photos. */
export const ADMIN_DOCUMENT_CATEGORIES: readonly DocumentCategoryOption[] = DOCUMENT_CATEGORIES.filter((c) => c.value !== 'photos');

export const DEFAULT_DOCUMENT_CATEGORY = 'general' satisfies DocumentCategory;

export function documentCategoryLabel(value: string): string {
  return DOCUMENT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** File extensions accepted by document upload (spec §5), lower-case with the dot. */
export const ALLOWED_DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.txt',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.zip',
  '.rar',
] as const;

/**
 * File extensions the media service accepts: the document extensions of spec §5 plus .webp (spec §5's photo list
 * shows webp images, so a photo upload may be one). The service checks each file's first bytes against its extension.
 */
export const ALLOWED_UPLOAD_EXTENSIONS = [...ALLOWED_DOCUMENT_EXTENSIONS, '.webp'] as const;

/** Value for an <input type="file" accept=...> attribute. */
export const DOCUMENT_ACCEPT_ATTRIBUTE = ALLOWED_UPLOAD_EXTENSIONS.join(',');

/** Image MIME types shown in the photo list (spec §5). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Files accepted by the AI extraction dialog (spec §5). */
export const AI_EXTRACTION_EXTENSIONS = ['.txt', '.csv', '.doc', '.docx', '.pdf'] as const;

/** Lower-case extension including the dot ('' when the name has none). */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** Longest stored file name (display only: names are never part of a key). */
export const MAX_FILE_NAME_LENGTH = 200;

/**
 * The name kept for display: the last path part (either slash), without control or bidirectional-formatting
 * characters, NFC, trimmed, at most MAX_FILE_NAME_LENGTH characters with the extension kept.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .trim()
    .replace(/^\.+$/, '');
  if (name.length > MAX_FILE_NAME_LENGTH) {
    const ext = fileExtension(name);
    const keep = ext.length < 20 ? ext : '';
    name = `${name.slice(0, MAX_FILE_NAME_LENGTH - keep.length)}${keep}`;
  }
  return name;
}

export function isAllowedDocumentFile(fileName: string): boolean {
  return (ALLOWED_DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

/** Whether the media service accepts a file of this name (ALLOWED_UPLOAD_EXTENSIONS). */
export function isAllowedUploadFile(fileName: string): boolean {
  return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

export function isPhotoMimeType(mimeType: string): boolean {
  return (PHOTO_MIME_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}
