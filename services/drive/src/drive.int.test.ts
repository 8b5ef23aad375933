// Google Drive sync against real media and venues services, NATS, FerretDB, MinIO and the local Google Drive (through
// Google's own client library): a document lands in its venue's category folder with the same bytes, moves with its
// category, goes to the trash when deleted; a job run again makes no second file; Drive's rate limits and a cut
// mid-upload are survived; the API tells a document's state; files put in a venue's folders are imported, by the
// button and through Drive's changes feed.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SUBJECTS } from '@venuebook/contracts/events';
import { eventsSince, eventually, rejection } from '@venuebook/service-kit/testing';
import type { StandInDriveFile } from '@venuebook/service-kit/testing';
import { GrpcStatus } from '@venuebook/grpc';
import { describe, expect, it } from 'vitest';
import { DriveService } from '@venuebook/contracts/drive/v1';
import { createClient } from '@venuebook/grpc';
import { createLogger, userContextSigner } from '@venuebook/service-kit';
import { importDocumentId } from './domain/drive-layout.ts';
import { start } from './main.ts';
import { DROPPED_BY, driveUnderTest, sha256 } from './testing/drive-under-test.ts';

// Its own local Drive: it scripts Drive's faults.
const under = driveUnderTest('sync', { faults: true });

const MB = 1024 * 1024;

/** The document's file in the local Drive (not trashed), by the appProperties the worker puts on it. */
async function fileOf(documentId: string, options: { trashed?: boolean } = {}): Promise<StandInDriveFile | undefined> {
  const files = (await under.standIn.files()).filter((file) => file.appProperties?.venuebookDocumentId === documentId);
  return files.find((file) => file.trashed === (options.trashed ?? false));
}

async function synced(documentId: string): Promise<StandInDriveFile> {
  await eventually(async () => {
    const [state] = (await under.driveAs('viewer').getDocumentSync({ documentIds: [documentId] })).documents;
    expect(state?.status).toBe('completed');
  }, 30_000);
  const file = await fileOf(documentId);
  if (!file) throw new Error(`no Drive file for ${documentId}`);
  return file;
}

/** The document's job record comes to match (the copy is recorded by the attempt, the job marked done by the runtime just after). */
async function jobRecordIs(documentId: string, expected: { attempts: number; status: string; lastError?: string }): Promise<void> {
  await eventually(async () => {
    const job = await under.db
      .collection<{ _id: string; lastError: string; attempts: number; status: string }>('drive_jobs')
      .findOne({ _id: `doc:${documentId}` });
    expect(job, JSON.stringify(job)).toMatchObject(expected);
  }, 10_000);
}

describe('Drive sync', () => {
  it("uploads a document into its venue's category folder with identical bytes, moves it with its category, trashes it when deleted", async () => {
    const venueId = await under.createVenue('Red Rocks Amphitheatre');
    const bytes = new Uint8Array(randomBytes(3 * MB));
    // A PDF's magic bytes, so that media takes it for what its name says.
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const documentId = await under.upload(venueId, 'rider.pdf', bytes, 'contracts');

    const file = await synced(documentId);
    expect(file.name).toBe('rider.pdf');
    expect(file.sha256Checksum).toBe(sha256(bytes));
    expect(Number(file.size)).toBe(bytes.length);
    expect(file.path).toMatch(/\/Red Rocks Amphitheatre\/Contracts\/rider\.pdf$/);
    const [state] = (await under.driveAs('viewer').getDocumentSync({ documentIds: [documentId] })).documents;
    expect(state).toMatchObject({ status: 'completed', googleDriveFileId: file.id, retryCount: 0, error: '' });
    expect(state!.googleDriveUrl).toBe(file.webViewLink);

    // A category change moves the same file.
    await under.mediaAs('editor').updateDocument({ id: documentId, category: 'technical' });
    await eventually(async () => expect((await fileOf(documentId))?.path).toMatch(/\/Red Rocks Amphitheatre\/Technical Specifications\/rider\.pdf$/), 20_000);
    expect((await fileOf(documentId))!.id).toBe(file.id);

    // A deletion trashes it.
    await under.mediaAs('editor').deleteDocument({ id: documentId });
    await eventually(async () => expect((await fileOf(documentId, { trashed: true }))?.id).toBe(file.id), 20_000);
    expect(await fileOf(documentId)).toBeUndefined();
  });

  it("renames a venue's folder when the venue is renamed, and trashes it with its files when the venue is purged", async () => {
    const venueId = await under.createVenue('Paramount Theatre');
    const bytes = new Uint8Array(randomBytes(16 * 1024));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const documentId = await under.upload(venueId, 'stage-plot.pdf', bytes, 'technical');
    const file = await synced(documentId);
    const folderOf = async () =>
      (await under.standIn.files()).find((item) => item.appProperties?.venuebookVenueId === venueId && item.appProperties?.venuebookKind === 'venue-folder');
    const folder = await folderOf();
    expect(folder?.name).toBe('Paramount Theatre');
    // Its id is kept on the venue.
    expect(await under.venueFolderId(venueId)).toBe(folder!.id);
    // Only the worker keeps it there.
    expect(await rejection(under.venuesAs('owner').setVenueDriveFolder({ venueId, folderId: 'elsewhere' }))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });

    await under.renameVenue(venueId, 'Paramount Theatre Denver');
    await eventually(async () => expect((await folderOf())?.name).toBe('Paramount Theatre Denver'), 20_000);
    expect((await folderOf())?.id).toBe(folder!.id);
    expect((await fileOf(documentId))?.path).toMatch(/\/Paramount Theatre Denver\/Technical Specifications\/stage-plot\.pdf$/);

    await under.purgeVenue(venueId);
    await eventually(async () => expect((await folderOf())?.trashed).toBe(true), 20_000);
    expect((await fileOf(documentId, { trashed: true }))?.id).toBe(file.id);
  });

  it('makes one folder per venue and category however many documents arrive at once', async () => {
    const venueId = await under.createVenue('Folsom Field');
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, n) => {
        const bytes = new Uint8Array(randomBytes(64 * 1024));
        bytes.set(Buffer.from('%PDF-1.7\n'), 0);
        return under.upload(venueId, `plan-${n}.pdf`, bytes, n % 2 === 0 ? 'technical' : 'general');
      }),
    );
    for (const id of ids) await synced(id);
    const folders = (await under.standIn.files()).filter((file) => file.mimeType === 'application/vnd.google-apps.folder' && !file.trashed);
    expect(folders.filter((folder) => folder.name === 'Folsom Field' && folder.parents?.includes(under.rootFolderId))).toHaveLength(1);
    expect(folders.filter((folder) => folder.path.endsWith('/Folsom Field/Technical Specifications'))).toHaveLength(1);
    // General: the venue's folder itself (spec: 'General (Root Folder)').
    expect((await fileOf(ids[1]!))?.path).toMatch(/\/Folsom Field\/plan-1\.pdf$/);
  });

  it('run again for a synced document, finds the file instead of uploading a second', async () => {
    const venueId = await under.createVenue('Ball Arena');
    const bytes = new Uint8Array(randomBytes(128 * 1024));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const documentId = await under.upload(venueId, 'seating.pdf', bytes);
    const first = await synced(documentId);
    // As if the worker had died after the upload, before recording it: the record gone, the job woken again.
    await under.db.collection('drive_files').deleteOne({ _id: documentId as never });
    await under.drive!.worker!.enqueue(`doc:${documentId}`, { documentId, venueId }, 'run-again');
    await eventually(async () => expect(await under.db.collection('drive_files').countDocuments({ _id: documentId as never })).toBe(1), 20_000);
    const copies = (await under.standIn.files()).filter((file) => file.appProperties?.venuebookDocumentId === documentId);
    expect(copies.map((file) => file.id)).toEqual([first.id]);
  });

  it("waits out Drive's rate limits (429 with Retry-After, 403 rateLimitExceeded) and counts the retries", async () => {
    const venueId = await under.createVenue('Coors Field');
    await under.standIn.faults([
      { kind: 'files.create.resumable', status: 429, retryAfter: 1, times: 2 },
      { kind: 'files.create.resumable', status: 403, reason: 'rateLimitExceeded', times: 1 },
    ]);
    const bytes = new Uint8Array(randomBytes(100 * 1024));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const documentId = await under.upload(venueId, 'permit.pdf', bytes, 'permits');
    const file = await synced(documentId);
    expect(file.sha256Checksum).toBe(sha256(bytes));
    await jobRecordIs(documentId, { attempts: 3, status: 'done' });
    expect((await under.standIn.pendingFaults()).map((fault) => fault.remaining)).toEqual([0, 0]);
  });

  it('resumes an upload cut mid-way where Drive stopped, without sending it all again', async () => {
    const venueId = await under.createVenue('Empower Field');
    const bytes = new Uint8Array(randomBytes(4 * MB));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    await under.standIn.faults([{ kind: 'upload.chunk', cutAfterBytes: 3 * MB, times: 1 }]);
    await under.standIn.resetRequests();
    const documentId = await under.upload(venueId, 'broadcast-plan.pdf', bytes, 'technical');
    const file = await synced(documentId);
    expect(file.sha256Checksum).toBe(sha256(bytes));
    const sessions = (await under.standIn.uploads()).filter((session) => session.doneFileId === file.id);
    expect(sessions).toHaveLength(1);
    // 3 MB before the cut, then only what Drive had not kept.
    expect(sessions[0]!.bytesReceived).toBeLessThan(bytes.length + 1.5 * MB);
    expect(sessions[0]!.statusQueries).toBeGreaterThanOrEqual(1);
    // One failed attempt (the cut), recorded and cleared by the success.
    await jobRecordIs(documentId, { attempts: 1, status: 'done', lastError: '' });
  });

  it("fails a document on Drive's other refusals with Drive's message, and tells it", async () => {
    const venueId = await under.createVenue('Dick’s Sporting Goods Park');
    await under.standIn.faults([{ kind: 'files.create.resumable', status: 400, message: 'Invalid field selection', times: 1 }]);
    const bytes = new Uint8Array(randomBytes(10 * 1024));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const documentId = await under.upload(venueId, 'map.pdf', bytes, 'safety');
    await eventually(async () => {
      const [state] = (await under.driveAs('admin').getDocumentSync({ documentIds: [documentId] })).documents;
      expect(state).toMatchObject({ status: 'failed', retryCount: 1 });
      expect(state!.error).toContain('Invalid field selection');
    }, 20_000);
    // Drive's message is for admins; others see the state and the retries.
    const [seen] = (await under.driveAs('viewer').getDocumentSync({ documentIds: [documentId] })).documents;
    expect(seen).toMatchObject({ status: 'failed', retryCount: 1, error: '' });
  });

  it('tells every replica of a copy another one made (each publishes its copies, all apply them)', async () => {
    const replica = await start(under.config, { logger: createLogger('drive-replica', { level: 'warn' }) });
    try {
      const asViewer = (port: number) =>
        createClient(DriveService, `127.0.0.1:${port}`, { deadlineMs: 10_000, metadata: userContextSigner(under.user('viewer'), under.userContextKey) });
      const [first, second] = [asViewer(under.drive!.port), asViewer(replica.port)];
      const venueId = await under.createVenue('Bellco Theatre');
      const bytes = new Uint8Array(randomBytes(32 * 1024));
      bytes.set(Buffer.from('%PDF-1.7\n'), 0);
      const ids = await Promise.all([0, 1, 2, 3].map((n) => under.upload(venueId, `cue-sheet-${n}.pdf`, bytes)));
      await eventually(async () => {
        for (const client of [first, second]) {
          const states = (await client.getDocumentSync({ documentIds: ids })).documents;
          expect(states.map((state) => state.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
        }
      }, 30_000);
      first.close();
      second.close();
    } finally {
      await replica.stop();
    }
  });

  it('queues every upload: the queue lists newest first with the venue, the retries and the counts over the whole scope; admins only', async () => {
    const venueId = await under.createVenue('Mission Ballroom');
    const other = await under.createVenue('Ogden Theatre');
    const pdf = (n: number) => {
      const bytes = new Uint8Array(randomBytes(8 * 1024 + n));
      bytes.set(Buffer.from('%PDF-1.7\n'), 0);
      return bytes;
    };
    const first = await under.upload(venueId, 'advance-sheet.pdf', pdf(1), 'contracts');
    const second = await under.upload(venueId, 'power-plan.pdf', pdf(2), 'technical');
    const elsewhere = await under.upload(other, 'parking.pdf', pdf(3), 'safety');
    for (const id of [first, second, elsewhere]) await synced(id);
    const admin = under.driveAs('admin');
    const queue = await admin.listSyncQueue({ venueId, limit: 0 });
    expect(queue.items.map((item) => [item.documentId, item.fileName, item.venueName, item.status])).toEqual([
      [second, 'power-plan.pdf', 'Mission Ballroom', 'completed'],
      [first, 'advance-sheet.pdf', 'Mission Ballroom', 'completed'],
    ]);
    expect(queue.items[0]).toMatchObject({ id: second, venueId, retryCount: 0, maxRetries: 8, errorMessage: '' });
    expect(queue.items[0]!.googleDriveUrl).toBe((await fileOf(second))!.webViewLink);
    expect(Date.parse(queue.items[0]!.syncedAt)).toBeGreaterThanOrEqual(Date.parse(queue.items[0]!.createdAt));
    expect(queue.counts).toMatchObject({ pending: 0, syncing: 0, completed: 2, failed: 0 });
    expect(queue.total).toBe(2);
    // One item listed, counted over both.
    const one = await admin.listSyncQueue({ venueId, limit: 1 });
    expect([one.items.map((item) => item.documentId), one.counts?.completed, one.total]).toEqual([[second], 2, 2]);
    // Every venue: the other venue's too.
    const all = await admin.listSyncQueue({ venueId: '', limit: 100 });
    expect(all.items.map((item) => item.documentId)).toEqual(expect.arrayContaining([first, second, elsewhere]));
    expect(all.total).toBeGreaterThanOrEqual(3);
    for (const call of [
      under.driveAs('editor').listSyncQueue({ venueId, limit: 0 }),
      under.driveAs('editor').triggerSync({}),
      under.driveAs('viewer').resetSyncQueue({ venueId }),
    ]) {
      expect(await rejection(call)).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    }
    expect(await rejection(admin.listSyncQueue({ venueId, limit: 101 }))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    // Media's list of every document is the worker's alone, whatever the role.
    const listAll = async () => {
      for await (const page of under.mediaAs('owner').listDocumentIndex({ venueId: '' })) expect(page).toBeUndefined();
    };
    expect(await rejection(listAll())).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
  });

  it('Clear & Reset of a venue removes its items and resets its documents; Trigger Sync queues them again, and their files are found in Drive, not duplicated', async () => {
    const venueId = await under.createVenue('Gothic Theatre');
    const keep = await under.createVenue('Bluebird Theater');
    const bytes = new Uint8Array(randomBytes(24 * 1024));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const ids = [await under.upload(venueId, 'rigging.pdf', bytes, 'technical'), await under.upload(venueId, 'menu.pdf', bytes, 'financials')];
    const kept = await under.upload(keep, 'load-in.pdf', bytes);
    const files = await Promise.all([...ids, kept].map(synced));
    const admin = under.driveAs('admin');

    expect(await admin.resetSyncQueue({ venueId })).toMatchObject({ removedQueue: 2, resetDocs: 2 });
    expect((await admin.listSyncQueue({ venueId, limit: 0 })).items).toEqual([]);
    expect((await under.driveAs('viewer').getDocumentSync({ documentIds: ids })).documents.map((state) => state.status)).toEqual(['pending', 'pending']);
    // The other venue is untouched.
    expect((await admin.listSyncQueue({ venueId: keep, limit: 0 })).items.map((item) => [item.documentId, item.status])).toEqual([[kept, 'completed']]);
    // Nothing reset is synced again until Trigger Sync: the sweep syncs the queue, and they left it.
    await under.drive!.worker!.sweep();
    expect((await admin.listSyncQueue({ venueId, limit: 0 })).items).toEqual([]);

    const triggered = await admin.triggerSync({});
    expect(triggered.bootstrapped).toBe(2);
    expect(triggered.processed).toBeGreaterThanOrEqual(2);
    await eventually(async () => {
      const queue = await admin.listSyncQueue({ venueId, limit: 0 });
      expect(queue.items.map((item) => item.status)).toEqual(['completed', 'completed']);
      expect(queue.items.map((item) => item.documentId).sort()).toEqual([...ids].sort());
    }, 30_000);
    for (const [n, id] of ids.entries()) {
      const copies = (await under.standIn.files()).filter((file) => file.appProperties?.venuebookDocumentId === id);
      expect(copies.map((file) => file.id)).toEqual([files[n]!.id]);
    }
    // A second trigger finds nothing new to queue.
    expect((await admin.triggerSync({})).bootstrapped).toBe(0);

    // Clear & Reset and Trigger Sync again at once (an admin's second try): the documents are woken anew, not taken for
    // a repeat of the wake-ups before the reset, and found in Drive again.
    expect(await admin.resetSyncQueue({ venueId })).toMatchObject({ removedQueue: 2, resetDocs: 2 });
    expect(await admin.triggerSync({})).toMatchObject({ bootstrapped: 2 });
    await eventually(async () => {
      expect((await admin.listSyncQueue({ venueId, limit: 0 })).items.map((item) => item.status)).toEqual(['completed', 'completed']);
    }, 15_000);
    for (const [n, id] of ids.entries()) {
      const copies = (await under.standIn.files()).filter((file) => file.appProperties?.venuebookDocumentId === id);
      expect(copies.map((file) => file.id)).toEqual([files[n]!.id]);
    }
  });

  it("leaves a deleted (not purged) venue's files in Drive through Clear & Reset and Trigger Sync; an empty reset names nothing", async () => {
    const venueId = await under.createVenue('Fillmore Auditorium');
    const bytes = new Uint8Array(randomBytes(12 * 1024));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const documentId = await under.upload(venueId, 'house-rules.pdf', bytes, 'safety');
    const file = await synced(documentId);
    await under.deleteVenue(venueId);
    const admin = under.driveAs('admin');
    expect(await rejection(admin.resetSyncQueue({ venueId: '' }))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(await admin.resetSyncQueue({ venueId })).toMatchObject({ removedQueue: 1, resetDocs: 1 });
    expect((await admin.triggerSync({})).bootstrapped).toBeGreaterThanOrEqual(1);
    // The job has run (the item is queued again and its job found the venue deleted): the file is where it was.
    await eventually(async () => expect((await admin.listSyncQueue({ venueId, limit: 0 })).items.map((item) => item.documentId)).toEqual([documentId]), 10_000);
    await under.drive!.worker!.sweep();
    await sleep(1500);
    expect(await fileOf(documentId)).toMatchObject({ id: file.id, trashed: false });
  });

  it("imports the files put in a venue's Drive folders once, with their folder's category, and refuses a forbidden type with its reason", async () => {
    const venueId = await under.createVenue('Cervantes Masterpiece Ballroom');
    const seed = new Uint8Array(randomBytes(8 * 1024));
    seed.set(Buffer.from('%PDF-1.7\n'), 0);
    await synced(await under.upload(venueId, 'seed.pdf', seed, 'contracts'));
    const folders = (await under.standIn.files()).filter((file) => file.appProperties?.venuebookVenueId === venueId && !file.trashed);
    const venueFolder = folders.find((folder) => folder.appProperties?.venuebookKind === 'venue-folder')!;
    const contracts = folders.find((folder) => folder.appProperties?.venuebookKind === 'category-folder')!;
    const put = (name: string, bytes: Uint8Array, mimeType: string, parentId: string) => under.dropFile(parentId, name, bytes, mimeType);
    const schedule = new Uint8Array(randomBytes(300 * 1024));
    schedule.set(Buffer.from('%PDF-1.7\n'), 0);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const dropped = {
      schedule: await put('load-in-schedule.pdf', schedule, 'application/pdf', contracts.id),
      photo: await put('stage.png', png, 'image/png', venueFolder.id),
      refused: await put('setup.exe', new Uint8Array(randomBytes(2048)), 'application/octet-stream', venueFolder.id),
      // A reason longer than Drive allows on a file (its extension in two-byte letters): cut, still marked.
      longReason: await put(`plan.${'Ä'.repeat(40)}`, new Uint8Array(randomBytes(512)), 'application/octet-stream', venueFolder.id),
    };

    // As if the files had been put there before Drive's changes feed was first read: the button's listing finds them.
    await under.db.collection('gdrive_state').updateOne({ _id: 'changes' as never }, { $set: { pageToken: await under.driveApi.startPageToken() } });
    expect(await rejection(under.driveAs('viewer').syncVenueDocuments({ venueId }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await under.driveAs('editor').syncVenueDocuments({ venueId })).toMatchObject({ syncedCount: 2, refusedCount: 2, failedCount: 0 });
    // Run again: nothing new, and the refused files are not tried again.
    expect(await under.driveAs('editor').syncVenueDocuments({ venueId })).toMatchObject({ syncedCount: 0, refusedCount: 0, failedCount: 0 });

    const { documents } = await under.mediaAs('viewer').listDocuments({ venueId, kind: 1, eventId: '' });
    const byName = new Map(documents.map((document) => [document.fileName, document]));
    expect([...byName.keys()].sort()).toEqual(['load-in-schedule.pdf', 'seed.pdf', 'stage.png']);
    expect(byName.get('load-in-schedule.pdf')).toMatchObject({ category: 'contracts', fileSize: schedule.length, uploadedBy: 'worker:drive' });
    expect(byName.get('stage.png')).toMatchObject({ category: 'general', hasPreviews: true });
    const content: Uint8Array[] = [];
    for await (const part of under
      .mediaAs('viewer')
      .readContent({ id: byName.get('load-in-schedule.pdf')!.id, variant: 1, hasRange: false, rangeStart: 0, rangeEnd: 0, galleryKey: '' }))
      if (part.part.case === 'chunk') content.push(part.part.value);
    expect(sha256(Buffer.concat(content))).toBe(sha256(schedule));

    // Each imported file is its document's copy: synced without a second upload.
    for (const [name, file] of [
      ['load-in-schedule.pdf', dropped.schedule],
      ['stage.png', dropped.photo],
    ] as const) {
      const documentId = byName.get(name)!.id;
      await eventually(async () => {
        const [state] = (await under.driveAs('viewer').getDocumentSync({ documentIds: [documentId] })).documents;
        expect(state).toMatchObject({ status: 'completed', googleDriveFileId: file.id });
      }, 20_000);
      expect((await under.standIn.files()).filter((each) => each.appProperties?.venuebookDocumentId === documentId).map((each) => each.id)).toEqual([file.id]);
    }
    // Only the worker's imports name their document's id.
    async function* named() {
      yield {
        part: {
          case: 'header' as const,
          value: {
            venueId,
            fileName: 'named.pdf',
            fileSize: seed.length,
            declaredType: '',
            category: 'general',
            description: '',
            eventId: '',
            dataCardIdForTag: '',
            lastModifiedMs: 0,
            documentId: byName.get('seed.pdf')!.id,
          },
        },
      };
      yield { part: { case: 'chunk' as const, value: seed } };
    }
    expect(await rejection(under.mediaAs('editor').uploadDocument(named()))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    const refused = (await under.standIn.files()).find((file) => file.id === dropped.refused.id);
    expect(refused?.appProperties?.venuebookImportRefused).toMatch(/exe/i);
    const longReason = (await under.standIn.files()).find((file) => file.id === dropped.longReason.id);
    expect(Buffer.byteLength(`venuebookImportRefused${longReason?.appProperties?.venuebookImportRefused ?? ''}`)).toBeLessThanOrEqual(124);
    expect(longReason?.appProperties?.venuebookImportRefused).toMatch(/^File type not allowed \(\.ä+/);
  });

  it("imports a file put in a venue's category folder through Drive's changes feed alone, once, with the folder's category; a forbidden type is refused and audited; a file elsewhere is left alone; the button reads the feed first", async () => {
    const changes = under.drive!.changes!;
    const venueId = await under.createVenue('Globe Hall');
    const seed = new Uint8Array(randomBytes(8 * 1024));
    seed.set(Buffer.from('%PDF-1.7\n'), 0);
    await synced(await under.upload(venueId, 'seed.pdf', seed, 'technical'));
    // What the feed holds until now (the seed's copy, the folders) is read: nothing of it is imported.
    expect((await changes.poll()).outcomes.get(venueId)).toBeUndefined();
    const folders = await under.venueFolders(venueId);
    const cursor = async () =>
      (await under.db.collection<{ _id: string; pageToken: string; heldSince: Date | null }>('gdrive_state').findOne({ _id: 'changes' }))!;
    const before = await cursor();
    expect(before).toMatchObject({ heldSince: null });

    const plan = new Uint8Array(randomBytes(200 * 1024));
    plan.set(Buffer.from('%PDF-1.7\n'), 0);
    const since = new Date();
    const dropped = await under.dropFile(folders.categories.get('technical')!, 'truss-plan.pdf', plan, 'application/pdf');
    const refused = await under.dropFile(folders.venue, 'installer.exe', new Uint8Array(randomBytes(4096)));
    // In the root, in no venue's folder: not the app's to import.
    const stray = await under.dropFile(under.rootFolderId, 'stray.pdf', plan, 'application/pdf');
    // The plan's download fails once (Drive's 503): the feed stays at the page and reads it again.
    await under.standIn.faults([{ kind: 'files.get.media', path: `/drive/v3/files/${dropped.id}`, status: 503, times: 1 }]);

    const first = await changes.poll();
    expect(first.ran).toBe(true);
    expect([...first.outcomes.keys()]).toEqual([venueId]);
    expect(Object.fromEntries(first.outcomes.get(venueId)!)).toEqual({ [dropped.id]: 'failed', [refused.id]: 'refused' });
    const held = await cursor();
    expect(held.pageToken).toBe(before.pageToken);
    expect(held.heldSince).toBeInstanceOf(Date);

    const second = await changes.poll();
    expect(Object.fromEntries(second.outcomes.get(venueId)!)).toEqual({ [dropped.id]: 'imported' });
    const after = await cursor();
    expect(after.pageToken).not.toBe(before.pageToken);
    expect(after.heldSince).toBeNull();
    // Read again: nothing new. From the page token before it all (a process killed before it saved the token): the
    // same changes again, and still nothing imported twice.
    expect((await changes.poll()).outcomes.size).toBe(0);
    await under.db.collection('gdrive_state').updateOne({ _id: 'changes' as never }, { $set: { pageToken: before.pageToken } });
    expect((await changes.poll()).outcomes.size).toBe(0);

    const { documents } = await under.mediaAs('viewer').listDocuments({ venueId, kind: 1, eventId: '' });
    expect(documents.map((document) => document.fileName).sort()).toEqual(['seed.pdf', 'truss-plan.pdf']);
    const imported = documents.find((document) => document.fileName === 'truss-plan.pdf')!;
    expect(imported).toMatchObject({ id: importDocumentId(dropped.id), category: 'technical', fileSize: plan.length, uploadedBy: 'worker:drive' });
    const content: Uint8Array[] = [];
    for await (const part of under.mediaAs('viewer').readContent({ id: imported.id, variant: 1, hasRange: false, rangeStart: 0, rangeEnd: 0, galleryKey: '' }))
      if (part.part.case === 'chunk') content.push(part.part.value);
    expect(sha256(Buffer.concat(content))).toBe(sha256(plan));
    // The dropped file is its document's copy: no second upload.
    await eventually(async () => {
      const [state] = (await under.driveAs('viewer').getDocumentSync({ documentIds: [imported.id] })).documents;
      expect(state).toMatchObject({ status: 'completed', googleDriveFileId: dropped.id });
    }, 20_000);
    expect((await under.standIn.files()).filter((file) => file.appProperties?.venuebookDocumentId === imported.id).map((file) => file.id)).toEqual([
      dropped.id,
    ]);
    const files = new Map((await under.standIn.files()).map((file) => [file.id, file]));
    expect(files.get(refused.id)?.appProperties?.venuebookImportRefused).toMatch(/exe/i);
    expect(files.get(stray.id)?.appProperties ?? {}).toEqual({});

    // Audited as the Drive worker, from the changes feed: each read's counts, and the refused file with its reason.
    await eventually(async () => {
      const audits = (await eventsSince(under.nc, SUBJECTS.auditRecorded, since)).filter(
        (event) => event.envelope.data.action.startsWith('gdrive_import') && event.envelope.data.newValues?.venueId === venueId,
      );
      expect(audits.map((event) => [event.envelope.data.action, event.envelope.actor?.userId, event.envelope.data.newValues])).toEqual([
        [
          'gdrive_import_refused',
          'worker:drive',
          expect.objectContaining({ driveFileId: refused.id, fileName: 'installer.exe', owner: DROPPED_BY, source: 'changes' }),
        ],
        ['gdrive_import', 'worker:drive', { venueId, syncedCount: 0, refusedCount: 1, failedCount: 1, source: 'changes' }],
        // The document's own entry names who put the file in Drive.
        [
          'gdrive_import_file',
          'worker:drive',
          { venueId, fileName: 'truss-plan.pdf', driveFileId: dropped.id, owner: DROPPED_BY, lastModifiedBy: DROPPED_BY, source: 'changes' },
        ],
        ['gdrive_import', 'worker:drive', { venueId, syncedCount: 1, refusedCount: 0, failedCount: 0, source: 'changes' }],
      ]);
    }, 10_000);

    // A file put there by someone outside the company: the feed leaves it (recorded with its owner) for a person's click.
    const outsider = 'guest@elsewhere.example.org';
    const sketch = await under.dropFile(folders.categories.get('technical')!, 'sketch.pdf', plan, 'application/pdf', outsider);
    expect((await changes.poll()).outcomes.size).toBe(0);
    await eventually(async () => {
      const audits = (await eventsSince(under.nc, SUBJECTS.auditRecorded, since)).filter((event) => event.envelope.data.action === 'gdrive_import_held');
      expect(audits.map((event) => event.envelope.data.newValues)).toEqual([
        { venueId, fileName: 'sketch.pdf', driveFileId: sketch.id, owner: outsider, lastModifiedBy: outsider, source: 'changes' },
      ]);
    }, 10_000);

    // The button reads the feed first: a file put in the venue's folder now is imported by the feed, and counted in
    // the button's answer; its listing then imports the file the feed left (the click is a person's decision).
    const later = new Date();
    const rider = await under.dropFile(folders.venue, 'rider.pdf', seed, 'application/pdf');
    expect(await under.driveAs('editor').syncVenueDocuments({ venueId })).toMatchObject({ syncedCount: 2, refusedCount: 0, failedCount: 0 });
    expect((await under.mediaAs('viewer').getDocument({ id: importDocumentId(sketch.id) })).document).toMatchObject({ category: 'technical' });
    expect((await under.mediaAs('viewer').getDocument({ id: importDocumentId(rider.id) })).document).toMatchObject({
      fileName: 'rider.pdf',
      category: 'general',
    });
    await eventually(async () => {
      const audits = (await eventsSince(under.nc, SUBJECTS.auditRecorded, later)).filter((event) => event.envelope.data.action === 'gdrive_import');
      expect(audits.map((event) => [event.envelope.actor?.userId, event.envelope.data.newValues])).toEqual([
        // The editor whose click read the feed is named (their user id; the request id is the worker's own).
        [
          'worker:drive',
          { venueId, syncedCount: 1, refusedCount: 0, failedCount: 0, source: 'changes', triggeredBy: expect.stringMatching(/^[0-9a-f-]{36}$/) },
        ],
        [expect.stringMatching(/^[0-9a-f-]{36}$/), { venueId, syncedCount: 1, refusedCount: 0, failedCount: 0, source: 'button' }],
      ]);
    }, 10_000);
  });

  it('reads at most the items asked of a folder, page by page (a folder anyone can fill is never read without end)', async () => {
    const folder = await under.driveApi.createFolder(`listing-${randomBytes(3).toString('hex')}`, under.rootFolderId, {});
    for (let index = 0; index < 5; index += 1) await under.dropFile(folder.id, `note-${index}.txt`, new Uint8Array(Buffer.from(`note ${index}`)), 'text/plain');
    expect(await under.driveApi.children(folder.id, 3)).toHaveLength(3);
    expect(await under.driveApi.children(folder.id)).toHaveLength(5);
  });

  it('without Drive configured, queues uploads and keeps them pending; once Drive is configured, they sync', async () => {
    const suffix = randomBytes(4).toString('hex');
    const config = {
      ...under.config,
      MONGODB_DB: `${under.config.MONGODB_DB}_late_${suffix}`,
      DRIVE_JOBS_CONSUMER_NAME: `drive-jobs-late-${suffix}`,
      DRIVE_DOCUMENTS_CONSUMER_NAME: `drive-documents-late-${suffix}`,
      DRIVE_VENUES_CONSUMER_NAME: `drive-venues-late-${suffix}`,
    };
    const bare = await start(
      { ...config, GOOGLE_DRIVE_CREDENTIALS: undefined, GOOGLE_DRIVE_ROOT_FOLDER_ID: undefined },
      { logger: createLogger('drive-bare', { level: 'warn' }) },
    );
    let later: Awaited<ReturnType<typeof start>> | undefined;
    const as = (port: number) =>
      createClient(DriveService, `127.0.0.1:${port}`, { deadlineMs: 20_000, metadata: userContextSigner(under.user('admin'), under.userContextKey) });
    try {
      const client = as(bare.port);
      expect(await client.getDriveStatus({})).toMatchObject({ configured: false, rootFolderId: '' });
      const venueId = await under.createVenue('Summit Music Hall');
      const bytes = new Uint8Array(randomBytes(20 * 1024));
      bytes.set(Buffer.from('%PDF-1.7\n'), 0);
      const documentId = await under.upload(venueId, 'hospitality.pdf', bytes, 'marketing');
      await eventually(
        async () =>
          expect((await client.listSyncQueue({ venueId, limit: 0 })).items.map((item) => [item.documentId, item.status])).toEqual([[documentId, 'pending']]),
        20_000,
      );
      // Trigger Sync queues, hands nothing to a worker there is not.
      expect((await client.triggerSync({})).processed).toBe(0);
      client.close();
      await bare.stop();

      later = await start(config, { logger: createLogger('drive-later', { level: 'warn' }) });
      const configured = as(later.port);
      await eventually(
        async () => expect((await configured.listSyncQueue({ venueId, limit: 0 })).items.map((item) => item.status)).toEqual(['completed']),
        30_000,
      );
      expect((await fileOf(documentId))?.sha256Checksum).toBe(sha256(bytes));
      configured.close();
    } finally {
      await bare.stop();
      await later?.stop();
      await under.db.useDb(config.MONGODB_DB).dropDatabase();
    }
  }, 90_000);

  it('tells admins whether Drive is configured; document states to anyone signed in; nothing to callers without a user', async () => {
    expect(await under.driveAs('admin').getDriveStatus({})).toMatchObject({ configured: true, rootFolderId: under.rootFolderId });
    expect(await rejection(under.driveAs('editor').getDriveStatus({}))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await rejection(under.driveAs('').getDocumentSync({ documentIds: [] }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    const tooMany = Array.from({ length: 1001 }, (_, n) => `doc-${n}`);
    expect(await rejection(under.driveAs('viewer').getDocumentSync({ documentIds: tooMany }))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });
});
