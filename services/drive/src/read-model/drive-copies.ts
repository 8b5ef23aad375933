// The Drive copies this service made (drive_files), in memory: loaded at start, told of every copy made or removed,
// read for the documents' sync states without a query.
import type { DriveFileRecord, DriveFileRepository } from '../repositories/drive-file.repository.ts';

export class DriveCopies {
  readonly #byDocument = new Map<string, DriveFileRecord>();

  static async load(files: DriveFileRepository): Promise<DriveCopies> {
    const copies = new DriveCopies();
    for (const record of await files.all()) copies.#byDocument.set(record.documentId, record);
    return copies;
  }

  set(documentId: string, record: DriveFileRecord | null): void {
    if (record) this.#byDocument.set(documentId, record);
    else this.#byDocument.delete(documentId);
  }

  /** Drops the copies of a venue ('' for all: Clear & Reset) made up to `until`; the documents they were of. */
  reset(venueId: string, until: Date): string[] {
    const dropped: string[] = [];
    for (const [documentId, record] of this.#byDocument) {
      if ((venueId && record.venueId !== venueId) || record.syncedAt.getTime() > until.getTime()) continue;
      this.#byDocument.delete(documentId);
      dropped.push(documentId);
    }
    return dropped;
  }

  get(documentId: string): DriveFileRecord | undefined {
    return this.#byDocument.get(documentId);
  }

  get size(): number {
    return this.#byDocument.size;
  }
}
