import type { DocumentCategory, SyncStatus } from '@venuebook/proto/domain';
import type { DocumentDocument, DocumentModel, GalleryDocument, GalleryModel } from './document.model.ts';

/** A document as the service hands it around (timestamps as RFC 3339 strings). */
export interface VenueDocumentRecord {
  id: string;
  venueId: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  category: DocumentCategory;
  description: string;
  uploadedAt: string;
  dateTaken: string;
  eventId: string | null;
  tagCardIds: string[];
  hasPreviews: boolean;
  width: number | null;
  height: number | null;
  uploadedBy: string;
  googleDriveFileId: string | null;
  googleDriveUrl: string | null;
  sync: { status: SyncStatus; retryCount: number; maxRetries: number; error: string | null; syncedAt: string | null; updatedAt: string | null };
}

const iso = (date: Date | null | undefined): string | null => (date ? new Date(date).toISOString() : null);

export function toDocumentRecord(doc: DocumentDocument): VenueDocumentRecord {
  return {
    id: doc._id,
    venueId: doc.venueId,
    fileName: doc.fileName,
    fileType: doc.fileType,
    fileSize: doc.fileSize,
    category: doc.category,
    description: doc.description ?? '',
    uploadedAt: new Date(doc.uploadedAt).toISOString(),
    dateTaken: new Date(doc.dateTaken).toISOString(),
    eventId: doc.eventId ?? null,
    tagCardIds: [...(doc.tagCardIds ?? [])],
    hasPreviews: !!doc.hasPreviews,
    width: doc.width ?? null,
    height: doc.height ?? null,
    uploadedBy: doc.uploadedBy ?? '',
    googleDriveFileId: doc.googleDriveFileId ?? null,
    googleDriveUrl: doc.googleDriveUrl ?? null,
    sync: {
      status: doc.sync?.status ?? 'pending',
      retryCount: doc.sync?.retryCount ?? 0,
      maxRetries: doc.sync?.maxRetries ?? 0,
      error: doc.sync?.error ?? null,
      syncedAt: iso(doc.sync?.syncedAt),
      updatedAt: iso(doc.sync?.updatedAt),
    },
  };
}

export type NewDocument = Omit<DocumentDocument, 'googleDriveFileId' | 'googleDriveUrl' | 'updatedAt'>;

export type DocumentChanges = Partial<Pick<DocumentDocument, 'category' | 'eventId' | 'tagCardIds'>>;

/** Venue documents in the database: every query is by `_id` (lists come from the read model) or the purge's one `{ venueId }`. */
export class DocumentRepository {
  readonly #model: DocumentModel;

  constructor(model: DocumentModel) {
    this.#model = model;
  }

  async create(doc: NewDocument): Promise<VenueDocumentRecord> {
    const created = await this.#model.create({ ...doc, googleDriveFileId: null, googleDriveUrl: null, updatedAt: doc.uploadedAt });
    return toDocumentRecord(created.toObject() as DocumentDocument);
  }

  async getById(id: string): Promise<VenueDocumentRecord | null> {
    const doc = await this.#model.findOne({ _id: id }).lean<DocumentDocument>().exec();
    return doc ? toDocumentRecord(doc) : null;
  }

  /** Sets the fields (callers hold `document:<id>`); null when the document does not exist. */
  async update(id: string, changes: DocumentChanges, now = new Date()): Promise<VenueDocumentRecord | null> {
    const doc = await this.#model.findOneAndUpdate({ _id: id }, { $set: { ...changes, updatedAt: now } }, { returnDocument: 'after' }).lean<DocumentDocument>().exec();
    return doc ? toDocumentRecord(doc) : null;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.#model.deleteOne({ _id: id }).exec()).deletedCount > 0;
  }

  /** Every document of a venue (one scan on FerretDB v1, rather than one per document). */
  async deleteVenue(venueId: string): Promise<number> {
    if (!venueId.trim()) throw new Error('refusing to delete documents by an empty venueId');
    return (await this.#model.deleteMany({ venueId }).exec()).deletedCount;
  }
}

export interface GalleryRecord {
  venueId: string;
  enabled: boolean;
  key: string;
  expiresAt: Date | null;
  updatedAt: Date;
}

const toGalleryRecord = (doc: GalleryDocument): GalleryRecord => ({ venueId: doc._id, enabled: doc.enabled, key: doc.key, expiresAt: doc.expiresAt ? new Date(doc.expiresAt) : null, updatedAt: new Date(doc.updatedAt) });

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

/** Public gallery settings by venue id (`_id`). */
export class GalleryRepository {
  readonly #model: GalleryModel;

  constructor(model: GalleryModel) {
    this.#model = model;
  }

  async get(venueId: string): Promise<GalleryRecord | null> {
    const doc = await this.#model.findOne({ _id: venueId }).lean<GalleryDocument>().exec();
    return doc ? toGalleryRecord(doc) : null;
  }

  /** The venue's settings, created (on, no expiry, `key`) by a unique insert when missing: every replica ends up with the same. */
  async getOrCreate(venueId: string, key: string, now = new Date()): Promise<GalleryRecord> {
    const existing = await this.get(venueId);
    if (existing) return existing;
    try {
      const created = await this.#model.create({ _id: venueId, enabled: true, key, expiresAt: null, updatedAt: now, updatedBy: '' });
      return toGalleryRecord(created.toObject() as GalleryDocument);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const winner = await this.get(venueId);
      if (!winner) throw error;
      return winner;
    }
  }

  /** Callers hold `gallery:<venueId>`. */
  async update(venueId: string, changes: Partial<Pick<GalleryDocument, 'enabled' | 'key' | 'expiresAt'>>, updatedBy: string, now = new Date()): Promise<GalleryRecord | null> {
    const doc = await this.#model.findOneAndUpdate({ _id: venueId }, { $set: { ...changes, updatedAt: now, updatedBy } }, { returnDocument: 'after' }).lean<GalleryDocument>().exec();
    return doc ? toGalleryRecord(doc) : null;
  }

  async delete(venueId: string): Promise<number> {
    return (await this.#model.deleteOne({ _id: venueId }).exec()).deletedCount;
  }
}
