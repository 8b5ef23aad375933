// The venue folders and their category folders in Drive: found by their appProperties, made when missing, their ids
// remembered by this process. Making one holds a lock per venue across the replicas, so that two documents of a
// new venue synced at once make one folder.
import type { Locks } from '@venuebook/service-kit';
import type { Drive } from '../adapters/drive.ts';
import { categoryFolderName, categoryFolderProperties, venueFolderName, venueFolderProperties } from '../domain/drive-layout.ts';

export interface DriveFolders {
  /** The folder a document of `category` goes into (made, with the venue's folder, when missing). */
  folderFor(venueId: string, category: string): Promise<string>;
  /** The venue's folder id, when it exists. */
  venueFolder(venueId: string): Promise<string | null>;
  /** Forgets what this process remembers of a venue (its folder was renamed elsewhere, trashed or purged). */
  forget(venueId: string): void;
}

export function driveFolders(deps: { drive: Drive; rootFolderId: string; locks: Locks; venueName: (venueId: string) => Promise<string> }): DriveFolders {
  const { drive, rootFolderId, locks, venueName } = deps;
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
      return (await drive.createFolder(venueFolderName(await venueName(venueId), venueId), rootFolderId, venueFolderProperties(venueId))).id;
    });
    known.set(venueId, id);
    return id;
  }

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

    forget(venueId) {
      for (const key of [...known.keys()]) if (key === venueId || key.startsWith(`${venueId}/`)) known.delete(key);
    },
  };
}
