// The venue folders and their category folders in Drive: found by their appProperties, made when missing, their ids
// remembered by this process and the venue's folder id kept on the venue. Making one holds a lock per venue across
// the replicas, so that two documents of a new venue synced at once make one folder.
import type { Locks } from '@venuebook/service-kit';
import type { Drive } from '../adapters/drive.ts';
import { categoryFolderName, categoryFolderProperties, venueFolderName, venueFolderProperties } from '../domain/drive-layout.ts';

export interface DriveFolders {
  /** The folder a document of `category` goes into (made, with the venue's folder, when missing). */
  folderFor(venueId: string, category: string): Promise<string>;
  /** The venue's folder id, when it exists. */
  venueFolder(venueId: string): Promise<string | null>;
  /** Gives the venue's folder the venue's name now; false when the venue is not active (deleted, purged). */
  rename(venueId: string): Promise<boolean>;
  /** Moves the venue's folder (and so everything in it) to Drive's trash: the venue was purged. */
  trash(venueId: string): Promise<void>;
  /** Forgets what this process remembers of a venue (its folder was renamed elsewhere, trashed or purged). */
  forget(venueId: string): void;
}

export function driveFolders(deps: {
  drive: Drive;
  rootFolderId: string;
  locks: Locks;
  /** The active venue's name; null when it is not active (deleted or purged). */
  venueName: (venueId: string) => Promise<string | null>;
  /** Keeps the venue's folder id on the venue (the venues service; unchanged: nothing written). */
  recordFolder: (venueId: string, folderId: string) => Promise<void>;
}): DriveFolders {
  const { drive, rootFolderId, locks, venueName, recordFolder } = deps;
  /** `<venueId>` → its folder id; `<venueId>/<category>` → the category folder's. */
  const known = new Map<string, string>();

  async function locked<T>(venueId: string, work: () => Promise<T>): Promise<T> {
    const held = await locks.withLock(`drive-folder:${venueId}`, work);
    if (!held) throw new Error(`the folders of venue ${venueId} are being made by another process`);
    return held.value;
  }

  async function venueFolderOrMake(venueId: string): Promise<string> {
    const cached = known.get(venueId);
    if (cached) return cached;
    const id = await locked(venueId, async () => {
      const found = await drive.findByProperties(venueFolderProperties(venueId), rootFolderId);
      if (found) return found.id;
      return (await drive.createFolder(venueFolderName((await venueName(venueId)) ?? '', venueId), rootFolderId, venueFolderProperties(venueId))).id;
    });
    // Kept on the venue (spec §3 google_drive_folder_id) before this process relies on it: a failure retries the job.
    await recordFolder(venueId, id);
    known.set(venueId, id);
    return id;
  }

  const forget = (venueId: string): void => {
    for (const key of [...known.keys()]) if (key === venueId || key.startsWith(`${venueId}/`)) known.delete(key);
  };

  return {
    async folderFor(venueId, category) {
      const venueFolderId = await venueFolderOrMake(venueId);
      const name = categoryFolderName(category);
      if (name === null) return venueFolderId;
      const key = `${venueId}/${category}`;
      const cached = known.get(key);
      if (cached) return cached;
      const id = await locked(venueId, async () => {
        const properties = categoryFolderProperties(venueId, category);
        const found = await drive.findByProperties(properties, venueFolderId);
        return found ? found.id : (await drive.createFolder(name, venueFolderId, properties)).id;
      });
      known.set(key, id);
      return id;
    },

    async venueFolder(venueId) {
      return known.get(venueId) ?? (await drive.findByProperties(venueFolderProperties(venueId), rootFolderId))?.id ?? null;
    },

    async rename(venueId) {
      const name = await venueName(venueId);
      if (name === null) return false;
      await locked(venueId, async () => {
        const folder = await drive.findByProperties(venueFolderProperties(venueId), rootFolderId);
        // No folder yet: it is made with the name of the day when the venue's first document syncs.
        if (folder && folder.name !== venueFolderName(name, venueId)) await drive.rename(folder.id, venueFolderName(name, venueId));
      });
      return true;
    },

    async trash(venueId) {
      await locked(venueId, async () => {
        const folder = await drive.findByProperties(venueFolderProperties(venueId), rootFolderId);
        if (folder) await drive.trash(folder.id);
      });
      forget(venueId);
    },

    forget,
  };
}
