// The local Google Drive as a process, spoken to as the Drive-sync worker will: the real client library
// (@googleapis/drive) with google-auth-library's service-account client, and the resumable upload of the kit's
// stand-in module over that client's request(). Only the control API is called by hand.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { drive as driveClient } from '@googleapis/drive';
import type { drive_v3 } from '@googleapis/drive';
import { DRIVE_FOLDER_MIME_TYPE, googleDriveStandIn, resumableUpload, tokenUrlInterceptor } from '@venuebook/service-kit/stand-ins';
import type { ServiceAccountKeyFile } from '@venuebook/service-kit/stand-ins';
import { sharedStandIns } from '@venuebook/service-kit/testing';
import { JWT, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleDrive } from './processes.ts';
import type { RunningGoogleDrive } from './processes.ts';

const SCOPES = ['https://www.googleapis.com/auth/drive'];
const MiB = 1024 * 1024;

let workDir: string;
let running: RunningGoogleDrive;
let control: ReturnType<typeof googleDriveStandIn>;
let auth: JWT;
let drive: drive_v3.Drive;
/** Per-call options of uploads: the library builds upload URLs from a per-call rootUrl only (not the client's). */
let upload: { rootUrl: string };

/** google-auth-library's service-account client from the key file, its token requests sent to the key's token_uri. */
function serviceAccount(key: ServiceAccountKeyFile): JWT {
  const client = new JWT({ scopes: SCOPES });
  client.fromJSON(key);
  client.transporter.interceptors.request.add(tokenUrlInterceptor(key.token_uri));
  return client;
}

async function start(port?: number): Promise<void> {
  running = await startGoogleDrive(join(workDir, 'logs'), { dataDir: join(workDir, 'drive'), port });
  control = googleDriveStandIn(running.url);
  upload = { rootUrl: running.rootUrl };
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
/** `bytes` as a Readable of 64 KiB pieces (what a worker streams from storage). */
const streamOf = (bytes: Buffer): Readable =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    })(),
  );
async function download(fileId: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: Buffer }> {
  const response = await drive.files.get({ fileId, alt: 'media', supportsAllDrives: true }, { responseType: 'stream', headers });
  const chunks: Buffer[] = [];
  for await (const chunk of response.data as unknown as Readable) chunks.push(chunk as Buffer);
  return { status: response.status, bytes: Buffer.concat(chunks) };
}
/** The rejection of `promise` as gaxios gives it (status, headers, Google's error body). */
async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; headers: Headers; data: { error: { code: number; errors: { reason: string }[] } } }> {
  const error = (await promise.then(
    () => undefined,
    (rejected: unknown) => rejected,
  )) as { response?: { status: number; headers: Headers; data: never } } | undefined;
  if (!error?.response) throw new Error(`expected an error answer, got ${String(error)}`);
  return error.response;
}
async function names(q: string): Promise<string[]> {
  const { data } = await drive.files.list({
    q,
    fields: 'files(name)',
    supportsAllDrives: true,
    includeItemsFromAllDrives: true,
    corpora: 'user',
    spaces: 'drive',
  });
  return (data.files ?? []).map((file) => file.name ?? '').sort();
}
async function folder(name: string, parent: string): Promise<string> {
  const { data } = await drive.files.create({
    requestBody: { name, mimeType: DRIVE_FOLDER_MIME_TYPE, parents: [parent] },
    fields: 'id',
    supportsAllDrives: true,
  });
  return data.id!;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'venuebook-drive-test-'));
  await start();
  auth = serviceAccount(running.credentials);
  drive = driveClient({ version: 'v3', auth, rootUrl: running.rootUrl });
}, 30_000);

afterAll(async () => {
  await running?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

describe('the local Google Drive', () => {
  it('hands out access tokens for its service account only; Drive refuses a request without a valid one (401)', async () => {
    const { token } = await auth.getAccessToken();
    expect(token).toMatch(/^ya29\./);
    expect(running.credentials).toMatchObject({ type: 'service_account', token_uri: `${running.url}/token`, project_id: 'venuebook-local' });
    expect((await control.requests()).counts['oauth.token']).toBe(1);

    const anonymous = driveClient({ version: 'v3', rootUrl: running.rootUrl });
    const missing = await failure(anonymous.files.list({}, { retry: false }));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect(missing.data).toMatchObject({ error: { code: 401, errors: [{ reason: 'required', message: 'Login Required.' }], status: 'UNAUTHENTICATED' } });

    const forged = new OAuth2Client();
    forged.setCredentials({ access_token: `ya29.${Buffer.from('{"e":"x","s":"drive","x":9999999999}').toString('base64url')}.forged` });
    const invalid = await failure(driveClient({ version: 'v3', auth: forged, rootUrl: running.rootUrl }).files.list({}, { retry: false }));
    expect(invalid.status).toBe(401);
    expect(invalid.data.error.errors[0]!.reason).toBe('authError');

    // A self-signed JWT as the bearer (the library's JWTAccess, useJWTAccessWithScope): no token endpoint.
    const selfSigned = new JWT({ scopes: SCOPES });
    selfSigned.fromJSON(running.credentials);
    selfSigned.useJWTAccessWithScope = true;
    const root = await driveClient({ version: 'v3', auth: selfSigned, rootUrl: running.rootUrl }).files.get({ fileId: running.rootFolderId, fields: 'name' });
    expect(root.data).toEqual({ name: 'Venue Book' });
    expect((await control.requests()).counts['oauth.token']).toBe(1);

    // The same account with another key: the stand-in checks the assertion's signature.
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const impostor = serviceAccount({ ...running.credentials, private_key: otherKey });
    await expect(impostor.getAccessToken()).rejects.toThrow('invalid_grant: Invalid JWT Signature.');
  });

  it('creates folders and files (metadata, multipart, media) and lists them by each form of q, page by page', async () => {
    const venues = await folder('Venues', running.rootFolderId);
    const hall = await folder('Hall A', venues);
    const plan = await drive.files.create(
      {
        requestBody: { name: 'plan.pdf', parents: [hall], appProperties: { venueId: 'v-1', kind: 'plan' } },
        media: { mimeType: 'application/pdf', body: streamOf(Buffer.from('%PDF-1.7 plan')) },
        fields: 'id,name,mimeType,parents,appProperties,size,md5Checksum,sha256Checksum,webViewLink,trashed,createdTime,modifiedTime',
        supportsAllDrives: true,
      },
      upload,
    );
    expect(plan.data).toMatchObject({
      name: 'plan.pdf',
      mimeType: 'application/pdf',
      parents: [hall],
      appProperties: { venueId: 'v-1', kind: 'plan' },
      size: '13',
      sha256Checksum: sha256(Buffer.from('%PDF-1.7 plan')),
      md5Checksum: createHash('md5').update('%PDF-1.7 plan').digest('hex'),
      trashed: false,
    });
    expect(plan.data.webViewLink).toBe(`${running.url}/file/d/${plan.data.id}/view?usp=drivesdk`);
    // Media only: an untitled file in My Drive, named and moved afterwards.
    const notes = await drive.files.create({ media: { mimeType: 'text/plain', body: "O'Brien's notes" }, fields: 'id,name,parents' }, upload);
    expect(notes.data.name).toBe('Untitled');
    await drive.files.update({
      fileId: notes.data.id!,
      addParents: hall,
      removeParents: notes.data.parents!.join(','),
      requestBody: { name: "O'Brien's notes.txt" },
    });
    await drive.files.create({ requestBody: { name: 'rider.pdf', parents: [hall], appProperties: { venueId: 'v-2' } }, media: { body: 'rider' } }, upload);

    expect(await names("name = 'O\\'Brien\\'s notes.txt'")).toEqual(["O'Brien's notes.txt"]);
    expect(await names(`'${hall}' in parents`)).toEqual(["O'Brien's notes.txt", 'plan.pdf', 'rider.pdf']);
    expect(await names("appProperties has { key='venueId' and value='v-1' }")).toEqual(['plan.pdf']);
    expect(await names(`mimeType = '${DRIVE_FOLDER_MIME_TYPE}' and '${venues}' in parents`)).toEqual(['Hall A']);
    expect(await names(`mimeType != '${DRIVE_FOLDER_MIME_TYPE}' and '${hall}' in parents and trashed = false and name contains 'pdf'`)).toEqual([
      'plan.pdf',
      'rider.pdf',
    ]);
    const badQuery = await failure(drive.files.list({ q: "name = 'unclosed" }));
    expect(badQuery.data).toMatchObject({ error: { code: 400, message: 'Invalid Value', errors: [{ reason: 'invalid', location: 'q' }] } });

    // Pages: nextPageToken comes only when the fields ask for it, as Google's.
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await drive.files.list({ q: `'${hall}' in parents`, pageSize: 2, pageToken, fields: 'nextPageToken,files(id,name)' });
      seen.push(...(data.files ?? []).map((file) => file.name!));
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    expect(seen.sort()).toEqual(["O'Brien's notes.txt", 'plan.pdf', 'rider.pdf']);
    const firstPageOnly = await drive.files.list({ q: `'${hall}' in parents`, pageSize: 2, fields: 'files(id)' });
    expect(firstPageOnly.data).toEqual({ files: [expect.any(Object), expect.any(Object)] });
    expect((await failure(drive.files.list({ fields: 'files(id,sizee)' }))).data.error.errors[0]!.reason).toBe('invalidParameter');
    expect(
      (await failure(drive.files.list({ driveId: 'no-such-drive', corpora: 'drive', includeItemsFromAllDrives: true, supportsAllDrives: true }))).status,
    ).toBe(404);
  });

  it('gives a multi-megabyte file back byte for byte (alt=media, and a Range of it)', async () => {
    const bytes = randomBytes(3 * MiB + 123);
    const created = await drive.files.create(
      {
        requestBody: { name: 'stage.mov', parents: [running.rootFolderId] },
        media: { mimeType: 'video/quicktime', body: streamOf(bytes) },
        fields: 'id,size,sha256Checksum',
      },
      upload,
    );
    expect(created.data).toMatchObject({ size: String(bytes.length), sha256Checksum: sha256(bytes) });
    const whole = await download(created.data.id!);
    expect(whole.status).toBe(200);
    expect(sha256(whole.bytes)).toBe(sha256(bytes));
    const part = await download(created.data.id!, { Range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('renames and moves with update, trashes and deletes, and reports each change in the feed', async () => {
    const { data: start } = await drive.changes.getStartPageToken({ supportsAllDrives: true });
    const from = await folder('Inbox', running.rootFolderId);
    const to = await folder('Archive', running.rootFolderId);
    const { data: file } = await drive.files.create(
      { requestBody: { name: 'draft.txt', parents: [from], appProperties: { venueId: 'v-9', stale: 'yes' } }, media: { body: 'draft' }, fields: 'id' },
      upload,
    );
    const moved = await drive.files.update({
      fileId: file.id!,
      addParents: to,
      removeParents: from,
      // null removes a property (Drive's way; the library's types have string values only).
      requestBody: { name: 'final.txt', appProperties: { stale: null, state: 'final' } as unknown as Record<string, string> },
      fields: 'id,name,parents,appProperties',
      supportsAllDrives: true,
    });
    expect(moved.data).toEqual({ id: file.id, name: 'final.txt', parents: [to], appProperties: { venueId: 'v-9', state: 'final' } });
    // One parent per file, as Drive has it now.
    const twoParents = await failure(drive.files.update({ fileId: file.id!, addParents: from }));
    expect([twoParents.status, twoParents.data.error.errors[0]!.reason]).toEqual([403, 'cannotAddParent']);
    // New content for the file, through files.update with media.
    const replaced = await drive.files.update(
      { fileId: file.id!, media: { mimeType: 'text/plain', body: 'final words' }, fields: 'size,sha256Checksum' },
      upload,
    );
    expect(replaced.data).toEqual({ size: '11', sha256Checksum: sha256(Buffer.from('final words')) });

    // Trashing a folder trashes what it holds; restoring it restores that.
    await drive.files.update({ fileId: to, requestBody: { trashed: true } });
    expect(await names(`'${to}' in parents and trashed = true`)).toEqual(['final.txt']);
    const page = await (await fetch(`${running.url}/`)).text();
    expect(page).toContain('<s>final.txt</s> <em class="trashed">(trashed)</em>');
    expect(page).toContain(sha256(Buffer.from('final words')));
    await drive.files.update({ fileId: to, requestBody: { trashed: false } });
    expect(await names(`'${to}' in parents and trashed = false`)).toEqual(['final.txt']);
    const gone = await folder('Gone', running.rootFolderId);
    await drive.files.delete({ fileId: file.id!, supportsAllDrives: true });
    await drive.files.delete({ fileId: gone });
    expect((await failure(drive.files.get({ fileId: file.id! }))).status).toBe(404);
    // The admin's folder is not the service account's to delete.
    expect((await failure(drive.files.delete({ fileId: running.rootFolderId }))).status).toBe(403);

    const changes: drive_v3.Schema$Change[] = [];
    let pageToken = start.startPageToken!;
    let newStartPageToken: string | undefined;
    while (!newStartPageToken) {
      const { data } = await drive.changes.list({
        pageToken,
        pageSize: 2,
        fields: 'nextPageToken,newStartPageToken,changes(fileId,removed,time,changeType,kind,file(name,trashed,parents))',
        includeRemoved: true,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
      });
      changes.push(...(data.changes ?? []));
      pageToken = data.nextPageToken ?? '';
      newStartPageToken = data.newStartPageToken ?? undefined;
    }
    // One entry per file changed, as it is now.
    const byFile = new Map(changes.map((change) => [change.fileId, change]));
    expect(changes).toHaveLength(byFile.size);
    expect(byFile.get(file.id!)).toMatchObject({ kind: 'drive#change', changeType: 'file', removed: true });
    expect(byFile.get(file.id!)?.file).toBeUndefined();
    expect(byFile.get(to)).toMatchObject({ removed: false, file: { name: 'Archive', trashed: false, parents: [running.rootFolderId] } });
    expect(byFile.get(gone)).toMatchObject({ removed: true });
    const withoutRemoved = await drive.changes.list({ pageToken: start.startPageToken!, includeRemoved: false, fields: 'changes(fileId)' });
    expect(withoutRemoved.data.changes?.map((change) => change.fileId)).toEqual([from, to]);
    const nothingNew = await drive.changes.list({ pageToken: newStartPageToken });
    expect(nothingNew.data.changes).toEqual([]);
  });

  it('takes a resumable upload of a multi-megabyte file streamed in chunks', async () => {
    const bytes = randomBytes(5 * MiB + 1000);
    const before = await control.requests();
    const result = await resumableUpload<drive_v3.Schema$File>({
      auth,
      rootUrl: running.rootUrl,
      metadata: { name: 'walkthrough.mp4', parents: [running.rootFolderId], appProperties: { venueId: 'v-3' } },
      body: streamOf(bytes),
      mimeType: 'video/mp4',
      chunkSize: 2 * MiB,
      params: { fields: 'id,name,size,sha256Checksum,mimeType', supportsAllDrives: 'true' },
    });
    expect(result.file).toMatchObject({ name: 'walkthrough.mp4', mimeType: 'video/mp4', size: String(bytes.length), sha256Checksum: sha256(bytes) });
    expect([result.chunks, result.statusQueries, result.bytesSent]).toEqual([3, 0, bytes.length]);
    const after = await control.requests();
    expect((after.counts['upload.chunk'] ?? 0) - (before.counts['upload.chunk'] ?? 0)).toBe(3);
    expect(sha256((await download(result.file.id!)).bytes)).toBe(sha256(bytes));
  });

  it('resumes an upload cut mid-chunk, or answered 503, from the Range the session reports, not from zero', async () => {
    const bytes = randomBytes(4 * MiB);
    const cut = 600_000;
    // The second chunk is cut after 600,000 bytes (the session keeps 524,288 of them: whole 256 KiB steps); the
    // fourth is answered 503.
    await control.faults([
      { kind: 'upload.chunk', after: 1, cutAfterBytes: cut },
      { kind: 'upload.chunk', after: 3, status: 503, retryAfter: 0 },
    ]);
    const result = await resumableUpload<drive_v3.Schema$File>({
      auth,
      rootUrl: running.rootUrl,
      metadata: { name: 'cut.bin', parents: [running.rootFolderId] },
      body: streamOf(bytes),
      size: bytes.length,
      chunkSize: MiB,
      params: { fields: 'id,size,sha256Checksum' },
    });
    expect(result.file).toMatchObject({ size: String(bytes.length), sha256Checksum: sha256(bytes) });
    expect(result.statusQueries).toBe(2);
    const session = (await control.uploads()).find((each) => each.doneFileId === result.file.id)!;
    // Every byte arrived once, but for the part of the cut chunk that the session did not keep; six chunk requests,
    // of which the session took five (the 503 was answered before it).
    const kept = Math.floor(cut / (256 * 1024)) * 256 * 1024;
    expect(session).toMatchObject({ state: 'done', committed: bytes.length, bytesReceived: bytes.length + (cut - kept), statusQueries: 2, chunks: 5 });
    expect(result.chunks).toBe(6);
    expect((await names("name = 'cut.bin'")).length).toBe(1);
    expect(await control.pendingFaults()).toEqual([expect.objectContaining({ remaining: 0 }), expect.objectContaining({ remaining: 0 })]);
  });

  it('answers 429 with Retry-After and 403 rate limits with Google’s bodies; the library retries a 503 by itself', async () => {
    await control.faults([
      { kind: 'files.list', status: 429, retryAfter: 7 },
      { kind: 'files.create', status: 403, reason: 'userRateLimitExceeded' },
      { kind: 'files.create', status: 403, after: 1 },
      { kind: 'files.get', status: 503 },
      { kind: 'drives.list', delayMs: 400 },
    ]);
    const tooMany = await failure(drive.files.list({ q: 'trashed = false' }, { retry: false }));
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('retry-after')).toBe('7');
    expect(tooMany.data).toEqual({
      error: {
        code: 429,
        message: 'Rate Limit Exceeded',
        errors: [{ message: 'Rate Limit Exceeded', domain: 'usageLimits', reason: 'rateLimitExceeded' }],
        status: 'RESOURCE_EXHAUSTED',
      },
    });
    const before = (await control.requests()).counts['files.create'] ?? 0;
    const userLimit = await failure(drive.files.create({ requestBody: { name: 'x' } }));
    expect(userLimit.data).toEqual({
      error: {
        code: 403,
        message: 'User Rate Limit Exceeded',
        errors: [{ message: 'User Rate Limit Exceeded', domain: 'usageLimits', reason: 'userRateLimitExceeded' }],
        status: 'PERMISSION_DENIED',
      },
    });
    const limit = await failure(drive.files.create({ requestBody: { name: 'x' } }));
    expect(limit.data.error.errors).toEqual([{ message: 'Rate Limit Exceeded', domain: 'usageLimits', reason: 'rateLimitExceeded' }]);
    // A POST answered 403 is not tried again by the library: the worker must.
    expect((await control.requests()).counts['files.create']! - before).toBe(2);

    const beforeGets = (await control.requests()).counts['files.get'] ?? 0;
    expect((await drive.files.get({ fileId: running.rootFolderId, fields: 'id' })).data.id).toBe(running.rootFolderId);
    expect((await control.requests()).counts['files.get']! - beforeGets).toBe(2);

    const started = Date.now();
    await drive.drives.list({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('keeps its Drive, root folder, credentials, tokens and upload sessions across a restart', async () => {
    const bytes = randomBytes(2 * MiB + 500);
    let sessionUri = '';
    // An upload interrupted on the worker's side after its first chunk (its source failed).
    const failing = async function* (): AsyncGenerator<Buffer> {
      yield bytes.subarray(0, MiB);
      yield bytes.subarray(MiB, MiB + 1000);
      throw new Error('source lost');
    };
    await expect(
      resumableUpload({
        auth,
        rootUrl: running.rootUrl,
        metadata: { name: 'restart.bin', parents: [running.rootFolderId] },
        body: failing(),
        size: bytes.length,
        chunkSize: MiB,
        params: { fields: 'id,sha256Checksum' },
        onSession: (uri) => void (sessionUri = uri),
      }),
    ).rejects.toThrow('source lost');
    const filesBefore = await control.files();
    const { startPageToken } = (await drive.changes.getStartPageToken()).data;
    const port = Number(new URL(running.url).port);
    const { rootFolderId, credentials } = running;

    await running.stop();
    await start(port);
    expect(running.rootFolderId).toBe(rootFolderId);
    expect(running.credentials.private_key_id).toBe(credentials.private_key_id);
    expect(await control.files()).toEqual(filesBefore);
    // The same client goes on: its access token is still good, its page token too.
    const stage = filesBefore.find((file) => file.name === 'stage.mov')!;
    expect(sha256((await download(stage.id)).bytes)).toBe(stage.sha256Checksum);
    expect((await control.requests()).counts['oauth.token']).toBeUndefined();
    await drive.files.create({ requestBody: { name: 'after-restart', parents: [rootFolderId] } });
    const { data: changes } = await drive.changes.list({ pageToken: startPageToken!, fields: 'changes(file(name))' });
    expect(changes.changes?.map((change) => change.file?.name)).toEqual(['after-restart']);

    // The session too: the upload goes on from what it kept before the restart.
    const resumed = await resumableUpload<drive_v3.Schema$File>({
      auth,
      rootUrl: running.rootUrl,
      sessionUri,
      body: streamOf(bytes),
      size: bytes.length,
      chunkSize: MiB,
    });
    expect(resumed.file.sha256Checksum).toBe(sha256(bytes));
    expect([resumed.statusQueries, resumed.bytesSent]).toEqual([1, bytes.length - MiB]);
  });

  it('is one of the integration run’s shared stand-ins, for the harnesses of services that sync to Drive', async () => {
    const { googleDrive } = await sharedStandIns();
    const shared = googleDriveStandIn(googleDrive.url);
    expect(await shared.rootFolderId()).toBe(googleDrive.rootFolderId);
    const key = JSON.parse(googleDrive.credentialsJson) as ServiceAccountKeyFile;
    const sharedDrive = driveClient({ version: 'v3', auth: serviceAccount(key), rootUrl: shared.rootUrl });
    expect((await sharedDrive.files.get({ fileId: googleDrive.rootFolderId, fields: 'id,mimeType' })).data).toEqual({
      id: googleDrive.rootFolderId,
      mimeType: DRIVE_FOLDER_MIME_TYPE,
    });
  });
});
