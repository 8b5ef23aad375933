import type { VenueDocumentDto } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXT, formatDocumentDate, groupByCategory, uploadRefusal } from './document-rules.ts';

const doc = (id: string, category: VenueDocumentDto['category']): VenueDocumentDto => ({
  id,
  venueId: 'v',
  fileName: `${id}.pdf`,
  fileType: 'application/pdf',
  fileSize: 10,
  category,
  description: '',
  uploadedAt: '2026-03-05T10:00:00Z',
  dateTaken: '2026-03-05T10:00:00Z',
  eventId: null,
  tagCardIds: [],
  isPhoto: false,
  width: null,
  height: null,
  uploadedBy: 'u',
  googleDriveFileId: null,
  googleDriveUrl: null,
  sync: { status: 'pending', retryCount: 0, maxRetries: 3, error: null, syncedAt: null },
  urls: { original: '/o', thumb: null, preview: null, download: '/d' },
});

describe('groupByCategory', () => {
  it('groups in the order of the nine categories with their labels, leaving out empty ones, keeping list order', () => {
    const groups = groupByCategory([doc('1', 'technical'), doc('2', 'general'), doc('3', 'technical'), doc('4', 'permits')]);
    expect(groups.map((g) => [g.label, g.documents.map((d) => d.id)])).toEqual([
      ['General (Root Folder)', ['2']],
      ['Permits & Licenses', ['4']],
      ['Technical Specifications', ['1', '3']],
    ]);
    expect(groupByCategory([])).toEqual([]);
  });
});

describe('formatDocumentDate', () => {
  it("shows 'MMM d, yyyy'", () => {
    expect(formatDocumentDate('2026-03-05T10:00:00Z')).toBe('Mar 5, 2026');
    expect(formatDocumentDate('not a date')).toBe('');
  });
});

describe('uploadRefusal', () => {
  it('takes the extensions of spec §5 (and .webp) in any case and refuses the others', () => {
    for (const name of ['a.PDF', 'c.docx', 'p.webp', 'x.rar']) expect(uploadRefusal(name), name).toBeNull();
    for (const name of ['b.exe', 'noext', 'page.html']) expect(uploadRefusal(name), name).toBe('this file type is not accepted');
  });
});

describe('DOCUMENT_TEXT', () => {
  it('words the toasts as spec §8, with the category label', () => {
    expect(DOCUMENT_TEXT.moved('financials')).toBe('Document moved to Financial Documents category');
    expect(DOCUMENT_TEXT.deleteFailed('boom')).toBe('Failed to delete document: boom');
  });
});
