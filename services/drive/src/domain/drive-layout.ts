// Where a venue's files go in Google Drive and how the worker recognises what it made: a folder per venue under the
// root (named after the venue), a folder per category inside it ('General (Root Folder)' is the venue's folder
// itself), and on every folder and file `appProperties` naming the venue, the category or the document, so that
// the worker finds what it made before it makes anything (a worker killed after a create never makes a second).
import { nameBasedUuid } from '@venuebook/service-kit';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '@venuebook/domain';

export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/** The `appProperties` keys (Drive allows 124 bytes per key and value together). */
export const APP_PROPERTY = {
  kind: 'venuebookKind',
  venueId: 'venuebookVenueId',
  category: 'venuebookCategory',
  documentId: 'venuebookDocumentId',
  /** On a file someone put in a venue's folder that could not be imported: why (it is not tried again). */
  importRefused: 'venuebookImportRefused',
} as const;

export type DriveItemKind = 'venue-folder' | 'category-folder' | 'document';

/** The category whose files sit in the venue's folder itself (spec §3: 'General (Root Folder)'). */
export const ROOT_CATEGORY: DocumentCategory = 'general';

/** Drive's limit on a name is generous; a venue's name is cut to this and never empty. */
const MAX_NAME = 255;

/** The venue folder's name: the venue's name, trimmed and cut; its id when the name is blank. */
export function venueFolderName(venueName: string, venueId: string): string {
  const name = venueName.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
  return name || venueId;
}

/** The folder a category's files go into inside the venue's folder (the spec's label), or null for the venue folder itself. */
export function categoryFolderName(category: string): string | null {
  if (category === ROOT_CATEGORY) return null;
  return DOCUMENT_CATEGORIES.find((option) => option.value === category)?.label ?? null;
}

/** The category of a folder by its name inside a venue folder (imports: a file dropped into 'Contracts' is a contract). */
export function categoryOfFolderName(name: string): DocumentCategory | null {
  return DOCUMENT_CATEGORIES.find((option) => option.value !== ROOT_CATEGORY && option.label === name)?.value ?? null;
}

export const venueFolderProperties = (venueId: string): Record<string, string> => ({ [APP_PROPERTY.kind]: 'venue-folder', [APP_PROPERTY.venueId]: venueId });

export const categoryFolderProperties = (venueId: string, category: string): Record<string, string> => ({
  [APP_PROPERTY.kind]: 'category-folder',
  [APP_PROPERTY.venueId]: venueId,
  [APP_PROPERTY.category]: category,
});

export const documentFileProperties = (documentId: string, venueId: string): Record<string, string> => ({
  [APP_PROPERTY.kind]: 'document',
  [APP_PROPERTY.documentId]: documentId,
  [APP_PROPERTY.venueId]: venueId,
});

/**
 * The document id of a file imported from Drive: a name-based UUID of its Drive file id, the same on every run, so
 * that media refuses a second import of the file (its ids are unique).
 */
export function importDocumentId(driveFileId: string): string {
  return nameBasedUuid(`venuebook-drive-import:${driveFileId}`);
}

/** The worker's job ids: one per document, venue folder (its name, its trashing) and Drive file to import. */
export const JOB_ID = {
  document: (documentId: string) => `doc:${documentId}`,
  venueFolder: (venueId: string, folder: 'rename' | 'trash') => `venue-${folder}:${venueId}`,
  import: (driveFileId: string) => `import:${driveFileId}`,
} as const;
