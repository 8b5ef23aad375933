import { isDuplicateKeyError } from '@venuebook/service-kit';
import type { DocumentCategory, SyncStatus } from '@venuebook/domain';
import { revisionId } from './document.model.ts';
import type { DocumentDocument, DocumentModel, DocumentRevisionDocument, DocumentRevisionModel, GalleryDocument, GalleryModel } from './document.model.ts';

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

/** The mutable fields a revision sets. */
export type DocumentChanges = Partial<Pick<DocumentDocument, 'category' | 'eventId' | 'tagCardIds'>>;

/**
 * A document's current state: the upload's document with its newest revision applied; `rev` 0 = no revision yet;
 * `deleted`: the newest revision is a tombstone (the document is gone for every read).
 */
export interface DocumentState {
  id: string;
  rev: number;
  deleted: boolean;
  document: VenueDocumentRecord;
}

/** The outcome of inserting the next revision: stored, or that `rev` was taken (another writer was first: re-read). */
export type ReviseResult = { inserted: true; state: DocumentState } | { inserted: false };

const REVISION_FIELDS = '_id documentId venueId rev deleted category eventId tagCardIds updatedAt';

type RevisionSource = Pick<
  DocumentRevisionDocument,
  '_id' | 'documentId' | 'venueId' | 'rev' | 'deleted' | 'category' | 'eventId' | 'tagCardIds' | 'updatedAt'
>;

/** The document record with `revision` applied (none: as uploaded). */
function applyRevision(document: VenueDocumentRecord, revision: RevisionSource | undefined): DocumentState {
  if (!revision) return { id: document.id, rev: 0, deleted: false, document };
  return {
    id: document.id,
    rev: revision.rev,
    deleted: !!revision.deleted,
    document: { ...document, category: revision.category, eventId: revision.eventId ?? null, tagCardIds: [...(revision.tagCardIds ?? [])] },
  };
}

const newestOf = (revisions: readonly RevisionSource[]): RevisionSource | undefined =>
  revisions.reduce<RevisionSource | undefined>((newest, revision) => (!newest || revision.rev > newest.rev ? revision : newest), undefined);

/**
 * Venue documents in the database, insert-only on FerretDB v1 (an update or delete by `_id` scans the whole
 * collection, an insert does not): the upload inserts the document, every later change inserts its next revision.
 * Queries: `{_id}`, a document's revisions `{ documentId }`, the start-up scan of both, and the purge's `{ venueId }`.
 */
export class DocumentRepository {
  readonly #model: DocumentModel;
  readonly #revisions: DocumentRevisionModel;

  constructor(model: DocumentModel, revisions: DocumentRevisionModel) {
    this.#model = model;
    this.#revisions = revisions;
  }

  async create(doc: NewDocument): Promise<VenueDocumentRecord> {
    const created = await this.#model.create({ ...doc, googleDriveFileId: null, googleDriveUrl: null, updatedAt: doc.uploadedAt });
    return toDocumentRecord(created.toObject() as DocumentDocument);
  }

  /** The document's current state (tombstoned ones too), or null when there is no such document. */
  async state(id: string, uploaded?: VenueDocumentRecord): Promise<DocumentState | null> {
    if (!id) return null;
    const base = uploaded ?? (await this.#uploaded(id));
    if (!base) return null;
    const revisions = await this.#revisions.find({ documentId: id }).select(REVISION_FIELDS).lean<RevisionSource[]>().exec();
    return applyRevision(base, newestOf(revisions));
  }

  async #uploaded(id: string): Promise<VenueDocumentRecord | null> {
    const doc = await this.#model.findOne({ _id: id }).lean<DocumentDocument>().exec();
    return doc ? toDocumentRecord(doc) : null;
  }

  /** The document as it is now (null: none, or deleted). */
  async getById(id: string): Promise<VenueDocumentRecord | null> {
    const state = await this.state(id);
    return state && !state.deleted ? state.document : null;
  }

  /**
   * Inserts revision `current.rev + 1` of the document: `changes` applied to `current`, or a tombstone. Callers hold
   * `document:<id>`; `{ inserted: false }` when another writer (another replica) inserted that revision first.
   */
  async revise(current: DocumentState, change: { changes: DocumentChanges } | { delete: true }, updatedBy: string, now = new Date()): Promise<ReviseResult> {
    const rev = current.rev + 1;
    const document = 'changes' in change ? { ...current.document, ...change.changes } : current.document;
    const revision: DocumentRevisionDocument = {
      _id: revisionId(current.id, rev),
      documentId: current.id,
      venueId: document.venueId,
      rev,
      deleted: 'delete' in change,
      category: document.category,
      eventId: document.eventId ?? null,
      tagCardIds: [...document.tagCardIds],
      updatedAt: now,
      updatedBy,
    };
    try {
      await this.#revisions.create(revision);
    } catch (error) {
      if (isDuplicateKeyError(error)) return { inserted: false };
      throw error;
    }
    return { inserted: true, state: applyRevision(current.document, revision) };
  }

  /**
   * Every document's current state, tombstoned ones too (the read model's load): one scan of the revisions (the
   * newest of each document kept), then one of the documents with it applied.
   */
  async *scan(): AsyncGenerator<DocumentState> {
    const newest = new Map<string, RevisionSource>();
    for await (const revision of this.#revisions
      .find({})
      .select(REVISION_FIELDS)
      .lean<RevisionSource[]>()
      .cursor({ batchSize: 1000 }) as AsyncIterable<RevisionSource>) {
      const known = newest.get(revision.documentId);
      if (!known || revision.rev > known.rev) newest.set(revision.documentId, revision);
    }
    for await (const doc of this.#model.find({}).lean<DocumentDocument[]>().cursor({ batchSize: 1000 }) as AsyncIterable<DocumentDocument>) {
      const revision = newest.get(doc._id);
      newest.delete(doc._id);
      yield applyRevision(toDocumentRecord(doc), revision);
    }
  }

  /** Every document of a venue and their revisions (one scan of each collection on FerretDB v1, rather than one per document). */
  async deleteVenue(venueId: string): Promise<number> {
    if (!venueId.trim()) throw new Error('refusing to delete documents by an empty venueId');
    const removed = (await this.#model.deleteMany({ venueId }).exec()).deletedCount;
    await this.#revisions.deleteMany({ venueId }).exec();
    return removed;
  }
}

export interface GalleryRecord {
  venueId: string;
  enabled: boolean;
  key: string;
  expiresAt: Date | null;
  updatedAt: Date;
}

const toGalleryRecord = (doc: GalleryDocument): GalleryRecord => ({
  venueId: doc._id,
  enabled: doc.enabled,
  key: doc.key,
  expiresAt: doc.expiresAt ? new Date(doc.expiresAt) : null,
  updatedAt: new Date(doc.updatedAt),
});

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
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.get(venueId);
      if (!winner) throw error;
      return winner;
    }
  }

  /** Callers hold `gallery:<venueId>`. */
  async update(
    venueId: string,
    changes: Partial<Pick<GalleryDocument, 'enabled' | 'key' | 'expiresAt'>>,
    updatedBy: string,
    now = new Date(),
  ): Promise<GalleryRecord | null> {
    const doc = await this.#model
      .findOneAndUpdate({ _id: venueId }, { $set: { ...changes, updatedAt: now, updatedBy } }, { returnDocument: 'after' })
      .lean<GalleryDocument>()
      .exec();
    return doc ? toGalleryRecord(doc) : null;
  }

  async delete(venueId: string): Promise<number> {
    return (await this.#model.deleteOne({ _id: venueId }).exec()).deletedCount;
  }
}
