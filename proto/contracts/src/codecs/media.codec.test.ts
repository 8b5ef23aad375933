import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ContentVariant, DocumentKind, VenueDocumentSchema } from '@venuebook/contracts/media/v1';
import {
  contentVariantFromProto,
  contentVariantToProto,
  documentKindFromProto,
  documentKindToProto,
  updateDocumentToProto,
  venueDocumentFromProto,
  venueDocumentToProto,
} from './media.codec.ts';
import type { DocumentWithoutUrls } from './media.codec.ts';

const document: DocumentWithoutUrls = {
  id: 'd1',
  venueId: 'v1',
  fileName: 'stage.jpg',
  fileType: 'image/jpeg',
  fileSize: 1234,
  category: 'photos',
  description: 'Stage',
  uploadedAt: '2026-11-27T05:00:00.000Z',
  dateTaken: '2026-11-20T10:00:00.000Z',
  eventId: null,
  tagCardIds: ['c1'],
  isPhoto: true,
  width: 800,
  height: 600,
  uploadedBy: 'u1',
  googleDriveFileId: null,
  googleDriveUrl: null,
  sync: { status: 'pending', retryCount: 0, maxRetries: 3, error: null, syncedAt: null },
  hasPreviews: true,
};

describe('media codec', () => {
  it('maps a document to proto and back (null ↔ empty, isPhoto from the type)', () => {
    const proto = create(VenueDocumentSchema, venueDocumentToProto(document));
    expect(proto.eventId).toBe('');
    expect(venueDocumentFromProto(proto)).toEqual(document);
    const file = venueDocumentFromProto(
      create(VenueDocumentSchema, { ...venueDocumentToProto(document), fileType: 'application/pdf', width: 0, height: 0, category: 'nonsense' }),
    );
    expect(file).toMatchObject({ isPhoto: false, width: null, height: null, category: 'general' });
  });

  it('maps updates, kinds and variants', () => {
    expect(updateDocumentToProto('d1', { eventId: null })).toEqual({ id: 'd1', category: '', eventId: '', clearEvent: true });
    expect(updateDocumentToProto('d1', { category: 'permits', eventId: 'e1' })).toEqual({ id: 'd1', category: 'permits', eventId: 'e1', clearEvent: false });
    for (const kind of ['all', 'photos', 'files'] as const) expect(documentKindFromProto(documentKindToProto(kind))).toBe(kind);
    expect(documentKindToProto('photos')).toBe(DocumentKind.PHOTOS);
    for (const variant of ['original', 'thumb', 'preview'] as const) expect(contentVariantFromProto(contentVariantToProto(variant))).toBe(variant);
    expect(contentVariantToProto('thumb')).toBe(ContentVariant.THUMB);
  });
});
