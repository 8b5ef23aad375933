// From Drive into the app (spec §8 'Sync documents'): files that someone put in a venue's Drive folder (the venue's
// folder itself: General; a category folder: that category) become documents of the venue, through media's upload
// (its content checks and thumbnails). A file is imported once: its document id is derived from its Drive file id
// and media refuses a second document with that id; the file is marked with the id (appProperties) before the
// upload, so that the sync of the new document finds it as its copy instead of uploading another. A file media
// refuses (a type it does not take) is marked with the reason, recorded in the audit log, and not tried again.
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder, Locks, Logger } from '@venuebook/service-kit';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import type { Drive, DriveItem } from '../adapters/drive.ts';
import { VENUE_INACTIVE } from '../adapters/media-client.ts';
import type { MediaDocuments } from '../adapters/media-client.ts';
import { APP_PROPERTY, categoryOfFolderName, documentFileProperties, FOLDER_MIME_TYPE, importDocumentId, ROOT_CATEGORY } from '../domain/drive-layout.ts';
import type { DriveCopies } from '../read-model/drive-copies.ts';
import type { DriveFileRecord, DriveFileRepository } from '../repositories/drive-file.repository.ts';
import type { DriveFolders } from './drive-folders.ts';

/** Drive's limit on one appProperty (key and value together) is 124 bytes: the reason is cut to fit. */
const REASON_MAX = 90;

export type ImportOutcome = 'imported' | 'known' | 'refused';

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

export function driveImport({ drive, folders, media, files, copies, locks, audit, logger, now = () => new Date(), onSynced }: DriveImportDeps) {
  /** The files in the venue's folder and its category folders that may be new (not copies this app made, not refused). */
  async function candidates(venueId: string): Promise<{ file: DriveItem; category: string }[]> {
    const venueFolder = await folders.venueFolder(venueId);
    if (!venueFolder) return [];
    const found: { file: DriveItem; category: string }[] = [];
    for (const item of await drive.children(venueFolder)) {
      if (item.trashed) continue;
      if (item.mimeType !== FOLDER_MIME_TYPE) {
        found.push({ file: item, category: ROOT_CATEGORY });
        continue;
      }
      const category =
        item.appProperties[APP_PROPERTY.kind] === 'category-folder' ? item.appProperties[APP_PROPERTY.category] : categoryOfFolderName(item.name);
      if (!category) continue;
      for (const child of await drive.children(item.id)) if (!child.trashed && child.mimeType !== FOLDER_MIME_TYPE) found.push({ file: child, category });
    }
    return found.filter(({ file }) => {
      if (file.appProperties[APP_PROPERTY.importRefused]) return false;
      const documentId = file.appProperties[APP_PROPERTY.documentId];
      // A copy this app made (recorded), or an import done before: nothing new.
      return !documentId || !copies.get(documentId);
    });
  }

  async function importOne(caller: Caller, venueId: string, file: DriveItem, category: string): Promise<ImportOutcome> {
    const derived = importDocumentId(file.id);
    const marked = file.appProperties[APP_PROPERTY.documentId];
    // Marked with another id: a copy of one of the app's documents (its record reset, or the document deleted).
    if (marked && marked !== derived) return 'known';
    const existing = await media.get(derived);
    if (existing === VENUE_INACTIVE) return 'known';
    if (existing) {
      await record(derived, venueId, file);
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
      const reason = result.refused.slice(0, REASON_MAX);
      await drive.setAppProperties(file.id, { [APP_PROPERTY.documentId]: null, [APP_PROPERTY.importRefused]: reason });
      await audit.record(
        {
          action: 'gdrive_import_refused',
          table: 'venue_documents',
          recordId: null,
          newValues: { venueId, fileName: file.name, driveFileId: file.id, reason: result.refused },
        },
        auditContextOf(caller),
      );
      logger.warn({ venueId, driveFileId: file.id, reason: result.refused }, 'a file in Google Drive was not imported');
      return 'refused';
    }
    await record(derived, venueId, file);
    if ('exists' in result) return 'known';
    logger.info({ venueId, documentId: derived, driveFileId: file.id }, 'imported from Google Drive');
    return 'imported';
  }

  async function record(documentId: string, venueId: string, file: DriveItem): Promise<void> {
    if (copies.get(documentId)) return;
    const copy = { documentId, venueId, fileId: file.id, url: file.webViewLink, syncedAt: now() };
    await files.record(copy);
    onSynced?.(documentId, venueId, copy);
  }

  return {
    /**
     * 'Sync documents' of a venue: imports the new files of its Drive folders, one at a time. Run twice (or by two
     * admins at once), a file is imported once.
     */
    async syncVenue(caller: Caller, venueId: string): Promise<{ syncedCount: number; refusedCount: number }> {
      let syncedCount = 0;
      let refusedCount = 0;
      for (const { file, category } of await candidates(venueId)) {
        const held = await locks.withLock(`drive-import:${file.id}`, () => importOne(caller, venueId, file, category));
        if (!held) throw new GrpcError(GrpcStatus.UNAVAILABLE, 'Another import of these files is under way; try again in a moment');
        if (held.value === 'imported') syncedCount += 1;
        if (held.value === 'refused') refusedCount += 1;
      }
      if (syncedCount + refusedCount > 0) {
        await audit.record(
          { action: 'gdrive_import', table: 'venue_documents', recordId: null, newValues: { venueId, syncedCount, refusedCount } },
          auditContextOf(caller),
        );
      }
      return { syncedCount, refusedCount };
    },
  };
}

export type DriveImport = ReturnType<typeof driveImport>;
