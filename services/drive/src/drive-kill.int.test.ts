// What Drive sync survives: its process killed with SIGKILL again and again while documents sync (during uploads of
// single requests and of resumable sessions, folder creations, records). It ends with every document in Drive exactly
// once, with its bytes: none missing, none duplicated, one folder per venue and category. And while it imports the
// files people put in venues' Drive folders through Drive's changes feed (marks, downloads, media's uploads, records,
// the saved page token): every file ends as one document of its venue, with its bytes and its folder's category, and
// is its own copy in Drive. The Drive service runs as its own process here, because the test kills it.
// The sizes are DRIVE_KILL_DOCUMENTS documents and DRIVE_KILLS kills, DRIVE_KILL_IMPORTS files and
// DRIVE_IMPORT_KILLS kills (npm test runs smaller sizes than the ones the decision record reports, for the suite's
// time budget; the behaviour is the same).
import { randomBytes } from 'node:crypto';
import type { StandInDriveFile } from '@venuebook/service-kit/testing';
import { eventually, killRepeatedly } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { importDocumentId } from './domain/drive-layout.ts';
import { driveUnderTest, sha256 } from './testing/drive-under-test.ts';

const DOCUMENTS = Number(process.env.DRIVE_KILL_DOCUMENTS ?? 40);
const KILLS = Number(process.env.DRIVE_KILLS ?? 5);
const IMPORTS = Number(process.env.DRIVE_KILL_IMPORTS ?? 20);
const IMPORT_KILLS = Number(process.env.DRIVE_IMPORT_KILLS ?? 3);
const VENUES = 4;
const CATEGORIES = ['general', 'contracts', 'technical', 'permits'] as const;

const under = driveUnderTest('kill', {
  process: true,
  // A killed process's jobs and locks come back quickly, so that the test does not wait out a production lease; the
  // changes feed is read every second.
  env: {
    DRIVE_LEASE_MS: '1500',
    DRIVE_SWEEP_INTERVAL_MS: '1000',
    DRIVE_GRACE_MS: '300',
    DRIVE_RETRY_BASE_MS: '100',
    DRIVE_RETRY_MAX_MS: '1000',
    DRIVE_LOCK_STALE_MS: '3000',
    GOOGLE_DRIVE_CHANGES_INTERVAL_MS: '1000',
  },
});

/** A PDF of `size` random bytes (its magic bytes first, so that media takes it for one). */
function pdf(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(Buffer.from('%PDF-1.7\n'), 0);
  return bytes;
}

describe('Drive sync under SIGKILL', () => {
  it(`puts each of ${DOCUMENTS} documents in Drive exactly once, with its bytes, although it is killed ${KILLS} times`, async () => {
    const replica = under.driveProcess!.replicas[0]!;
    const venues = await Promise.all(Array.from({ length: VENUES }, (_, n) => under.createVenue(`Kill Test Arena ${n + 1}`)));
    // Uploaded while the worker is down: the wake-ups wait in NATS, the work in the queue.
    await replica.stop();
    const expected = new Map<string, string>();
    for (let start = 0; start < DOCUMENTS; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, DOCUMENTS - start) }, async (_, k) => {
          const n = start + k;
          // Every tenth a few megabytes (a resumable upload in flight when a kill lands), the others small.
          const bytes = pdf(n % 10 === 0 ? 3 * 1024 * 1024 + n : 16 * 1024 + n);
          const id = await under.upload(venues[n % VENUES]!, `kill-${n}.pdf`, bytes, CATEGORIES[n % CATEGORIES.length]);
          return [id, sha256(bytes)] as const;
        }),
      );
      for (const [id, hash] of batch) expected.set(id, hash);
    }

    const killsTook = await killRepeatedly(replica, KILLS, { minMs: 300, maxMs: 1500 });

    const copiesOf = async (): Promise<Map<string, StandInDriveFile[]>> => {
      const byDocument = new Map<string, StandInDriveFile[]>();
      for (const file of await under.standIn.files()) {
        const id = file.appProperties?.venuebookDocumentId;
        if (id && expected.has(id)) byDocument.set(id, [...(byDocument.get(id) ?? []), file]);
      }
      return byDocument;
    };
    const syncStarted = Date.now();
    await eventually(
      async () => {
        const states = (await under.driveAs('admin').getDocumentSync({ documentIds: [...expected.keys()] })).documents;
        const waiting = states.filter((state) => state.status !== 'completed');
        expect(waiting.length, JSON.stringify(waiting.slice(0, 3))).toBe(0);
      },
      Math.max(120_000, DOCUMENTS * 1000),
    );
    const copies = await copiesOf();
    for (const [id, hash] of expected) {
      const files = copies.get(id) ?? [];
      expect(
        files.map((file) => [file.trashed, file.sha256Checksum]),
        id,
      ).toEqual([[false, hash]]);
    }
    // One folder per venue under the root, one per category inside it.
    const folders = (await under.standIn.files()).filter((file) => file.mimeType === 'application/vnd.google-apps.folder' && !file.trashed);
    for (const venueId of venues) {
      const own = folders.filter((folder) => folder.appProperties?.venuebookVenueId === venueId);
      expect(own.filter((folder) => folder.appProperties?.venuebookKind === 'venue-folder')).toHaveLength(1);
      const categories = own.filter((folder) => folder.appProperties?.venuebookKind === 'category-folder').map((folder) => folder.name);
      expect(categories.length).toBe(new Set(categories).size);
    }
    const uploads = (await under.standIn.uploads()).filter((session) => session.doneFileId);
    console.log(
      `[drive kill test] ${DOCUMENTS} documents, ${KILLS} SIGKILLs in ${Math.round(killsTook / 1000)} s, all synced ${Math.round((Date.now() - syncStarted) / 1000)} s after the last start; ${uploads.length} upload sessions completed in the run's Drive`,
    );
  }, 600_000);

  it(`imports each of ${IMPORTS} files put in venues' Drive folders exactly once, with its bytes and category, although it is killed ${IMPORT_KILLS} times`, async () => {
    const replica = under.driveProcess!.replicas[0]!;
    const venues = await Promise.all([1, 2].map((n) => under.createVenue(`Import Kill Hall ${n}`)));
    // Each venue's folders in Drive, made by its first document's sync.
    const seeds = await Promise.all(venues.map((venueId) => under.upload(venueId, 'seed.pdf', pdf(4096), 'contracts')));
    await eventually(async () => {
      const states = (await under.driveAs('admin').getDocumentSync({ documentIds: seeds })).documents;
      expect(states.map((state) => state.status)).toEqual(['completed', 'completed']);
    }, 60_000);
    const folders = await Promise.all(venues.map((venueId) => under.venueFolders(venueId)));

    // Put in while the process is down: the changes feed holds them after the page token it saved.
    await replica.stop();
    const expected = new Map<string, { venueId: string; fileId: string; name: string; category: string; hash: string }>();
    for (let start = 0; start < IMPORTS; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, IMPORTS - start) }, async (_, k) => {
          const n = start + k;
          const venue = n % venues.length;
          // Half in the venue's folder (General), half in its Contracts folder; every fourth 2 MB (a download and an
          // upload to media in flight when a kill lands), the others small.
          const category = n % 4 < 2 ? 'general' : 'contracts';
          const parentId = category === 'general' ? folders[venue]!.venue : folders[venue]!.categories.get('contracts')!;
          const bytes = pdf(n % 4 === 1 ? 2 * 1024 * 1024 + n : 16 * 1024 + n);
          const name = `dropped-${n}.pdf`;
          const file = await under.dropFile(parentId, name, bytes, 'application/pdf');
          return { venueId: venues[venue]!, fileId: file.id, name, category, hash: sha256(bytes) };
        }),
      );
      for (const file of batch) expected.set(importDocumentId(file.fileId), file);
    }

    const killsTook = await killRepeatedly(replica, IMPORT_KILLS, { minMs: 200, maxMs: 1500 });
    const importStarted = Date.now();
    const documentsOf = async () =>
      (await Promise.all(venues.map(async (venueId) => (await under.mediaAs('viewer').listDocuments({ venueId, kind: 1, eventId: '' })).documents))).flat();
    await eventually(
      async () => {
        const ids = new Set((await documentsOf()).map((document) => document.id));
        const missing = [...expected.keys()].filter((id) => !ids.has(id));
        expect(missing.length, `not imported yet: ${missing.slice(0, 3).join(', ')}`).toBe(0);
      },
      Math.max(120_000, IMPORTS * 1000),
    );
    const imported = Date.now() - importStarted;

    // Every file one document of its venue (besides the seeds, nothing else), with its id, name, category and bytes.
    const documents = (await documentsOf()).filter((document) => document.fileName !== 'seed.pdf');
    expect(documents.length).toBe(IMPORTS);
    for (const document of documents) {
      const file = expected.get(document.id);
      expect(file, document.fileName).toBeDefined();
      expect([document.venueId, document.fileName, document.category]).toEqual([file!.venueId, file!.name, file!.category]);
      const content: Uint8Array[] = [];
      for await (const part of under
        .mediaAs('viewer')
        .readContent({ id: document.id, variant: 1, hasRange: false, rangeStart: 0, rangeEnd: 0, galleryKey: '' }))
        if (part.part.case === 'chunk') content.push(part.part.value);
      expect(sha256(Buffer.concat(content)), document.fileName).toBe(file!.hash);
    }
    // Each file is its document's copy in Drive: no second upload, nothing else in the venues' folders.
    await eventually(async () => {
      const states = (await under.driveAs('admin').getDocumentSync({ documentIds: [...expected.keys()] })).documents;
      expect(states.filter((state) => state.status !== 'completed' || state.googleDriveFileId !== expected.get(state.documentId)!.fileId)).toEqual([]);
    }, 60_000);
    const venueFolderIds = new Set(folders.flatMap((folder) => [folder.venue, ...folder.categories.values()]));
    const inFolders = (await under.standIn.files()).filter(
      (file) => !file.trashed && file.mimeType !== 'application/vnd.google-apps.folder' && file.parents?.some((parent) => venueFolderIds.has(parent)),
    );
    expect(inFolders.length).toBe(IMPORTS + seeds.length);
    for (const [documentId, file] of expected) {
      expect(
        inFolders.filter((each) => each.appProperties?.venuebookDocumentId === documentId).map((each) => each.id),
        file.name,
      ).toEqual([file.fileId]);
    }
    console.log(
      `[drive kill test] ${IMPORTS} files put in Drive folders, ${IMPORT_KILLS} SIGKILLs in ${Math.round(killsTook / 1000)} s, all imported ${Math.round(imported / 1000)} s after the last start; one document each, its bytes equal, no second copy in Drive`,
    );
  }, 600_000);
});
