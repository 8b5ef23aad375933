// Google Drive sync: the Drive service's worker (its own process, as `npm start` runs it) copying documents from the
// media service (which reads them from MinIO) into the local Google Drive, against Google's client library uploading
// the same bytes from memory straight into the same local Drive. Two batches: BENCH_DRIVE_SMALL_FILES files of
// BENCH_DRIVE_SMALL_MB (default 1,000 × 1 MB; smoke 20 × 1 MB) and BENCH_DRIVE_LARGE_FILES of BENCH_DRIVE_LARGE_MB
// (default 20 × 50 MB; smoke 2 × 8 MB). For each:
// - the worker: the Drive service is stopped, the files are uploaded as an editor through the gateway (each a
//   document in media; their upload events wait in the Drive service's durable consumer), then the Drive service is
//   started again and works the backlog. Timed from its first request to the local Drive (its start-up, spawn →
//   first request, is shown apart) until Drive answered its last upload (the latest syncedAt the Drive service's
//   GetDocumentSync tells, asked once the local Drive's control API shows every upload done); files and MB a second;
// - the baseline: @googleapis/drive's authorized client (google-auth-library's service-account JWT, the worker's
//   client) sends the same bytes from memory with the worker's protocol (a resumable session, then one PUT of the
//   whole file), BENCH_DRIVE_CONCURRENCY at a time (default 4: the Drive service is given the same as
//   DRIVE_CONCURRENCY). Timed from its first request until Drive answered its last upload. The ratio worker/baseline
//   has a target of ≥ 0.8;
// - the Drive process's memory: started anew for each batch, its resident memory sampled every 20 ms while it works,
//   and its peak (VmHWM): it must not grow with the file size (the worker streams; nothing holds a whole file);
// - the CPU each process spends per MB on either path (from /proc), which bounds both on two shared cores.
// Every file is checked: exactly one copy per document with the document's size and sha256 (the local Drive's
// checksums), a sample read back with alt=media and hashed here, and every document reads 'completed' from the Drive
// service's GetDocumentSync, so that a broken sync cannot look fast.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { drive as driveApi } from '@googleapis/drive';
import type { drive_v3 } from '@googleapis/drive';
import { JWT } from 'google-auth-library';
import { DriveService } from '@venuebook/contracts/drive/v1';
import { createClient } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import type { RunningReplica } from '@venuebook/service-kit/processes';
import { DRIVE_FOLDER_MIME_TYPE, googleDriveStandIn, tokenUrlInterceptor } from '@venuebook/service-kit/stand-ins';
import type { DriveRequestLog, StandInDriveFile } from '@venuebook/service-kit/stand-ins';
import { userContextSigner } from '@venuebook/service-kit';
import {
  BenchError,
  childProcessPid,
  expectEqual,
  expectTrue,
  processCpuMs,
  processRssMiB,
  runBench,
  runConcurrently,
  sized,
  summarize,
  uploadDocument,
  watchOtherWork,
} from './support.ts';
import type { ApiClient, Bench } from './support.ts';

const MB = 1024 * 1024;
const CONCURRENCY = sized({ full: 4, smoke: 4 }, process.env.BENCH_DRIVE_CONCURRENCY);
// The stack starts its services with this process's environment: the Drive service syncs as many at once as the baseline sends.
process.env.DRIVE_CONCURRENCY = String(CONCURRENCY);
const BATCHES = [
  { files: sized({ full: 1000, smoke: 20 }, process.env.BENCH_DRIVE_SMALL_FILES), mb: sized({ full: 1, smoke: 1 }, process.env.BENCH_DRIVE_SMALL_MB) },
  { files: sized({ full: 20, smoke: 2 }, process.env.BENCH_DRIVE_LARGE_FILES), mb: sized({ full: 50, smoke: 8 }, process.env.BENCH_DRIVE_LARGE_MB) },
];
/**
 * Documents uploaded through the gateway at once (not timed): many, because each answer waits while the gateway's
 * call for the document's Drive state finds the Drive service stopped, which takes far longer than the upload.
 */
const UPLOAD_CONCURRENCY = 16;
/** Files of each batch and path read back with alt=media and hashed here (the first, the middle, the last). */
const READ_BACK = 3;
const TARGET_RATIO = 0.8;
/** Cores kept busy by work outside the benchmark from which a timing is said to be disturbed. */
const DISTURBING_CORES = 0.1;
const POLL_MS = 500;
/** How often the Drive process's CPU and memory are sampled. */
const SAMPLE_MS = 20;
/** A sync that makes no progress for this long fails the benchmark. */
const STALL_MS = 120_000;
const SCOPES = ['https://www.googleapis.com/auth/drive'];
/** What the worker asks Drive to answer of a file (services/drive/src/adapters/drive.ts). */
const FILE_FIELDS = 'id,name,mimeType,parents,appProperties,size,md5Checksum,trashed,webViewLink';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const mib = (value: number): string => `${value.toFixed(0)} MiB`;
/** Other work's share of the machine while a path was timed, when it is enough to matter. */
const disturbance = (otherCores: number): string =>
  otherCores >= DISTURBING_CORES ? ` (DISTURBED: other work on the machine kept ${otherCores.toFixed(2)} cores busy meanwhile)` : '';

interface BenchFile {
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** Google's client library as the worker makes it: the service-account JWT from the local Drive's key file. */
interface DriveClient {
  auth: JWT;
  drive: drive_v3.Drive;
  rootUrl: string;
}

interface Context {
  bench: Bench;
  api: ApiClient;
  venueId: string;
  standIn: ReturnType<typeof googleDriveStandIn>;
  rootFolderId: string;
  client: DriveClient;
  driveReplica: RunningReplica;
  driveStatus: Client<typeof DriveService>;
  /** The processes whose CPU is counted (besides this one and the Drive process). */
  pids: Record<'media' | 'mongo' | 'nats' | 'minio' | 'standIn', number | undefined>;
}

/** The batch's bytes: one random pool, each file the pool under a first line of its own (a PDF by its magic bytes, as media checks), so that every file's sha256 differs. */
function makeFiles(count: number, sizeMB: number, run: string): BenchFile[] {
  const pool = randomBytes(sizeMB * MB);
  return Array.from({ length: count }, (_, index) => {
    const bytes = Buffer.from(pool);
    bytes.write(`%PDF-1.7\n% drive-sync bench ${run} ${sizeMB} MB #${index}\n`, 0, 'latin1');
    return { name: `bench-${sizeMB}mb-${index}.pdf`, bytes, sha256: sha256(bytes) };
  });
}

async function driveClient(standIn: ReturnType<typeof googleDriveStandIn>): Promise<DriveClient> {
  const key = await standIn.credentials();
  const auth = new JWT({ scopes: SCOPES });
  auth.fromJSON(key);
  auth.transporter.interceptors.request.add(tokenUrlInterceptor(key.token_uri));
  return { auth, drive: driveApi({ version: 'v3', auth, rootUrl: standIn.rootUrl, retry: false }), rootUrl: standIn.rootUrl };
}

/** The worker's upload (services/drive/src/adapters/drive.ts): a resumable session with the size, then one PUT of the whole file. */
async function uploadResumable(
  client: DriveClient,
  file: { name: string; bytes: Buffer; parentId: string; appProperties: Record<string, string> },
): Promise<drive_v3.Schema$File> {
  const opened = await client.auth.request({
    url: `${client.rootUrl}upload/drive/v3/files?uploadType=resumable&supportsAllDrives=true&fields=${encodeURIComponent(FILE_FIELDS)}`,
    method: 'POST',
    headers: {
      'X-Upload-Content-Type': 'application/pdf',
      'X-Upload-Content-Length': String(file.bytes.length),
      'Content-Type': 'application/json; charset=UTF-8',
    },
    data: { name: file.name, mimeType: 'application/pdf', parents: [file.parentId], appProperties: file.appProperties },
    retry: false,
    maxRedirects: 0,
  });
  const sessionUri = opened.headers.get('location');
  if (!sessionUri) throw new BenchError(`${file.name}: the local Drive opened no upload session`);
  const { data } = await client.auth.request<drive_v3.Schema$File>({
    url: sessionUri,
    method: 'PUT',
    headers: { 'Content-Length': String(file.bytes.length), 'Content-Range': `bytes 0-${file.bytes.length - 1}/${file.bytes.length}` },
    data: file.bytes,
    retry: false,
    maxRedirects: 0,
  });
  return data;
}

/** Reads the file back with alt=media (the worker's client) and hashes it here. */
async function readBackSha256(client: DriveClient, fileId: string): Promise<string> {
  const response = await client.drive.files.get({ fileId, alt: 'media', supportsAllDrives: true }, { responseType: 'stream' });
  const hash = createHash('sha256');
  for await (const chunk of response.data as unknown as Readable) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Checks the local Drive's copies: exactly one per key, each with its file's size and sha256; answers them by key. */
function checkCopies(
  all: readonly StandInDriveFile[],
  keyOf: (file: StandInDriveFile) => string | undefined,
  expected: ReadonlyMap<string, BenchFile>,
  what: string,
): Map<string, StandInDriveFile> {
  const copies = new Map<string, StandInDriveFile>();
  for (const file of all) {
    const key = keyOf(file);
    if (key === undefined || file.trashed || !expected.has(key)) continue;
    if (copies.has(key)) throw new BenchError(`${what}: two copies of ${expected.get(key)!.name} in the local Drive`);
    copies.set(key, file);
  }
  expectEqual(copies.size, expected.size, `${what}: files in the local Drive`);
  for (const [key, file] of copies) {
    const source = expected.get(key)!;
    expectEqual(Number(file.size), source.bytes.length, `${what}: size of ${file.name}`);
    expectEqual(file.sha256Checksum, source.sha256, `${what}: sha256 of ${file.name} (the local Drive's checksum)`);
  }
  return copies;
}

/** The first, the middle and the last of `count` (fewer when there are fewer). */
const sampleIndexes = (count: number): number[] => [
  ...new Set(Array.from({ length: Math.min(READ_BACK, count) }, (_, n) => Math.round((n * (count - 1)) / Math.max(1, READ_BACK - 1)))),
];

/** CPU ms of this process and each other one now (the Drive process: `drive`, when running). */
function cpuNow(pids: Context['pids'] & { drive?: number | undefined }): Record<string, number> {
  const usage = process.cpuUsage();
  const of = (pid: number | undefined): number => (pid === undefined ? 0 : processCpuMs(pid));
  return {
    client: (usage.user + usage.system) / 1000,
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, of(pid)])),
  };
}

/** What each process spent between two readings. */
const cpuSpent = (before: Record<string, number>, after: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]));

const cpuLine = (cpu: Record<string, number>, megabytes: number): string =>
  `${Object.entries(cpu)
    .filter(([, ms]) => ms > 0)
    .map(([name, ms]) => `${name} ${(ms / megabytes).toFixed(1)}`)
    .join(' + ')} = ${(Object.values(cpu).reduce((sum, ms) => sum + ms, 0) / megabytes).toFixed(1)} ms per MB`;

/** The Drive service's word on each document (GetDocumentSync, 1,000 a call). */
async function syncStates(driveStatus: Client<typeof DriveService>, documentIds: readonly string[]) {
  const states = [];
  for (let start = 0; start < documentIds.length; start += 1000) {
    const { documents } = await driveStatus.getDocumentSync({ documentIds: documentIds.slice(start, start + 1000) });
    expectEqual(documents.length, Math.min(1000, documentIds.length - start), 'GetDocumentSync: documents answered');
    states.push(...documents);
  }
  return states;
}

interface WorkerResult {
  ms: number;
  startupMs: number;
  servingMs: number;
  startedFrom: 'first request' | 'SERVING';
  idleRssMiB: number;
  sampledPeakRssMiB: number;
  peakRssMiB: number;
  cpu: Record<string, number>;
  /** Cores kept busy by work outside the benchmark meanwhile (see watchOtherWork). */
  otherCores: number;
}

/** The worker's run over `files`: uploaded with the Drive service stopped, then synced by the service started again. */
async function workerRun(context: Context, files: BenchFile[], sizeMB: number): Promise<WorkerResult> {
  const { bench, api, venueId, standIn, driveReplica, pids } = context;
  await driveReplica.stop();
  const uploadStarted = performance.now();
  const documentIds: string[] = [];
  const uploadMs: number[] = [];
  await runConcurrently(files.length, UPLOAD_CONCURRENCY, async (index) => {
    const file = files[index]!;
    const { document, ms } = await uploadDocument(api, venueId, { name: file.name, type: 'application/pdf', bytes: file.bytes, category: 'technical' });
    uploadMs.push(ms);
    expectEqual(document.fileSize, file.bytes.length, `stored size of ${file.name}`);
    documentIds[index] = document.id;
  });
  bench.log(
    `${files.length} × ${sizeMB} MB uploaded through the gateway in ${((performance.now() - uploadStarted) / 1000).toFixed(1)} s (p50 ${summarize(uploadMs).p50Ms.toFixed(0)} ms an upload, ${UPLOAD_CONCURRENCY} at once), the Drive service stopped (not timed)`,
  );
  await bench.settle(`afterUploads${sizeMB}MB`);

  const byDocument = new Map(documentIds.map((id, index) => [id, files[index]!]));
  const sessionsDone = async (): Promise<number> => (await standIn.uploads()).filter((session) => session.state === 'done').length;
  const doneBefore = await sessionsDone();
  await standIn.resetRequests();
  const cpuBefore = cpuNow(pids);
  const others = watchOtherWork();
  const spawnedAt = Date.now();
  let started = false;
  const starting = driveReplica.start().finally(() => (started = true));
  // Its process, found as soon as it is spawned, sampled from then on: its CPU and memory before it begins to work
  // (at its first request to Drive) are its start-up's, not the sync's.
  let pid: number | undefined;
  while (pid === undefined && !started) {
    pid = childProcessPid(/services\/drive\/src\/main\.ts$/);
    if (pid === undefined) await sleep(5);
  }
  const samples: { at: number; cpuMs: number; rssMiB: number }[] = [];
  const sample = (): void => {
    try {
      if (pid !== undefined) samples.push({ at: Date.now(), cpuMs: processCpuMs(pid), rssMiB: processRssMiB(pid).rss });
    } catch {
      // the process is gone: the wait below fails on its own
    }
  };
  // The worker's first request to the local Drive after its start: its request log holds the last 500, from the reset on.
  let firstRequestAt: number | undefined;
  let firstRequestLost = false;
  const lookForFirstRequest = async (): Promise<void> => {
    if (firstRequestAt !== undefined || firstRequestLost) return;
    const log: DriveRequestLog = await standIn.requests();
    const total = Object.values(log.counts).reduce((sum, count) => sum + count, 0);
    if (total > log.recent.length) firstRequestLost = true;
    else if (log.recent.length > 0) firstRequestAt = Date.parse(log.recent[0]!.at);
  };
  let servingAt: number;
  let lastAt: number;
  let completed: Map<string, string>;
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  try {
    await starting;
    servingAt = Date.now();
    expectEqual(pid, driveReplica.process.child.pid, "the Drive service's process");
    await lookForFirstRequest();
    let done = 0;
    let progressAt = Date.now();
    while (done < files.length) {
      await sleep(POLL_MS);
      if (driveReplica.process.exited)
        throw new BenchError(`the Drive service exited (code ${driveReplica.process.exitCode}); see ${driveReplica.process.logFile}`);
      await lookForFirstRequest();
      const now = (await sessionsDone()) - doneBefore;
      if (now > done) {
        done = now;
        progressAt = Date.now();
      }
      if (Date.now() - progressAt > STALL_MS)
        throw new BenchError(`${done} of ${files.length} files in the local Drive, none more for ${STALL_MS / 1000} s; see ${driveReplica.process.logFile}`);
    }
    // Each document's copy recorded: the Drive service's own word, and its time (syncedAt: once Drive answered the upload).
    for (;;) {
      const states = await syncStates(context.driveStatus, documentIds);
      if (states.every((state) => state.status === 'completed')) {
        lastAt = Math.max(...states.map((state) => Date.parse(state.syncedAt)));
        for (const state of states) expectTrue(state.googleDriveFileId !== '', `GetDocumentSync: no Drive file for ${byDocument.get(state.documentId)?.name}`);
        completed = new Map(states.map((state) => [state.documentId, state.googleDriveFileId]));
        break;
      }
      const failed = states.find((state) => state.status === 'failed');
      if (failed)
        throw new BenchError(`${byDocument.get(failed.documentId)?.name}: the sync failed (${failed.retryCount} tries); see ${driveReplica.process.logFile}`);
      if (Date.now() - progressAt > STALL_MS)
        throw new BenchError(`every file is in the local Drive, but GetDocumentSync still tells some pending after ${STALL_MS / 1000} s`);
      await sleep(100);
    }
  } finally {
    clearInterval(sampler);
  }
  const otherCores = others.otherCores();
  const peakRssMiB = processRssMiB(pid!).peak;
  const cpuAfter = cpuNow({ ...pids, drive: pid });
  const copies = checkCopies(await standIn.files(), (file) => file.appProperties?.venuebookDocumentId, byDocument, `worker, ${sizeMB} MB`);
  for (const [documentId, fileId] of completed)
    expectEqual(fileId, copies.get(documentId)?.id, `GetDocumentSync: the Drive file of ${byDocument.get(documentId)?.name}`);
  if (firstRequestLost) bench.log(`the worker's first request to the local Drive fell out of its request log: timed from SERVING instead`);
  const startedAt = firstRequestAt ?? servingAt;
  // The last sample before it began to work, and the samples while it worked.
  const idle = samples.findLast((entry) => entry.at <= startedAt) ?? samples[0]!;
  const working = samples.filter((entry) => entry.at >= startedAt);

  for (const index of sampleIndexes(files.length)) {
    const id = documentIds[index]!;
    expectEqual(
      await readBackSha256(context.client, copies.get(id)!.id),
      files[index]!.sha256,
      `worker, ${sizeMB} MB: sha256 of ${files[index]!.name} read back`,
    );
  }
  return {
    ms: lastAt - startedAt,
    startupMs: startedAt - spawnedAt,
    servingMs: servingAt - spawnedAt,
    startedFrom: firstRequestAt === undefined ? 'SERVING' : 'first request',
    idleRssMiB: idle.rssMiB,
    sampledPeakRssMiB: Math.max(idle.rssMiB, ...working.map((entry) => entry.rssMiB)),
    peakRssMiB,
    cpu: { ...cpuSpent(cpuBefore, cpuAfter), drive: cpuAfter.drive! - idle.cpuMs },
    otherCores,
  };
}

/** The baseline over `files`: Google's client sends them from memory into a folder of their own, CONCURRENCY at a time. */
async function baselineRun(
  context: Context,
  files: BenchFile[],
  sizeMB: number,
  run: string,
): Promise<{ ms: number; cpu: Record<string, number>; otherCores: number }> {
  const { client, standIn, rootFolderId, pids } = context;
  // Made first (the token fetched with it), so that the timed part is the uploads.
  const { data: folder } = await client.drive.files.create({
    supportsAllDrives: true,
    fields: 'id',
    requestBody: { name: `drive-sync bench baseline ${sizeMB} MB ${run}`, mimeType: DRIVE_FOLDER_MIME_TYPE, parents: [rootFolderId] },
  });
  const folderId = folder.id!;
  const cpuBefore = cpuNow(pids);
  const others = watchOtherWork();
  const startedAt = Date.now();
  await runConcurrently(files.length, CONCURRENCY, async (index) => {
    const file = files[index]!;
    const made = await uploadResumable(client, { name: file.name, bytes: file.bytes, parentId: folderId, appProperties: { benchFile: String(index) } });
    expectEqual(Number(made.size), file.bytes.length, `baseline: size of ${file.name}`);
  });
  // Drive answered the last upload.
  const lastAt = Date.now();
  const otherCores = others.otherCores();
  const cpuAfter = cpuNow(pids);
  const expected = new Map(files.map((file, index) => [String(index), file]));
  const copies = checkCopies(
    await standIn.files(),
    (file) => (file.parents?.includes(folderId) ? file.appProperties?.benchFile : undefined),
    expected,
    `baseline, ${sizeMB} MB`,
  );
  for (const index of sampleIndexes(files.length)) {
    expectEqual(
      await readBackSha256(client, copies.get(String(index))!.id),
      files[index]!.sha256,
      `baseline, ${sizeMB} MB: sha256 of ${files[index]!.name} read back`,
    );
  }
  return {
    ms: lastAt - startedAt,
    cpu: cpuSpent(cpuBefore, cpuAfter),
    otherCores,
  };
}

await runBench({ name: 'drive-sync', title: 'Google Drive sync: the worker against the Drive client uploading from memory' }, async (bench) => {
  for (const [index, batch] of BATCHES.entries()) {
    bench.parameter(`batch${index + 1}Files`, batch.files);
    bench.parameter(`batch${index + 1}MB`, batch.mb);
  }
  bench.parameter('concurrency', CONCURRENCY);
  bench.parameter('targetRatio', TARGET_RATIO);
  const { stack } = bench;
  if (!stack.googleDriveUrl) throw new BenchError('the stack runs no local Google Drive');
  const standIn = googleDriveStandIn(stack.googleDriveUrl);
  const api = await bench.signIn('editor');
  const viewer = (await bench.signIn('viewer')).user;
  const venue = await api.post<{ id: string }>('/api/v1/venues', { name: `Bench Drive ${randomUUID().slice(0, 8)}`, leagues: ['OTE'] });
  const driveStatus = createClient(DriveService, stack.services.drive.address, {
    deadlineMs: 30_000,
    metadata: userContextSigner({ userId: viewer.id, email: viewer.email, role: 'viewer', requestId: 'bench' }, stack.secrets.USER_CONTEXT_KEY),
  });
  const pids: Context['pids'] = {
    media: stack.services.media.process.child.pid,
    mongo: childProcessPid(/\/(ferretdb|mongod)$/),
    nats: childProcessPid(/\/nats-server$/),
    minio: childProcessPid(/\/minio$/),
    standIn: childProcessPid(/google-drive\.ts$/),
  };
  const missing = Object.entries(pids).filter(([, pid]) => pid === undefined);
  if (missing.length > 0) bench.log(`not found, their CPU is left out: ${missing.map(([name]) => name).join(', ')}`);
  const context: Context = {
    bench,
    api,
    venueId: venue.body.id,
    standIn,
    rootFolderId: await standIn.rootFolderId(),
    client: await driveClient(standIn),
    driveReplica: stack.services.drive.replicas[0]!,
    driveStatus,
    pids,
  };
  bench.log(
    `The worker is timed from its first request to the local Drive (started on documents uploaded while it was stopped) until Drive answered its last upload (the Drive service's syncedAt); the baseline from its first request until Drive answered its last upload. Both send ${CONCURRENCY} files at once.`,
  );
  const rows: Record<string, number | string>[] = [];
  const peaks: { sizeMB: number; peakRssMiB: number }[] = [];
  try {
    for (const batch of BATCHES) {
      const run = randomUUID().slice(0, 8);
      const files = makeFiles(batch.files, batch.mb, run);
      const megabytes = batch.files * batch.mb;
      const label = `${batch.files} × ${batch.mb} MB`;
      const key = `${batch.mb}MB`;

      const worker = await workerRun(context, files, batch.mb);
      const workerFiles = batch.files / (worker.ms / 1000);
      const workerMBps = megabytes / (worker.ms / 1000);
      bench.figure(
        `workerFilesPerSecond${key}`,
        workerFiles,
        `${label}, worker: ${(worker.ms / 1000).toFixed(2)} s from its ${worker.startedFrom}: ${workerFiles.toFixed(1)} files/s, ${workerMBps.toFixed(1)} MB/s${disturbance(worker.otherCores)}`,
      );
      bench.figure(`workerMBPerSecond${key}`, workerMBps);
      bench.figure(`workerOtherCores${key}`, worker.otherCores);
      bench.figure(
        `workerStartupSeconds${key}`,
        worker.startupMs / 1000,
        `${label}, worker start-up (not in the time above): spawn → ${worker.startedFrom} ${(worker.startupMs / 1000).toFixed(2)} s (SERVING after ${(worker.servingMs / 1000).toFixed(2)} s); with it ${(batch.files / ((worker.ms + worker.startupMs) / 1000)).toFixed(1)} files/s`,
      );
      bench.figure(
        `workerPeakRssMiB${key}`,
        worker.peakRssMiB,
        `${label}, Drive process RSS: ${mib(worker.idleRssMiB)} when it began, at most ${mib(worker.sampledPeakRssMiB)} sampled while syncing, peak ${mib(worker.peakRssMiB)} (VmHWM)`,
      );
      bench.log(`${label}, worker path CPU: ${cpuLine(worker.cpu, megabytes)} (the Drive process from its first request on)`);
      await bench.settle(`beforeBaseline${key}`);

      const baseline = await baselineRun(context, files, batch.mb, run);
      const baselineFiles = batch.files / (baseline.ms / 1000);
      const baselineMBps = megabytes / (baseline.ms / 1000);
      bench.figure(
        `baselineFilesPerSecond${key}`,
        baselineFiles,
        `${label}, baseline (Drive client from memory): ${(baseline.ms / 1000).toFixed(2)} s: ${baselineFiles.toFixed(1)} files/s, ${baselineMBps.toFixed(1)} MB/s${disturbance(baseline.otherCores)}`,
      );
      bench.figure(`baselineMBPerSecond${key}`, baselineMBps);
      bench.figure(`baselineOtherCores${key}`, baseline.otherCores);
      bench.log(`${label}, baseline CPU: ${cpuLine(baseline.cpu, megabytes)}`);
      const ratio = workerFiles / baselineFiles;
      bench.figure(
        `ratio${key}`,
        ratio,
        `${label}: worker/baseline ${ratio.toFixed(2)}: target ≥ ${TARGET_RATIO} ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
      );
      // What the CPU the worker path takes allows on this machine's cores, were they all its own.
      const cores = availableParallelism();
      const workerCpuPerFile = Object.values(worker.cpu).reduce((sum, ms) => sum + ms, 0) / batch.files;
      const ceiling = (cores * 1000) / workerCpuPerFile / baselineFiles;
      bench.figure(
        `ratioCpuCeiling${key}`,
        ceiling,
        `${label}: the worker path takes ${workerCpuPerFile.toFixed(0)} ms of CPU a file: the machine's ${cores} cores, all busy with it, would sync about ${((cores * 1000) / workerCpuPerFile).toFixed(1)} files/s, a ratio of about ${ceiling.toFixed(2)} (its CPU ceiling)`,
      );
      rows.push({
        files: batch.files,
        sizeMB: batch.mb,
        workerSeconds: worker.ms / 1000,
        workerStartedFrom: worker.startedFrom,
        workerStartupSeconds: worker.startupMs / 1000,
        workerFilesPerSecond: workerFiles,
        workerMBPerSecond: workerMBps,
        baselineSeconds: baseline.ms / 1000,
        baselineFilesPerSecond: baselineFiles,
        baselineMBPerSecond: baselineMBps,
        ratio,
        ratioCpuCeiling: ceiling,
        workerOtherCores: worker.otherCores,
        baselineOtherCores: baseline.otherCores,
        idleRssMiB: worker.idleRssMiB,
        sampledPeakRssMiB: worker.sampledPeakRssMiB,
        peakRssMiB: worker.peakRssMiB,
        ...Object.fromEntries(Object.entries(worker.cpu).map(([name, ms]) => [`workerCpu_${name}MsPerMB`, ms / megabytes])),
        ...Object.fromEntries(Object.entries(baseline.cpu).map(([name, ms]) => [`baselineCpu_${name}MsPerMB`, ms / megabytes])),
      });
      peaks.push({ sizeMB: batch.mb, peakRssMiB: worker.peakRssMiB });
    }
  } finally {
    driveStatus.close();
  }
  bench.detail('batches', rows);

  // Flat: the larger files' peak exceeds the smaller's by less than one larger file (the worker holds no file whole).
  const smallest = peaks.reduce((a, b) => (b.sizeMB < a.sizeMB ? b : a));
  const largest = peaks.reduce((a, b) => (b.sizeMB > a.sizeMB ? b : a));
  const growth = largest.peakRssMiB - smallest.peakRssMiB;
  const flat = growth < largest.sizeMB;
  bench.figure(
    'peakRssGrowthMiB',
    growth,
    `Drive process peak RSS: ${mib(smallest.peakRssMiB)} with ${smallest.sizeMB} MB files, ${mib(largest.peakRssMiB)} with ${largest.sizeMB} MB files (${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MiB)`,
  );
  bench.figure(
    'peakRssFlat',
    flat ? 1 : 0,
    `Drive process RSS flat as files grow: ${flat ? 'yes' : 'NO'} (flat: the peak grows by less than one ${largest.sizeMB} MB file; ${CONCURRENCY} files held whole would add ${largest.sizeMB * CONCURRENCY} MB)`,
  );
});
