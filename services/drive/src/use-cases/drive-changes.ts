// Files put in a venue's Drive folders, found through Drive's changes feed (changes.list from a saved page token):
// read every few seconds and before the button's listing, each changed file that may be new and sits in a venue's
// folder (or one of its category folders) is imported into that venue as the Drive worker, by the import the button
// uses (drive-import.ts). One reader at a time across the replicas (a lock). The page token is saved only once the
// changes before it are handled, so that a process killed in the middle reads them again (a file imported twice is
// imported once: its document id derives from its Drive file id, and the file is marked before the upload).
import { randomUUID } from 'node:crypto';
import { workerCaller } from '@venuebook/service-kit';
import type { Locks, Logger } from '@venuebook/service-kit';
import type { Caller } from '@venuebook/grpc';
import { InvalidPageToken } from '../adapters/drive.ts';
import type { Drive, DriveChange } from '../adapters/drive.ts';
import { DRIVE_WORKER } from '../adapters/media-client.ts';
import { cursorAfterPage, cursorChanged, placeOfFolder, putThereByCompany } from '../domain/drive-changes.ts';
import type { FolderPlace } from '../domain/drive-changes.ts';
import type { DriveStateRepository } from '../repositories/drive-state.repository.ts';
import type { DriveFolders } from './drive-folders.ts';
import { IMPORT_MAX_FILES, tally } from './drive-import.ts';
import type { DriveImport, ImportCounts, ImportOutcome } from './drive-import.ts';

/** Pages of changes read in one run at most (a page of the app's own copies costs a request and imports nothing). */
export const CHANGES_MAX_PAGES = 50;

/**
 * Folder look-ups (Drive reads) after which a run reads no further page: anyone can share files with the service
 * account, each in a folder of its own, and each costs a look-up; the rest waits for the next run (the token is saved
 * page by page), so a flood slows the feed down instead of holding it.
 */
export const CHANGES_LOOKUPS_MAX = 300;

/**
 * How long a folder's place is remembered across runs, and that it places nothing (shorter: a venue's new folder may
 * be read before the venue records it); a change of the folder itself forgets it.
 */
const PLACE_TTL_MS = 10 * 60_000;
const NO_PLACE_TTL_MS = 60_000;
/** Folders remembered at most (the oldest forgotten first). */
const PLACES_MAX = 10_000;

/** The lock of the reader of the changes feed, across the replicas. */
export const CHANGES_LOCK = 'drive-changes';

export interface ChangesRun {
  /** false: another reader had the feed (in another replica, or this one): this run read nothing. */
  ran: boolean;
  /** Per venue, the outcome of each file tried, by Drive file id. */
  outcomes: Map<string, Map<string, ImportOutcome>>;
}

export interface DriveChangesDeps {
  drive: Pick<Drive, 'get' | 'changes' | 'startPageToken'>;
  folders: Pick<DriveFolders, 'venueFolder'>;
  imports: Pick<DriveImport, 'isCandidate' | 'importFile' | 'audited' | 'held' | 'syncVenue'>;
  /** The company's e-mail domain: only files a company address put there are imported without a person's click. */
  companyDomain: string;
  state: Pick<DriveStateRepository, 'changesCursor' | 'saveChangesCursor'>;
  /** The reader's lock; a short wait (a reader elsewhere is reading the same changes). */
  locks: Locks;
  /** Whether the venue is active (the files of a deleted venue wait for its restore and the button). */
  venueActive: (venueId: string) => Promise<boolean>;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: () => Date;
}

export function driveChanges({ drive, folders, imports, companyDomain, state, locks, venueActive, logger, now = () => new Date() }: DriveChangesDeps) {
  /** Folders' places across runs (see PLACE_TTL_MS). */
  const knownPlaces = new Map<string, { place: FolderPlace | null; until: number }>();
  const remember = (folderId: string, place: FolderPlace | null): void => {
    knownPlaces.delete(folderId);
    knownPlaces.set(folderId, { place, until: Date.now() + (place ? PLACE_TTL_MS : NO_PLACE_TTL_MS) });
    if (knownPlaces.size > PLACES_MAX) knownPlaces.delete(knownPlaces.keys().next().value!);
  };

  /** Reads the feed from the saved cursor, page by page, importing what it finds into `outcomes`; saves the cursor after each page handled. */
  async function read(caller: Caller, outcomes: ChangesRun['outcomes'], signal: AbortSignal | undefined): Promise<void> {
    let cursor = await state.changesCursor();
    if (!cursor) {
      // The first read: the changes from now on (the files already there are the button's, which lists the folders).
      await state.saveChangesCursor({ pageToken: await drive.startPageToken(), heldSince: null });
      logger.info("Google Drive's changes feed is read from now on");
      return;
    }
    // Within a run: a folder's place and a venue's state are read once (a place also across runs: knownPlaces).
    const places = new Map<string, Promise<FolderPlace | null>>();
    const active = new Map<string, Promise<boolean>>();
    let lookups = 0;
    const lookup = {
      get: (id: string) => {
        lookups += 1;
        return drive.get(id);
      },
      venueFolder: (venueId: string) => folders.venueFolder(venueId),
    };
    const placeOf = async (folderId: string): Promise<FolderPlace | null> => {
      const known = knownPlaces.get(folderId);
      if (known && known.until > Date.now()) return known.place;
      const place = await placeOfFolder(folderId, lookup);
      remember(folderId, place);
      return place;
    };
    const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
      let value = cache.get(key);
      if (!value) cache.set(key, (value = read()));
      return value;
    };

    /** The change's file into its venue; null when it is not a file to import (nothing tried). */
    async function handle(change: DriveChange): Promise<{ venueId: string; fileId: string; outcome: ImportOutcome } | 'failed' | null> {
      // A folder changed (renamed, moved, its appProperties): where it places files is read again.
      knownPlaces.delete(change.fileId);
      const file = change.removed ? null : change.file;
      if (!file || !imports.isCandidate(file)) return null;
      let place: FolderPlace | null = null;
      try {
        for (const parentId of file.parents) {
          place = await once(places, parentId, () => placeOf(parentId));
          if (place) break;
        }
        if (!place || !(await once(active, place.venueId, () => venueActive(place!.venueId)))) return null;
      } catch (error) {
        logger.warn({ err: error, driveFileId: file.id }, 'where a file changed in Google Drive belongs could not be read now; the next read tries again');
        return 'failed';
      }
      if (!putThereByCompany(file, companyDomain)) {
        // Anyone the folder is shared with can put a file there: it waits for a person's 'Sync from Drive'.
        await imports.held(caller, place.venueId, file);
        return null;
      }
      return { venueId: place.venueId, fileId: file.id, outcome: await imports.importFile(caller, place.venueId, file, place.category, 'changes') };
    }

    let tried = 0;
    for (let pages = 0; pages < CHANGES_MAX_PAGES && tried < IMPORT_MAX_FILES && lookups < CHANGES_LOOKUPS_MAX; pages++) {
      let page: Awaited<ReturnType<Drive['changes']>>;
      try {
        // Never more changes than files this run may still try: a run ends, and what it did not handle is read again.
        page = await drive.changes(cursor.pageToken, IMPORT_MAX_FILES - tried);
      } catch (error) {
        if (!(error instanceof InvalidPageToken)) throw error;
        await state.saveChangesCursor({ pageToken: await drive.startPageToken(), heldSince: null });
        logger.warn(
          { err: error },
          "Google Drive refused the saved page token: its changes feed is read from now on ('Sync from Drive' imports what came before)",
        );
        return;
      }
      let failed = 0;
      for (const change of page.changes) {
        // Stopped half-way: the page is read again next time.
        if (signal?.aborted) return;
        const result = await handle(change);
        if (result === null) continue;
        tried += 1;
        if (result === 'failed') {
          failed += 1;
          continue;
        }
        const files = outcomes.get(result.venueId) ?? new Map<string, ImportOutcome>();
        outcomes.set(result.venueId, files.set(result.fileId, result.outcome));
        if (result.outcome === 'failed') failed += 1;
      }
      const { cursor: next, move } = cursorAfterPage(cursor, page.nextPageToken, failed, now());
      if (move === 'give-up')
        logger.warn({ failed }, "files in Google Drive have failed to import for an hour: the changes feed moves on ('Sync from Drive' tries them)");
      if (cursorChanged(cursor, next)) await state.saveChangesCursor(next);
      cursor = next;
      if (move === 'hold' || page.last) return;
    }
  }

  /** One read of the feed under its lock, as the Drive worker, the outcomes in `outcomes` (also when it fails); whether it read. */
  async function readLocked(outcomes: ChangesRun['outcomes'], options: { signal?: AbortSignal; triggeredBy?: string }): Promise<boolean> {
    // A request id of its own: a user's (the button's) is the browser's word, not a link to trust in the audit log.
    const caller = workerCaller(DRIVE_WORKER, `drive-changes-${randomUUID()}`);
    try {
      return (await locks.withLock(CHANGES_LOCK, () => read(caller, outcomes, options.signal))) !== null;
    } finally {
      for (const [venueId, files] of outcomes) await imports.audited(caller, venueId, tally(files.values()), 'changes', options.triggeredBy);
    }
  }

  /**
   * One read of the changes feed, as the Drive worker, while no other reader has it: imports the new files found in
   * venues' folders (at most IMPORT_MAX_FILES; the rest on the next read), each venue's counts audited with
   * `source: 'changes'`. A failure of Drive or the database rejects; the saved page token stays where it was.
   * `triggeredBy`: the user whose click asked for it (the button's), for the audit log.
   */
  async function poll(options: { signal?: AbortSignal; triggeredBy?: string } = {}): Promise<ChangesRun> {
    const outcomes: ChangesRun['outcomes'] = new Map();
    const ran = await readLocked(outcomes, options);
    return { ran, outcomes };
  }

  return {
    poll,

    /**
     * 'Sync documents' of a venue (the button): the changes feed first (new files of every venue), then the venue's
     * folders listed (its files the feed did not bring: put there before the feed was read, or left by it). The
     * answer counts the venue's files of both. A feed that cannot be read (Drive unreachable, or being read by
     * another replica) leaves the listing to do the work.
     */
    async syncVenue(caller: Caller, venueId: string, signal?: AbortSignal): Promise<ImportCounts> {
      const outcomes: ChangesRun['outcomes'] = new Map();
      try {
        await readLocked(outcomes, { signal, triggeredBy: caller.userId });
      } catch (error) {
        logger.warn({ err: error, venueId }, "Google Drive's changes feed could not be read; the venue's folders are listed");
      }
      return imports.syncVenue(caller, venueId, signal, outcomes.get(venueId));
    },
  };
}

export type DriveChanges = ReturnType<typeof driveChanges>;
