import { describe, expect, it } from 'vitest';
import {
  CHANGES_HOLD_MAX_MS,
  categoryOfSubfolder,
  cursorAfterPage,
  cursorChanged,
  folderClaim,
  isImportCandidate,
  placeOfFolder,
  putThereByCompany,
} from './drive-changes.ts';
import type { DriveEntry } from './drive-changes.ts';
import { categoryFolderProperties, documentFileProperties, FOLDER_MIME_TYPE, importDocumentId, venueFolderProperties } from './drive-layout.ts';

const VENUE = '4c0b7c36-9d52-4c65-a9a1-0d6c2f7f1a01';
const OTHER = '9a8f3c2e-1b7d-4e6a-8c5f-2d3e4f5a6b02';

const entry = (id: string, fields: Partial<DriveEntry> = {}): DriveEntry => ({
  id,
  name: id,
  mimeType: 'application/pdf',
  parents: [],
  appProperties: {},
  trashed: false,
  ...fields,
});
const folder = (id: string, fields: Partial<DriveEntry> = {}): DriveEntry => entry(id, { mimeType: FOLDER_MIME_TYPE, ...fields });

describe('a file that may be new to the app', () => {
  const nothingRecorded = () => false;

  it('is a file with bytes someone put there: not a folder, a Google Docs type, trashed or refused before', () => {
    expect(isImportCandidate(entry('f1'), nothingRecorded)).toBe(true);
    expect(isImportCandidate(folder('f2'), nothingRecorded)).toBe(false);
    expect(isImportCandidate(entry('f3', { mimeType: 'application/vnd.google-apps.document' }), nothingRecorded)).toBe(false);
    expect(isImportCandidate(entry('f4', { mimeType: 'application/vnd.google-apps.shortcut' }), nothingRecorded)).toBe(false);
    expect(isImportCandidate(entry('f5', { trashed: true }), nothingRecorded)).toBe(false);
    expect(isImportCandidate(entry('f6', { appProperties: { venuebookImportRefused: 'File type not allowed (.exe)' } }), nothingRecorded)).toBe(false);
  });

  it("is never a copy of one of the app's documents, recorded or not", () => {
    const copy = entry('f7', { appProperties: documentFileProperties('a-document-of-the-app', VENUE) });
    expect(isImportCandidate(copy, nothingRecorded)).toBe(false);
    expect(isImportCandidate(copy, () => true)).toBe(false);
  });

  it('is a file marked for its import (its own derived id) until that import is recorded: an import cut short is finished', () => {
    const marked = entry('f8', { appProperties: documentFileProperties(importDocumentId('f8'), VENUE) });
    expect(isImportCandidate(marked, nothingRecorded)).toBe(true);
    expect(isImportCandidate(marked, (documentId) => documentId === importDocumentId('f8'))).toBe(false);
    // Another file's derived id: a copy of that import, not this file's.
    expect(isImportCandidate(entry('f9', { appProperties: documentFileProperties(importDocumentId('f8'), VENUE) }), nothingRecorded)).toBe(false);
  });
});

describe('who put a file in Drive', () => {
  const by = (lastModifiedByEmail: string, ownerEmail = '') => ({ lastModifiedByEmail, ownerEmail });
  it("takes the last modifier's address, else the owner's, and accepts only the company's domain", () => {
    expect(putThereByCompany(by('crew@example.com'), 'example.com')).toBe(true);
    expect(putThereByCompany(by('Crew@Example.COM'), '@example.com')).toBe(true);
    expect(putThereByCompany(by('', 'crew@example.com'), 'example.com')).toBe(true);
    // The last modifier decides: an outsider's change to a company file waits for a person.
    expect(putThereByCompany(by('guest@elsewhere.org', 'crew@example.com'), 'example.com')).toBe(false);
    expect(putThereByCompany(by('guest@notexample.com'), 'example.com')).toBe(false);
    expect(putThereByCompany(by('guest@example.com.evil.org'), 'example.com')).toBe(false);
    expect(putThereByCompany(by('a@b@example.com'), 'example.com')).toBe(false);
    expect(putThereByCompany(by(''), 'example.com')).toBe(false);
  });
});

describe('what a folder says it is', () => {
  it("is a venue's folder or one of its category folders by the app's properties, else a category by its name", () => {
    expect(folderClaim(folder('v', { appProperties: venueFolderProperties(VENUE) }))).toEqual({ kind: 'venue', venueId: VENUE });
    expect(folderClaim(folder('c', { appProperties: categoryFolderProperties(VENUE, 'contracts') }))).toEqual({
      kind: 'category',
      venueId: VENUE,
      category: 'contracts',
    });
    expect(folderClaim(folder('n', { name: 'Technical Specifications' }))).toEqual({ kind: 'named', category: 'technical' });
  });

  it('is nothing when trashed, not a folder, named like nothing, or marked as something else', () => {
    expect(folderClaim(folder('v', { appProperties: venueFolderProperties(VENUE), trashed: true }))).toBeNull();
    expect(folderClaim(entry('f', { name: 'Contracts' }))).toBeNull();
    expect(folderClaim(folder('x', { name: 'Holiday photos' }))).toBeNull();
    // 'General' is the venue's folder itself, never a folder of that name.
    expect(folderClaim(folder('g', { name: 'General' }))).toBeNull();
    expect(folderClaim(folder('d', { name: 'Contracts', appProperties: documentFileProperties('doc', VENUE) }))).toBeNull();
    expect(folderClaim(folder('w', { appProperties: { venuebookKind: 'venue-folder' } }))).toBeNull();
  });

  it("inside a venue's folder, gives its files a category: its own category folder's or a named one's, never another venue's", () => {
    expect(categoryOfSubfolder(folder('c', { appProperties: categoryFolderProperties(VENUE, 'permits') }), VENUE)).toBe('permits');
    expect(categoryOfSubfolder(folder('c', { appProperties: categoryFolderProperties(OTHER, 'permits') }), VENUE)).toBeNull();
    expect(categoryOfSubfolder(folder('n', { name: 'Insurance' }), VENUE)).toBe('insurance');
    expect(categoryOfSubfolder(folder('v', { appProperties: venueFolderProperties(VENUE) }), VENUE)).toBeNull();
  });
});

describe("the venue and category of a file's folder", () => {
  // root ─ venue folder (VENUE) ─ Contracts (the app's) ─ deeper
  //                              └ Insurance (made by someone)
  // elsewhere ─ copied venue folder (VENUE's properties, not the app's folder of it) ─ Permits (category, VENUE)
  const items = [
    folder('root'),
    folder('venue', { parents: ['root'], appProperties: venueFolderProperties(VENUE) }),
    folder('contracts', { name: 'Contracts', parents: ['venue'], appProperties: categoryFolderProperties(VENUE, 'contracts') }),
    folder('deeper', { name: 'Permits & Licenses', parents: ['contracts'] }),
    folder('insurance', { name: 'Insurance', parents: ['venue'] }),
    folder('elsewhere', { parents: ['root'] }),
    folder('stray', { name: 'Insurance', parents: ['elsewhere'] }),
    folder('copied', { parents: ['elsewhere'], appProperties: venueFolderProperties(VENUE) }),
    folder('copied-permits', { parents: ['copied'], appProperties: categoryFolderProperties(VENUE, 'permits') }),
    folder('other-venue', { parents: ['root'], appProperties: venueFolderProperties(OTHER) }),
    folder('trashed-venue', { parents: ['root'], appProperties: venueFolderProperties(OTHER), trashed: true }),
  ];
  const byId = new Map(items.map((item) => [item.id, item]));
  // The app's venue folders under its root: VENUE's is 'venue'; OTHER has none (purged, or another root's).
  const lookup = {
    get: async (id: string) => byId.get(id) ?? null,
    venueFolder: async (venueId: string) => (venueId === VENUE ? 'venue' : null),
  };

  it("is General in the venue's folder, the category in its category folders (the app's, or one named like a category)", async () => {
    expect(await placeOfFolder('venue', lookup)).toEqual({ venueId: VENUE, category: 'general' });
    expect(await placeOfFolder('contracts', lookup)).toEqual({ venueId: VENUE, category: 'contracts' });
    expect(await placeOfFolder('insurance', lookup)).toEqual({ venueId: VENUE, category: 'insurance' });
  });

  it("is nowhere for a folder that is not the venue's own, deeper down, unknown or of a venue without a folder here", async () => {
    for (const id of ['root', 'deeper', 'elsewhere', 'stray', 'copied', 'copied-permits', 'other-venue', 'trashed-venue', 'missing']) {
      expect(await placeOfFolder(id, lookup), id).toBeNull();
    }
  });
});

describe("the changes feed's saved page token", () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  const start = { pageToken: '100', heldSince: null };

  it('moves past a page whose files were all handled (imported, refused, known, or none to import)', () => {
    expect(cursorAfterPage(start, '142', 0, at(0))).toEqual({ cursor: { pageToken: '142', heldSince: null }, move: 'advance' });
  });

  it('stays at a page with a failed file, so that the next read tries it again, and says since when', () => {
    const held = cursorAfterPage(start, '142', 1, at(0));
    expect(held).toEqual({ cursor: { pageToken: '100', heldSince: at(0) }, move: 'hold' });
    // Still failing later: still held, since the first failure.
    expect(cursorAfterPage(held.cursor, '150', 2, at(CHANGES_HOLD_MAX_MS - 1))).toEqual({ cursor: { pageToken: '100', heldSince: at(0) }, move: 'hold' });
    // Handled at last: past it, no longer held.
    expect(cursorAfterPage(held.cursor, '150', 0, at(60_000))).toEqual({ cursor: { pageToken: '150', heldSince: null }, move: 'advance' });
  });

  it('moves past a page whose files have failed for CHANGES_HOLD_MAX_MS (one bad file must not stop every later one)', () => {
    const held = { pageToken: '100', heldSince: at(0) };
    expect(cursorAfterPage(held, '150', 1, at(CHANGES_HOLD_MAX_MS))).toEqual({ cursor: { pageToken: '150', heldSince: null }, move: 'give-up' });
  });

  it('is written only when it moved or began to wait', () => {
    expect(cursorChanged(start, { pageToken: '100', heldSince: null })).toBe(false);
    expect(cursorChanged(start, { pageToken: '101', heldSince: null })).toBe(true);
    expect(cursorChanged(start, { pageToken: '100', heldSince: at(0) })).toBe(true);
    expect(cursorChanged({ pageToken: '100', heldSince: at(0) }, { pageToken: '100', heldSince: new Date(at(0).getTime()) })).toBe(false);
  });
});
