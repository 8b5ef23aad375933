// What the import from Drive decides by rule: which files may be new (put in a venue's folders by someone, neither a
// copy the app made nor a file refused before), where a folder places the files in it (a venue's folder: General; one
// of its category folders, or a folder named like a category in it: that category; anything else: nowhere), and how
// the saved page token of Drive's changes feed moves on (only over a page whose files were all handled).
import type { DocumentCategory } from '@venuebook/domain';
import { APP_PROPERTY, categoryOfFolderName, FOLDER_MIME_TYPE, importDocumentId, ROOT_CATEGORY } from './drive-layout.ts';

/** What the rules read of a file or folder in Drive. */
export interface DriveEntry {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
  trashed: boolean;
}

/** Google Docs, Sheets, shortcuts and the like: no bytes to download. */
export const isDriveNative = (mimeType: string): boolean => mimeType.startsWith('application/vnd.google-apps.');

/**
 * Whether a file may be new to the app: a file with bytes (not a folder, not a Google Docs type), not trashed, not
 * refused before, and not a copy of one of the app's documents: unmarked, or marked with the id derived from its own
 * file id while that import is not recorded (an import cut short).
 */
export function isImportCandidate(file: DriveEntry, isRecorded: (documentId: string) => boolean): boolean {
  if (file.trashed || file.mimeType === FOLDER_MIME_TYPE || isDriveNative(file.mimeType)) return false;
  if (file.appProperties[APP_PROPERTY.importRefused]) return false;
  const documentId = file.appProperties[APP_PROPERTY.documentId];
  if (!documentId) return true;
  return documentId === importDocumentId(file.id) && !isRecorded(documentId);
}

/**
 * Whether a company address put the file there, as Drive says: its last modifier, else its owner (a shared drive's
 * files have none), ends in `@<companyDomain>`. The changes feed imports such files on its own; the others wait for
 * a person's 'Sync from Drive' (anyone the folder is shared with can put a file in it).
 */
export function putThereByCompany(file: { ownerEmail: string; lastModifiedByEmail: string }, companyDomain: string): boolean {
  const address = (file.lastModifiedByEmail || file.ownerEmail).toLowerCase();
  const domain = companyDomain.replace(/^@/, '').toLowerCase();
  return address !== '' && address.endsWith(`@${domain}`) && address.indexOf('@') === address.length - domain.length - 1;
}

/** What a folder says it is by the appProperties the app put on it, or by its name when it has none. */
export type FolderClaim =
  | { kind: 'venue'; venueId: string }
  | { kind: 'category'; venueId: string; category: string }
  /** Made by someone, named like a category: a category folder when it sits in a venue's folder. */
  | { kind: 'named'; category: DocumentCategory };

export function folderClaim(folder: DriveEntry): FolderClaim | null {
  if (folder.mimeType !== FOLDER_MIME_TYPE || folder.trashed) return null;
  const kind = folder.appProperties[APP_PROPERTY.kind];
  const venueId = folder.appProperties[APP_PROPERTY.venueId];
  if (kind === 'venue-folder') return venueId ? { kind: 'venue', venueId } : null;
  if (kind === 'category-folder') {
    const category = folder.appProperties[APP_PROPERTY.category];
    return venueId && category ? { kind: 'category', venueId, category } : null;
  }
  if (kind !== undefined) return null;
  const category = categoryOfFolderName(folder.name);
  return category ? { kind: 'named', category } : null;
}

/**
 * The category of the files in a folder inside venue `venueId`'s folder: its own category folder's, or a folder named
 * like a category that no venue claims; null for anything else (another venue's category folder, a document).
 */
export function categoryOfSubfolder(folder: DriveEntry, venueId: string): string | null {
  const claim = folderClaim(folder);
  if (claim?.kind === 'category') return claim.venueId === venueId ? claim.category : null;
  return claim?.kind === 'named' ? claim.category : null;
}

/** Where the files of a folder go: the venue and the category. */
export interface FolderPlace {
  venueId: string;
  category: string;
}

/** What the placing of a folder reads from Drive. */
export interface FolderLookup {
  /** The file or folder; null when Drive does not have it. */
  get(id: string): Promise<DriveEntry | null>;
  /** The venue's folder under the app's root (the one the app made), or null. */
  venueFolder(venueId: string): Promise<string | null>;
}

/**
 * Where a file put in folder `folderId` belongs: the venue's folder (the one under the app's root, not a folder that
 * only carries a venue's id) places it in General; a category folder of the venue inside it, or a folder named like a
 * category inside it, in that category. Anything else (a folder elsewhere, another venue's category folder, a folder
 * deeper down) places it nowhere: null.
 */
export async function placeOfFolder(folderId: string, lookup: FolderLookup): Promise<FolderPlace | null> {
  const folder = await lookup.get(folderId);
  if (!folder) return null;
  const claim = folderClaim(folder);
  if (!claim) return null;
  if (claim.kind === 'venue') return (await lookup.venueFolder(claim.venueId)) === folder.id ? { venueId: claim.venueId, category: ROOT_CATEGORY } : null;
  if (claim.kind === 'category') {
    const venueFolder = await lookup.venueFolder(claim.venueId);
    return venueFolder && folder.parents.includes(venueFolder) ? { venueId: claim.venueId, category: claim.category } : null;
  }
  for (const parentId of folder.parents) {
    const parent = await lookup.get(parentId);
    const parentClaim = parent ? folderClaim(parent) : null;
    if (parentClaim?.kind === 'venue' && (await lookup.venueFolder(parentClaim.venueId)) === parentId) {
      return { venueId: parentClaim.venueId, category: claim.category };
    }
  }
  return null;
}

/** Where the changes feed stands: the page token to read from, and since when it waits at that page for failed files. */
export interface ChangesCursor {
  pageToken: string;
  /** Since when the page at `pageToken` has had files that failed (null: it has not). */
  heldSince: Date | null;
}

/**
 * How long the feed stays at a page whose files fail (Drive or media unreachable) before it moves on and leaves them
 * to 'Sync from Drive' (a file that always fails must not stop every later file from being imported).
 */
export const CHANGES_HOLD_MAX_MS = 60 * 60_000;

export type CursorMove = 'advance' | 'hold' | 'give-up';

/**
 * The cursor after a page was handled (every change of it looked at; a page left half-way changes nothing): past the
 * page when no file of it failed; at the page when some did, so that they are tried again on the next read, until
 * the page has been held CHANGES_HOLD_MAX_MS, then past it ('give-up').
 */
export function cursorAfterPage(cursor: ChangesCursor, nextPageToken: string, failed: number, now: Date): { cursor: ChangesCursor; move: CursorMove } {
  if (failed === 0) return { cursor: { pageToken: nextPageToken, heldSince: null }, move: 'advance' };
  const heldSince = cursor.heldSince ?? now;
  if (now.getTime() - heldSince.getTime() >= CHANGES_HOLD_MAX_MS) return { cursor: { pageToken: nextPageToken, heldSince: null }, move: 'give-up' };
  return { cursor: { pageToken: cursor.pageToken, heldSince }, move: 'hold' };
}

/** Whether a cursor is worth a write (it moved, or began to wait). */
export const cursorChanged = (before: ChangesCursor, after: ChangesCursor): boolean =>
  before.pageToken !== after.pageToken || (before.heldSince?.getTime() ?? null) !== (after.heldSince?.getTime() ?? null);
