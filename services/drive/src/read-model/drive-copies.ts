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

  get(documentId: string): DriveFileRecord | undefined {
    return this.#byDocument.get(documentId);
  }

  get size(): number {
    return this.#byDocument.size;
  }
}
