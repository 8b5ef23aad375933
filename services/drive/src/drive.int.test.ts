// Google Drive sync against real media and venues services, NATS, FerretDB, MinIO and the local Google Drive (through
// Google's own client library): a document lands in its venue's category folder with the same bytes, moves with its
// category, goes to the trash when deleted; a job run again makes no second file; Drive's rate limits and a cut
// mid-upload are survived; the API tells a document's state.
import { randomBytes } from 'node:crypto';
import { eventually, rejection } from '@venuebook/service-kit/testing';
import type { StandInDriveFile } from '@venuebook/service-kit/testing';
import { GrpcStatus } from '@venuebook/grpc';
import { describe, expect, it } from 'vitest';
import { DriveService } from '@venuebook/contracts/drive/v1';
import { createClient } from '@venuebook/grpc';
import { createLogger, userContextSigner } from '@venuebook/service-kit';
import { start } from './main.ts';
import { driveUnderTest, sha256 } from './testing/drive-under-test.ts';

const under = driveUnderTest('sync');

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
    const job = await under.db.collection<{ _id: string; attempts: number; status: string }>('drive_jobs').findOne({ _id: `doc:${documentId}` });
    expect(job, JSON.stringify(job)).toMatchObject({ attempts: 3, status: 'done' });
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
    const job = await under.db
      .collection<{ _id: string; lastError: string; attempts: number; status: string }>('drive_jobs')
      .findOne({ _id: `doc:${documentId}` });
    expect(job).toMatchObject({ attempts: 1, status: 'done', lastError: '' });
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

  it('tells admins whether Drive is configured; document states to anyone signed in; nothing to callers without a user', async () => {
    expect(await under.driveAs('admin').getDriveStatus({})).toMatchObject({ configured: true, rootFolderId: under.rootFolderId });
    expect(await rejection(under.driveAs('editor').getDriveStatus({}))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await rejection(under.driveAs('').getDocumentSync({ documentIds: [] }))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    const tooMany = Array.from({ length: 1001 }, (_, n) => `doc-${n}`);
    expect(await rejection(under.driveAs('viewer').getDocumentSync({ documentIds: tooMany }))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });
});
