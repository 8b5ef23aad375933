import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { DOCUMENT_CATEGORY_VALUES, SYNC_STATUSES } from '@venuebook/domain';
import type { DocumentCategory, SyncStatus } from '@venuebook/domain';
import { registeredModel } from '@venuebook/service-kit';

const syncSchema = new Schema(
  {
    status: { type: String, enum: SYNC_STATUSES, default: 'pending' },
    retryCount: { type: Number, default: 0 },
    maxRetries: { type: Number, default: 3 },
    error: { type: String, default: null },
    syncedAt: { type: Date, default: null },
    updatedAt: { type: Date, default: null },
  },
  { _id: false },
);

/**
 * A venue document or photo (spec §3 venue_documents, with its photo tags as `tagCardIds`) as its upload wrote it:
 * inserted once and never updated; its later changes are revisions (venue_document_revisions, below), written under
 * `document:<id>`. The file itself is in the object store under keys made from the venue
 * and document ids (adapters/object-store.ts documentKeys).
 */
export const documentSchema = new Schema(
  {
    _id: { type: String, required: true },
    venueId: { type: String, required: true },
    fileName: { type: String, required: true },
    fileType: { type: String, required: true },
    fileSize: { type: Number, required: true },
    category: { type: String, enum: DOCUMENT_CATEGORY_VALUES, default: 'general' },
    description: { type: String, default: '' },
    uploadedAt: { type: Date, required: true },
    dateTaken: { type: Date, required: true },
    eventId: { type: String, default: null },
    tagCardIds: { type: [String], default: [] },
    hasPreviews: { type: Boolean, default: false },
    width: { type: Number, default: null },
    height: { type: Number, default: null },
    uploadedBy: { type: String, default: '' },
    googleDriveFileId: { type: String, default: null },
    googleDriveUrl: { type: String, default: null },
    sync: { type: syncSchema, default: () => ({}) },
    updatedAt: { type: Date, default: null },
  },
  { collection: 'venue_documents', versionKey: false, strict: 'throw' },
);

// No secondary index: reads are by _id and the start-up scan; a venue's documents come from the read model; a purge is one deleteMany({ venueId }).

export interface DocumentSync {
  status: SyncStatus;
  retryCount: number;
  maxRetries: number;
  error: string | null;
  syncedAt: Date | null;
  updatedAt: Date | null;
}

export interface DocumentDocument {
  _id: string;
  venueId: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  category: DocumentCategory;
  description: string;
  uploadedAt: Date;
  dateTaken: Date;
  eventId: string | null;
  tagCardIds: string[];
  hasPreviews: boolean;
  width: number | null;
  height: number | null;
  uploadedBy: string;
  googleDriveFileId: string | null;
  googleDriveUrl: string | null;
  sync: DocumentSync;
  updatedAt: Date | null;
}

export type DocumentModel = Model<DocumentDocument>;

export function documentModel(connection: Connection): DocumentModel {
  return registeredModel<DocumentDocument>(connection, 'VenueDocument', documentSchema);
}

/**
 * A change of a venue document (insert-only): `_id` `${documentId}:${rev}` (rev 1, 2, …), holding the
 * document's whole mutable state after the change (category, event link, photo tags) or its deletion (a tombstone).
 * A revision is never updated or deleted (but by a venue purge): on FerretDB v1 an insert stays cheap at any size
 * where an update or delete by `_id` scans the collection (docs/decisions/0003-insert-only-collections-and-locks.md).
 * The unique `_id` is the
 * compare-and-set of writers on several replicas: the one that inserts rev n + 1 second gets E11000, re-reads the
 * document and tries n + 2. The document itself (venue_documents) keeps what the upload wrote; its current state is
 * the upload's document with its newest revision applied (the read model's, repositories/document.repository.ts).
 */
export const documentRevisionSchema = new Schema(
  {
    _id: { type: String, required: true },
    documentId: { type: String, required: true },
    venueId: { type: String, required: true },
    rev: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
    category: { type: String, enum: DOCUMENT_CATEGORY_VALUES, required: true },
    eventId: { type: String, default: null },
    tagCardIds: { type: [String], default: [] },
    updatedAt: { type: Date, required: true },
    updatedBy: { type: String, default: '' },
  },
  { collection: 'venue_document_revisions', versionKey: false, strict: 'throw' },
);

// No secondary index: read by the start-up scan, and a document's revisions by one top-level equality
// ({ documentId }: another replica's event, a document not in memory); a purge is one deleteMany({ venueId }).

export interface DocumentRevisionDocument {
  _id: string;
  documentId: string;
  venueId: string;
  rev: number;
  deleted: boolean;
  category: DocumentCategory;
  eventId: string | null;
  tagCardIds: string[];
  updatedAt: Date;
  updatedBy: string;
}

export type DocumentRevisionModel = Model<DocumentRevisionDocument>;

export function documentRevisionModel(connection: Connection): DocumentRevisionModel {
  return registeredModel<DocumentRevisionDocument>(connection, 'VenueDocumentRevision', documentRevisionSchema);
}

/** A revision's `_id`. */
export const revisionId = (documentId: string, rev: number): string => `${documentId}:${rev}`;

/** A venue's public gallery settings (`_id` = venue id; created once by a unique insert, so replicas agree on the key). */
export const gallerySchema = new Schema(
  {
    _id: { type: String, required: true },
    enabled: { type: Boolean, default: true },
    key: { type: String, required: true },
    expiresAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
    updatedBy: { type: String, default: '' },
  },
  { collection: 'gallery_settings', versionKey: false, strict: 'throw' },
);

export interface GalleryDocument {
  _id: string;
  enabled: boolean;
  key: string;
  expiresAt: Date | null;
  updatedAt: Date;
  updatedBy: string;
}

export type GalleryModel = Model<GalleryDocument>;

export function galleryModel(connection: Connection): GalleryModel {
  return registeredModel<GalleryDocument>(connection, 'GallerySettings', gallerySchema);
}
