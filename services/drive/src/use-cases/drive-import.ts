// From Drive into the app (spec §8 'Sync documents'): files that someone put in a venue's Drive folder (the venue's
// folder itself: General; a category folder: that category) become documents of the venue, through media's upload
// (its content checks and thumbnails). A file is imported once: its document id is derived from its Drive file id
// and media refuses a second document with that id; the file is marked with the id (appProperties) before the
// upload, so that the sync of the new document finds it as its copy instead of uploading another. A file media
// refuses (a type it does not take) is marked with the reason, recorded in the audit log, and not tried again.
// The import of one file is shared by the two ways files are found: a venue's folders listed ('Sync from Drive',
// syncVenue) and Drive's changes feed (drive-changes.ts).
import { auditContextOf, PermanentJobFailure } from '@venuebook/service-kit';
import type { AuditRecorder, Locks, Logger } from '@venuebook/service-kit';
import type { Caller } from '@venuebook/grpc';
import { cleanFileName } from '@venuebook/domain';
import type { Drive, DriveItem } from '../adapters/drive.ts';
import { VENUE_INACTIVE } from '../adapters/media-client.ts';
import type { MediaDocuments } from '../adapters/media-client.ts';
import { categoryOfSubfolder, isImportCandidate } from '../domain/drive-changes.ts';
import { APP_PROPERTY, documentFileProperties, FOLDER_MIME_TYPE, importDocumentId, ROOT_CATEGORY } from '../domain/drive-layout.ts';
import type { DriveCopies } from '../read-model/drive-copies.ts';
import type { DriveFileRecord, DriveFileRepository } from '../repositories/drive-file.repository.ts';
import type { DriveFolders } from './drive-folders.ts';

/** Drive's limit on one appProperty: its key and value together, in UTF-8 bytes. */
const PROPERTY_MAX_BYTES = 124;

/** Files tried in one run, of a venue's listing or of a read of the changes feed (the rest on the next): a run ends. */
export const IMPORT_MAX_FILES = 100;

/** `text` cut to at most `maxBytes` of UTF-8, never inside a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  let cut = '';
  let bytes = 0;
  for (const character of text) {
    const size = Buffer.byteLength(character);
    if (bytes + size > maxBytes) break;
    cut += character;
    bytes += size;
  }
  return cut;
}

export type ImportOutcome = 'imported' | 'known' | 'refused' | 'failed';

/** How the file was found, as the audit log says: a venue's folders listed (the button), or Drive's changes feed. */
export type ImportSource = 'button' | 'changes';

/** What a run of the import did (the button's answer, and its audit entry). */
export interface ImportCounts {
  syncedCount: number;
  refusedCount: number;
  failedCount: number;
}

/** The counts of a run's outcomes (a file known already counts nowhere). */
export function tally(outcomes: Iterable<ImportOutcome>): ImportCounts {
  const counts = { syncedCount: 0, refusedCount: 0, failedCount: 0 };
  for (const outcome of outcomes) {
    if (outcome === 'imported') counts.syncedCount += 1;
    if (outcome === 'refused') counts.refusedCount += 1;
    if (outcome === 'failed') counts.failedCount += 1;
  }
  return counts;
}

export interface DriveImportDeps {
  drive: Drive;
  folders: Pick<DriveFolders, 'venueFolder'>;
  media: Pick<MediaDocuments, 'get' | 'importFile'>;
  files: DriveFileRepository;
  copies: DriveCopies;
  locks: Locks;
  audit: AuditRecorder;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: () => Date;
  /** Told of every copy recorded (the read model and the other replicas). */
  onSynced?: (documentId: string, venueId: string, file: DriveFileRecord) => void;
}

/**
 * Bounds of one listing: the items read of a folder, and the folders read as category folders (the nine of the venue's
 * own, and as many named like one by people). A folder anyone can fill costs a click a bounded number of Drive calls;
 * the changes feed brings the rest.
 */
const LISTED_PER_FOLDER_MAX = 5000;
const CATEGORY_FOLDERS_MAX = 20;

/**
 * What the audit log keeps of a file found in Drive: its venue, its name as media would keep it (no control or
 * bidirectional characters, bounded: it is anyone's), its id, and who owns it and changed it last.
 */
export function driveFileFacts(venueId: string, file: DriveItem) {
  return {
    venueId,
    fileName: cleanFileName(file.name),
    driveFileId: file.id,
    owner: file.ownerEmail || null,
    lastModifiedBy: file.lastModifiedByEmail || null,
  };
}

export function driveImport({ drive, folders, media, files, copies, locks, audit, logger, now = () => new Date(), onSynced }: DriveImportDeps) {
  /** An entry of the audit log about the venue's documents, by the caller (the Drive worker, or the user of the click). */
  const recordEntry = (caller: Caller, action: string, recordId: string | null, newValues: Record<string, unknown>) =>
    audit.record({ action, table: 'venue_documents', recordId, newValues }, auditContextOf(caller));

  const isCandidate = (file: DriveItem): boolean => isImportCandidate(file, (documentId) => copies.get(documentId) !== undefined);

  /** The files in the venue's folder and its category folders that may be new (not copies this app made, not refused). */
  async function candidates(venueId: string): Promise<{ file: DriveItem; category: string }[]> {
    const venueFolder = await folders.venueFolder(venueId);
    if (!venueFolder) return [];
    const found: { file: DriveItem; category: string }[] = [];
    let categoryFolders = 0;
    for (const item of await drive.children(venueFolder, LISTED_PER_FOLDER_MAX)) {
      if (item.mimeType !== FOLDER_MIME_TYPE) {
        found.push({ file: item, category: ROOT_CATEGORY });
        continue;
      }
      // This venue's category folders (or a folder named like a category that no venue claims); never another venue's.
      const category = categoryOfSubfolder(item, venueId);
      if (!category || ++categoryFolders > CATEGORY_FOLDERS_MAX) continue;
      for (const child of await drive.children(item.id, LISTED_PER_FOLDER_MAX)) found.push({ file: child, category });
    }
    return found.filter(({ file }) => isCandidate(file));
  }

  async function importOne(caller: Caller, venueId: string, file: DriveItem, category: string, source: ImportSource): Promise<ImportOutcome> {
    const derived = importDocumentId(file.id);
    const marked = file.appProperties[APP_PROPERTY.documentId];
    // Marked with another id: a copy of one of the app's documents (its record reset, or the document deleted).
    if (marked && marked !== derived) return 'known';
    const existing = await media.get(derived);
    if (existing === VENUE_INACTIVE) return 'known';
    if (existing) {
      await record(derived, existing.venueId, file);
      return 'known';
    }
    // Marked first: the document's own sync then finds this file as its copy.
    if (!marked) await drive.setAppProperties(file.id, documentFileProperties(derived, venueId));
    const result = await media.importFile({
      documentId: derived,
      venueId,
      fileName: file.name,
      size: file.size,
      mimeType: file.mimeType,
      category,
      lastModifiedMs: 0,
      bytes: await drive.download(file.id, AbortSignal.timeout(60 * 60_000)),
    });
    if ('refused' in result) {
      await refuse(caller, venueId, file, result.refused, source);
      return 'refused';
    }
    // Imported before (its document deleted since, or another run was quicker): not again.
    if ('exists' in result) return 'known';
    await record(derived, venueId, file);
    // The document's own entry: who put the file in Drive (the document itself is the Drive worker's upload).
    await recordEntry(caller, 'gdrive_import_file', derived, { ...driveFileFacts(venueId, file), source });
    logger.info({ venueId, documentId: derived, driveFileId: file.id }, 'imported from Google Drive');
    return 'imported';
  }

  /** Marks a file that cannot be imported with the reason (on the file in Drive, and in the audit log): not tried again. */
  async function refuse(caller: Caller, venueId: string, file: DriveItem, reason: string, source: ImportSource): Promise<void> {
    const marker = cutToBytes(reason, PROPERTY_MAX_BYTES - Buffer.byteLength(APP_PROPERTY.importRefused)) || 'refused';
    await drive.setAppProperties(file.id, { [APP_PROPERTY.documentId]: null, [APP_PROPERTY.importRefused]: marker });
    await recordEntry(caller, 'gdrive_import_refused', null, { ...driveFileFacts(venueId, file), reason, source });
    logger.warn({ venueId, driveFileId: file.id, reason }, 'a file in Google Drive was not imported');
  }

  /**
   * One file under its lock; a failure is this file's alone (the others go on): Drive's refusal of the file (a 4xx)
   * marks it like media's, anything else is tried again on the next run.
   */
  async function importGuarded(caller: Caller, venueId: string, file: DriveItem, category: string, source: ImportSource): Promise<ImportOutcome> {
    try {
      const held = await locks.withLock(`drive-import:${file.id}`, () => importOne(caller, venueId, file, category, source));
      return held ? held.value : 'failed';
    } catch (error) {
      if (error instanceof PermanentJobFailure) {
        await refuse(caller, venueId, file, error.message, source).catch((cause: unknown) =>
          logger.warn({ err: cause, driveFileId: file.id }, 'could not mark a refused file'),
        );
        return 'refused';
      }
      logger.warn({ err: error, venueId, driveFileId: file.id }, 'a file in Google Drive could not be imported now; the next run tries again');
      return 'failed';
    }
  }

  async function record(documentId: string, venueId: string, file: DriveItem): Promise<void> {
    if (copies.get(documentId)) return;
    const copy = { documentId, venueId, fileId: file.id, url: file.webViewLink, syncedAt: now() };
    await files.record(copy);
    onSynced?.(documentId, venueId, copy);
  }

  /** A file the changes feed leaves for a person's click (see putThereByCompany): recorded with who put it there. */
  async function held(caller: Caller, venueId: string, file: DriveItem): Promise<void> {
    await recordEntry(caller, 'gdrive_import_held', null, { ...driveFileFacts(venueId, file), source: 'changes' });
    logger.info({ venueId, driveFileId: file.id }, "a file put in Google Drive by someone outside the company waits for 'Sync from Drive'");
  }

  /** The audit entry of a run's counts for a venue (none when it did nothing); `triggeredBy`: the user whose click read the feed. */
  async function audited(caller: Caller, venueId: string, counts: ImportCounts, source: ImportSource, triggeredBy?: string): Promise<void> {
    if (counts.syncedCount + counts.refusedCount + counts.failedCount === 0) return;
    await recordEntry(caller, 'gdrive_import', null, { venueId, ...counts, source, ...(triggeredBy ? { triggeredBy } : {}) });
  }

  return {
    /** Whether a file may be new (not a copy this app made, not refused before, a file with bytes). */
    isCandidate,

    /**
     * One file into the venue's documents as `category`, under its lock; a failure is this file's alone: Drive's or
     * media's refusal marks the file ('refused'), anything else is tried again on a later run ('failed').
     */
    importFile: importGuarded,

    audited,

    held,

    /**
     * 'Sync documents' of a venue: imports the new files of its Drive folders, one at a time, at most IMPORT_MAX_FILES
     * a run (the rest on the next). Run twice (or by two admins at once), a file is imported once; a file that fails
     * does not stop the others. Stops between files when `signal` aborts (the caller left). `earlier`: the outcomes of
     * the venue's files that this request already tried (by Drive file id; the changes feed read first): not tried
     * again, counted in the answer and in the run's IMPORT_MAX_FILES.
     */
    async syncVenue(caller: Caller, venueId: string, signal?: AbortSignal, earlier: ReadonlyMap<string, ImportOutcome> = new Map()): Promise<ImportCounts> {
      const outcomes = new Map<string, ImportOutcome>();
      try {
        // At most IMPORT_MAX_FILES of the venue's files a request, those of the feed included.
        const fresh = (await candidates(venueId)).filter(({ file }) => !earlier.has(file.id));
        for (const { file, category } of fresh.slice(0, Math.max(0, IMPORT_MAX_FILES - earlier.size))) {
          if (signal?.aborted) break;
          outcomes.set(file.id, await importGuarded(caller, venueId, file, category, 'button'));
        }
      } finally {
        await audited(caller, venueId, tally(outcomes.values()), 'button');
      }
      return tally([...earlier.values(), ...outcomes.values()]);
    },
  };
}

export type DriveImport = ReturnType<typeof driveImport>;
