// A local Google Drive (v3) standing in for Google's in local mode and tests: a real HTTP server speaking the part of
// Drive's REST protocol that a sync worker uses, in Google's wire format, so that the real client library
// (@googleapis/drive with google-auth-library's service-account JWT client) talks to it through its `rootUrl` option.
//   HTTP_PORT=0 [DRIVE_DATA_DIR=<dir>] [DRIVE_ROOT_FOLDER_NAME=…] [DRIVE_TOKEN_SECONDS=3600] node deploy/stand-ins/src/google-drive.ts
//   → prints {"httpPort":…,"url":…,"rootFolderId":…,"dataDir":…} once listening. Without DRIVE_DATA_DIR it keeps its
//   Drive in a temporary folder that it removes when stopped.
// What it holds survives a restart on the same data dir: the service account's key pair (identity.json), the
// metadata and the change feed (drive.jsonl, an append-only log replayed at start), file contents (blobs/) and
// resumable upload sessions (uploads/). Bytes are streamed to disk, never held whole in memory.
// Google's endpoints (a Drive request without a valid bearer token answers 401):
//   POST /token                                   OAuth 2 token endpoint, JWT bearer grant of its service account
//   GET|POST /drive/v3/files, GET|PATCH|DELETE /drive/v3/files/<id>, GET /drive/v3/files/generateIds
//   POST /upload/drive/v3/files, PATCH /upload/drive/v3/files/<id>   uploadType=media|multipart|resumable
//   PUT  <session URI> (…&upload_id=…)              resumable chunks (Content-Range: bytes a-b/total) and status
//                                                   queries (bytes */total); DELETE cancels the session
//   GET  /drive/v3/changes/startPageToken, /drive/v3/changes, /drive/v3/drives, /drive/v3/about
// Its own (the control API; loopback only, like everything here):
//   GET  /_standin/service-account.json            the service account's key file (token_uri: its /token)
//   GET  /_standin/info                            { rootFolderId, myDriveId, tokenUrl, rootUrl, clientEmail }
//   GET  /_standin/files                           every file it holds, with its path and internal fields
//   PUT  /_standin/files/<id>/people                { owner?, lastModifyingUser? }: as if a person put it there
//   GET  /_standin/requests, DELETE …              counts of requests by kind, bytes received, the last 500 requests
//   GET  /_standin/uploads                         resumable upload sessions and what each received
//   PUT|POST|GET|DELETE /_standin/faults           scripted faults (replace, append, read, clear): DriveFault of
//                                                  @venuebook/service-kit/stand-ins
//   GET  /  (and /drive/folders/<id>, /file/d/<id>/view)   the folder tree as a page
import {
  createHash,
  createHmac,
  generateKeyPairSync,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  timingSafeEqual,
  verify as verifySignature,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { DRIVE_FOLDER_MIME_TYPE as FOLDER_MIME_TYPE, GOOGLE_TOKEN_URL } from '@venuebook/service-kit/stand-ins';
import type { DriveFault, DriveUploadSession, ServiceAccountKeyFile } from '@venuebook/service-kit/stand-ins';
import { STAND_IN_HOST as host } from './host.ts';
import {
  checkFields,
  defaultMessage,
  defaultReason,
  DriveError,
  driveErrorBody,
  matchesDriveQuery,
  multipartBoundary,
  parseDriveQuery,
  parseFields,
  readMultipart,
  selectFields,
} from './google-drive-wire.ts';
import type { FieldSchema } from './google-drive-wire.ts';

/** Resumable uploads persist in steps of 256 KiB, except the last. */
const UPLOAD_GRANULARITY = 256 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;
const RECENT_REQUESTS = 500;

export interface GoogleDriveStandInOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** Where it keeps its Drive (created when missing). */
  dataDir: string;
  /** The name of the folder made at first start, the one an admin would share (default 'Venue Book'). */
  rootFolderName?: string;
  /** Lifetime of the access tokens it hands out (default 3600 s, as Google's). */
  accessTokenSeconds?: number;
}

export interface GoogleDriveStandIn {
  url: string;
  /** The client library's `rootUrl` option. */
  rootUrl: string;
  tokenUrl: string;
  /** The folder made at first start (stable for the data dir): what an admin gives as GOOGLE_DRIVE_ROOT_FOLDER_ID. */
  rootFolderId: string;
  dataDir: string;
  keyFile: ServiceAccountKeyFile;
  close(): Promise<void>;
}

interface FaultState extends DriveFault {
  seen: number;
  used: number;
}

interface Content {
  blob: string;
  size: number;
  md5Checksum: string;
  sha1Checksum: string;
  sha256Checksum: string;
  headRevisionId: string;
}

interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
  properties: Record<string, string>;
  description?: string;
  originalFilename?: string;
  starred: boolean;
  trashed: boolean;
  explicitlyTrashed: boolean;
  trashedTime?: string;
  createdTime: string;
  modifiedTime: string;
  version: number;
  content?: Content;
  /** The My Drive root: never listed, never changed. */
  isMyDrive?: boolean;
  /** Who owns it and who changed it last (a person who put it there); absent: the service account. */
  ownerEmail?: string;
  lastModifyingEmail?: string;
}

/** One line of drive.jsonl: a change, with the file as it is after it (absent when removed). */
interface LogEntry {
  seq: number;
  time: string;
  fileId: string;
  removed: boolean;
  file?: StoredFile;
}

/** A resumable session as it is kept: what the control API shows (DriveUploadSession), and what completes it. */
interface UploadSession extends Omit<DriveUploadSession, 'name'> {
  metadata: Record<string, unknown>;
  /** The initiating request's query (fields, addParents, …), applied when it completes. */
  params: Record<string, string>;
  mimeType?: string;
  createdAt: string;
}

interface Identity {
  privateKeyPem: string;
  privateKeyId: string;
  clientEmail: string;
  clientId: string;
  projectId: string;
  tokenSecret: string;
  myDriveId: string;
  rootFolderId: string;
}

interface RequestRecord {
  at: string;
  kind: string;
  method: string;
  path: string;
  status: number;
  bytesIn: number;
}

/** Drive v3's File fields (what `fields` may name); those the stand-in does not keep are left out of answers. */
const FILE_FIELD_NAMES = (
  'appProperties capabilities clientEncryptionDetails contentHints contentRestrictions copyRequiresWriterPermission createdTime description ' +
  'downloadRestrictions driveId explicitlyTrashed exportLinks fileExtension folderColorRgb fullFileExtension hasAugmentedPermissions hasThumbnail ' +
  'headRevisionId iconLink id imageMediaMetadata inheritedPermissionsDisabled isAppAuthorized kind labelInfo lastModifyingUser linkShareMetadata ' +
  'md5Checksum mimeType modifiedByMe modifiedByMeTime modifiedTime name originalFilename ownedByMe owners parents permissionIds permissions ' +
  'properties quotaBytesUsed resourceKey sha1Checksum sha256Checksum shared sharedWithMeTime sharingUser shortcutDetails size spaces starred ' +
  'teamDriveId thumbnailLink thumbnailVersion trashed trashedTime trashingUser version videoMediaMetadata viewedByMe viewedByMeTime ' +
  'viewersCanCopyContent webContentLink webViewLink writersCanShare'
).split(' ');
const FILE_SCHEMA: FieldSchema = Object.fromEntries(FILE_FIELD_NAMES.map((name) => [name, true]));
const FILE_LIST_SCHEMA: FieldSchema = { kind: true, nextPageToken: true, incompleteSearch: true, files: FILE_SCHEMA };
const CHANGE_SCHEMA: FieldSchema = {
  kind: true,
  changeType: true,
  time: true,
  removed: true,
  fileId: true,
  file: FILE_SCHEMA,
  driveId: true,
  drive: true,
  type: true,
  teamDriveId: true,
  teamDrive: true,
};
const CHANGE_LIST_SCHEMA: FieldSchema = { kind: true, nextPageToken: true, newStartPageToken: true, changes: CHANGE_SCHEMA };
const DEFAULT_FILE_FIELDS = 'kind,id,name,mimeType';
const DEFAULT_FILE_LIST_FIELDS = 'kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)';
const DEFAULT_CHANGE_LIST_FIELDS = 'kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,file(kind,id,name,mimeType))';

/** Fields a request body may set; others of Drive's are 403 fieldNotWritable, unknown ones 400. */
const CREATE_WRITABLE = new Set([
  'id',
  'name',
  'mimeType',
  'parents',
  'appProperties',
  'properties',
  'description',
  'originalFilename',
  'starred',
  'createdTime',
  'modifiedTime',
  'kind',
  'contentHints',
  'folderColorRgb',
  'copyRequiresWriterPermission',
  'writersCanShare',
  'viewersCanCopyContent',
]);
const UPDATE_WRITABLE = new Set([
  'name',
  'mimeType',
  'appProperties',
  'properties',
  'description',
  'originalFilename',
  'starred',
  'trashed',
  'modifiedTime',
  'kind',
  'contentHints',
  'folderColorRgb',
  'copyRequiresWriterPermission',
  'writersCanShare',
  'viewersCanCopyContent',
]);
const WRITE_SCOPES = ['https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/drive.file'];
const READ_SCOPES = [
  ...WRITE_SCOPES,
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/drive.metadata.readonly',
  'https://www.googleapis.com/auth/drive.metadata',
];

const now = (): string => new Date().toISOString();
const newFileId = (): string => `1${randomBytes(24).toString('base64url').slice(0, 32)}`;
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const notFound = (id: string, location = 'fileId'): DriveError => new DriveError(404, 'notFound', `File not found: ${id}.`, { location });
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readSmallBody(request: IncomingMessage, limit = MAX_JSON_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new DriveError(413, 'uploadTooLarge', 'The request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DriveError(400, 'parseError', 'Parse Error');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DriveError(400, 'parseError', 'Parse Error');
  return value as Record<string, unknown>;
}

async function hashFile(path: string): Promise<Omit<Content, 'blob' | 'headRevisionId'>> {
  const md5 = createHash('md5');
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    size += chunk.length;
    md5.update(chunk);
    sha1.update(chunk);
    sha256.update(chunk);
  }
  return { size, md5Checksum: md5.digest('hex'), sha1Checksum: sha1.digest('hex'), sha256Checksum: sha256.digest('hex') };
}

const fileSize = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

/** A scripted fault as the control API takes it (anything else is refused: a fault must not crash the server). */
function isFault(value: unknown): value is DriveFault {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fault = value as Record<string, unknown>;
  const text = (key: string) => fault[key] === undefined || (typeof fault[key] === 'string' && (fault[key] as string).length <= 200);
  const count = (key: string, max: number) =>
    fault[key] === undefined ||
    (typeof fault[key] === 'number' && Number.isInteger(fault[key]) && (fault[key] as number) >= 0 && (fault[key] as number) <= max);
  const status =
    fault.status === undefined || (typeof fault.status === 'number' && Number.isInteger(fault.status) && fault.status >= 400 && fault.status <= 599);
  return (
    status &&
    ['kind', 'method', 'path', 'reason', 'message'].every(text) &&
    count('after', 1_000_000) &&
    count('times', 1_000_000) &&
    count('retryAfter', 86_400) &&
    count('cutAfterBytes', 10 * 1024 ** 3) &&
    count('delayMs', 600_000)
  );
}

/** Starts the stand-in on loopback in this process. */
export async function startGoogleDriveStandIn(options: GoogleDriveStandInOptions): Promise<GoogleDriveStandIn> {
  const dataDir = options.dataDir;
  const blobsDir = join(dataDir, 'blobs');
  const uploadsDir = join(dataDir, 'uploads');
  const tmpDir = join(dataDir, 'tmp');
  for (const dir of [dataDir, blobsDir, uploadsDir, tmpDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const leftover of readdirSync(tmpDir)) rmSync(join(tmpDir, leftover), { force: true });
  const accessTokenSeconds = options.accessTokenSeconds ?? 3600;

  // --- identity: the service account's key pair, kept so that its credentials survive a restart -----------------
  const identityFile = join(dataDir, 'identity.json');
  let identity: Identity;
  if (existsSync(identityFile)) {
    identity = JSON.parse(readFileSync(identityFile, 'utf8')) as Identity;
  } else {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    identity = {
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      privateKeyId: randomBytes(20).toString('hex'),
      clientEmail: 'venuebook-drive-sync@venuebook-local.iam.gserviceaccount.com',
      clientId: String(100_000_000_000_000_000_000n + BigInt(`0x${randomBytes(8).toString('hex')}`)),
      projectId: 'venuebook-local',
      tokenSecret: randomBytes(32).toString('hex'),
      myDriveId: `0A${randomBytes(16).toString('base64url').slice(0, 17)}Uk9PVA`,
      rootFolderId: newFileId(),
    };
    writeFileSync(identityFile, JSON.stringify(identity, null, 2), { mode: 0o600 });
  }
  const publicKey: KeyObject = createPublicKey(createPrivateKey(identity.privateKeyPem));

  // --- the Drive: files by id, and the change log they are replayed from ----------------------------------------
  const files = new Map<string, StoredFile>();
  const log: LogEntry[] = [];
  const lastSeqOf = new Map<string, number>();
  const logFile = join(dataDir, 'drive.jsonl');
  if (existsSync(logFile)) {
    const text = readFileSync(logFile);
    // Only whole lines: a last line cut short by a crash is dropped (and cut off the file, so that the next entry
    // starts a line of its own).
    const whole = text.lastIndexOf(0x0a) + 1;
    if (whole < text.length) truncateSync(logFile, whole);
    for (const line of text.subarray(0, whole).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line) as LogEntry;
      log.push(entry);
      lastSeqOf.set(entry.fileId, entry.seq);
      if (entry.removed || !entry.file) files.delete(entry.fileId);
      else files.set(entry.fileId, entry.file);
    }
  }
  const logFd = openSync(logFile, 'a', 0o600);
  const latestSeq = (): number => log.at(-1)?.seq ?? 0;

  const record = (fileId: string, file: StoredFile | undefined): void => {
    const entry: LogEntry = { seq: latestSeq() + 1, time: now(), fileId, removed: !file, ...(file ? { file: structuredClone(file) } : {}) };
    writeSync(logFd, `${JSON.stringify(entry)}\n`);
    log.push(entry);
    lastSeqOf.set(fileId, entry.seq);
    if (file) files.set(fileId, file);
    else files.delete(fileId);
  };

  /** A folder made at the first start (My Drive, the root folder), stable for the data dir. */
  const ensureFolder = (id: string, name: string, parents: string[], extra: { isMyDrive?: boolean } = {}): void => {
    if (files.has(id)) return;
    const time = now();
    record(id, {
      id,
      name,
      mimeType: FOLDER_MIME_TYPE,
      parents,
      appProperties: {},
      properties: {},
      starred: false,
      trashed: false,
      explicitlyTrashed: false,
      createdTime: time,
      modifiedTime: time,
      version: 1,
      ...extra,
    });
  };
  ensureFolder(identity.myDriveId, 'My Drive', [], { isMyDrive: true });
  ensureFolder(identity.rootFolderId, options.rootFolderName ?? 'Venue Book', [identity.myDriveId]);

  // --- resumable upload sessions (uploads/<id>.json and .part) --------------------------------------------------
  const sessions = new Map<string, UploadSession>();
  const sessionLocks = new Map<string, Promise<void>>();
  const sessionFile = (id: string): string => join(uploadsDir, `${id}.json`);
  const partFile = (id: string): string => join(uploadsDir, `${id}.part`);
  const saveSession = (session: UploadSession): void => writeFileSync(sessionFile(session.id), JSON.stringify(session), { mode: 0o600 });
  for (const name of readdirSync(uploadsDir)) {
    if (!name.endsWith('.json')) continue;
    const session = JSON.parse(readFileSync(join(uploadsDir, name), 'utf8')) as UploadSession;
    if (session.state === 'active') {
      // A chunk cut by a crash: keep what a whole step holds.
      const size = fileSize(partFile(session.id));
      session.committed = Math.max(session.committed, Math.min(size, Math.floor(size / UPLOAD_GRANULARITY) * UPLOAD_GRANULARITY));
      if (size > session.committed) truncateSync(partFile(session.id), session.committed);
    }
    sessions.set(session.id, session);
  }
  const exclusive = async <T>(sessionId: string, work: () => Promise<T>): Promise<T> => {
    const before = sessionLocks.get(sessionId) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const mine = new Promise<void>((resolve) => (release = resolve));
    sessionLocks.set(
      sessionId,
      before.then(() => mine),
    );
    await before;
    try {
      return await work();
    } finally {
      release();
    }
  };

  // --- requests, counters and faults ----------------------------------------------------------------------------
  const counts: Record<string, number> = {};
  let uploadBytes = 0;
  let downloadBytes = 0;
  const recent: RequestRecord[] = [];
  let faults: FaultState[] = [];

  /** Every matching fault counts the request; the first one past its `after` with plays left answers it. */
  const takeFault = (kind: string, method: string, path: string): FaultState | undefined => {
    let chosen: FaultState | undefined;
    for (const fault of faults) {
      if (fault.kind && (fault.kind.endsWith('*') ? !kind.startsWith(fault.kind.slice(0, -1)) : fault.kind !== kind)) continue;
      if (fault.method && fault.method.toUpperCase() !== method) continue;
      if (fault.path && !path.startsWith(fault.path)) continue;
      fault.seen++;
      if (!chosen && fault.seen > (fault.after ?? 0) && fault.used < (fault.times ?? 1)) {
        fault.used++;
        chosen = fault;
      }
    }
    return chosen;
  };

  // --- the server -----------------------------------------------------------------------------------------------
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  // Uploads of tens of megabytes over a slow test machine: no request deadline.
  server.requestTimeout = 0;
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const rootUrl = `${url}/`;
  const tokenUrl = `${url}/token`;

  const keyFile: ServiceAccountKeyFile = {
    type: 'service_account',
    project_id: identity.projectId,
    private_key_id: identity.privateKeyId,
    private_key: identity.privateKeyPem,
    client_email: identity.clientEmail,
    client_id: identity.clientId,
    auth_uri: `${url}/o/oauth2/auth`,
    token_uri: tokenUrl,
    auth_provider_x509_cert_url: `${url}/oauth2/v1/certs`,
    client_x509_cert_url: `${url}/robot/v1/metadata/x509/${encodeURIComponent(identity.clientEmail)}`,
    universe_domain: 'googleapis.com',
  };

  const resolveId = (id: string): string => (id === 'root' ? identity.myDriveId : id);
  const getFile = (id: string, location = 'fileId'): StoredFile => {
    const file = files.get(resolveId(id));
    if (!file) throw notFound(id, location);
    return file;
  };
  const isFolder = (file: StoredFile): boolean => file.mimeType === FOLDER_MIME_TYPE;
  const childrenOf = (id: string): StoredFile[] => [...files.values()].filter((file) => file.parents.includes(id));
  const descendantsOf = (id: string): StoredFile[] => {
    const found: StoredFile[] = [];
    const queue = [id];
    while (queue.length > 0) {
      for (const child of childrenOf(queue.shift()!)) {
        found.push(child);
        if (isFolder(child)) queue.push(child.id);
      }
    }
    return found;
  };
  const pathOf = (file: StoredFile): string => {
    const names: string[] = [];
    let current: StoredFile | undefined = file;
    for (let depth = 0; current && !current.isMyDrive && depth < 100; depth++) {
      names.unshift(current.name);
      current = current.parents[0] ? files.get(current.parents[0]) : undefined;
    }
    return `/${names.join('/')}`;
  };
  const webViewLink = (file: StoredFile): string => (isFolder(file) ? `${url}/drive/folders/${file.id}` : `${url}/file/d/${file.id}/view?usp=drivesdk`);

  /** The file as Drive v3 answers it (every field it keeps; `fields` selects). */
  const resource = (file: StoredFile): Record<string, unknown> => {
    const extension = /\.([^./]+)$/.exec(file.name)?.[1];
    const fullExtension = /^[^.]*\.(.+)$/.exec(file.name)?.[1];
    return {
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      parents: file.isMyDrive ? undefined : [...file.parents],
      appProperties: Object.keys(file.appProperties).length > 0 ? { ...file.appProperties } : undefined,
      properties: Object.keys(file.properties).length > 0 ? { ...file.properties } : undefined,
      description: file.description,
      starred: file.starred,
      trashed: file.trashed,
      explicitlyTrashed: file.explicitlyTrashed,
      trashedTime: file.trashedTime,
      createdTime: file.createdTime,
      modifiedTime: file.modifiedTime,
      modifiedByMeTime: file.modifiedTime,
      modifiedByMe: true,
      version: String(file.version),
      webViewLink: webViewLink(file),
      webContentLink: file.content ? `${url}/file/d/${file.id}/content` : undefined,
      originalFilename: file.content ? (file.originalFilename ?? file.name) : undefined,
      fileExtension: file.content ? (extension ?? '') : undefined,
      fullFileExtension: file.content ? (fullExtension ?? '') : undefined,
      size: file.content ? String(file.content.size) : undefined,
      quotaBytesUsed: String(file.content?.size ?? 0),
      md5Checksum: file.content?.md5Checksum,
      sha1Checksum: file.content?.sha1Checksum,
      sha256Checksum: file.content?.sha256Checksum,
      headRevisionId: file.content?.headRevisionId,
      spaces: ['drive'],
      ownedByMe: !file.ownerEmail,
      owners: [{ kind: 'drive#user', emailAddress: file.ownerEmail ?? identity.clientEmail, me: !file.ownerEmail }],
      lastModifyingUser: {
        kind: 'drive#user',
        emailAddress: file.lastModifyingEmail ?? file.ownerEmail ?? identity.clientEmail,
        me: !(file.lastModifyingEmail ?? file.ownerEmail),
      },
      shared: false,
      viewedByMe: true,
      hasThumbnail: false,
    };
  };

  const fieldsOf = (query: URLSearchParams, schema: FieldSchema, fallback: string) => {
    const selection = parseFields(query.get('fields') || fallback);
    checkFields(selection, schema);
    return selection;
  };
  const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body, null, 2));
  };
  const sendFile = (response: ServerResponse, query: URLSearchParams, file: StoredFile, status = 200): void =>
    sendJson(response, status, selectFields(resource(file), fieldsOf(query, FILE_SCHEMA, DEFAULT_FILE_FIELDS)));
  const sendError = (response: ServerResponse, error: DriveError): void =>
    sendJson(response, error.code, driveErrorBody(error.code, error.reason, error.message, error.detail), error.headers);

  // --- metadata: validation and application ----------------------------------------------------------------------

  const checkWritable = (body: Record<string, unknown>, writable: Set<string>, update: boolean): void => {
    for (const key of Object.keys(body)) {
      if (writable.has(key)) continue;
      if (update && key === 'parents') {
        throw new DriveError(
          403,
          'fieldNotWritable',
          'The parents field is not directly writable in update requests. Use the addParents and removeParents parameters instead.',
        );
      }
      if (FILE_FIELD_NAMES.includes(key)) throw new DriveError(403, 'fieldNotWritable', 'The resource body includes fields which are not directly writable.');
      throw new DriveError(400, 'invalid', `Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    }
  };
  const checkString = (body: Record<string, unknown>, key: string): string | undefined => {
    const value = body[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw new DriveError(400, 'invalid', `Invalid value for ${key}.`);
    return value;
  };
  const checkTime = (body: Record<string, unknown>, key: string): string | undefined => {
    const value = checkString(body, key);
    if (value === undefined) return undefined;
    if (Number.isNaN(Date.parse(value))) throw new DriveError(400, 'invalid', `Invalid value for ${key}: ${value}`);
    return new Date(value).toISOString();
  };
  /** appProperties / properties after applying `patch` (a null value removes its key), within Drive's limits. */
  const applyProperties = (current: Record<string, string>, patch: unknown, key: string): Record<string, string> => {
    if (patch === undefined || patch === null) return current;
    if (typeof patch !== 'object' || Array.isArray(patch)) throw new DriveError(400, 'invalid', `Invalid value for ${key}.`);
    const next = { ...current };
    for (const [name, value] of Object.entries(patch as Record<string, unknown>)) {
      if (value === null) {
        delete next[name];
        continue;
      }
      if (typeof value !== 'string') throw new DriveError(400, 'invalid', `Invalid value for ${key}.${name}: property values are strings.`);
      if (Buffer.byteLength(name) + Buffer.byteLength(value) > 124) {
        throw new DriveError(400, 'invalid', `The property ${name} exceeds the maximum size of 124 bytes (key and value, in UTF-8).`);
      }
      next[name] = value;
    }
    if (Object.keys(next).length > 30) throw new DriveError(400, 'invalid', `A file may hold at most 30 ${key} of one application.`);
    return next;
  };
  const checkParentFolder = (id: string, moving?: StoredFile): string => {
    const parent = getFile(id, 'parents');
    if (!isFolder(parent)) throw new DriveError(400, 'invalid', 'The specified parent is not a folder.', { location: 'parents' });
    if (moving && (parent.id === moving.id || descendantsOf(moving.id).some((file) => file.id === parent.id))) {
      throw new DriveError(400, 'invalid', 'A folder cannot be moved into itself or one of its subfolders.', { location: 'addParents' });
    }
    return parent.id;
  };
  const protectRootFolder = (file: StoredFile): void => {
    if (file.id === identity.rootFolderId || file.isMyDrive) {
      throw new DriveError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.');
    }
  };

  /** A new file's metadata from a create request's body (validated; no content yet). */
  const newFile = (body: Record<string, unknown>, fallbackMimeType?: string): StoredFile => {
    checkWritable(body, CREATE_WRITABLE, false);
    const id = checkString(body, 'id');
    if (id !== undefined) {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) throw new DriveError(400, 'invalid', 'The provided file ID is not usable.', { location: 'id' });
      if (files.has(id)) throw new DriveError(409, 'duplicate', 'A file already exists with the provided ID.', { location: 'id' });
    }
    const parentsValue = body.parents;
    if (parentsValue !== undefined && (!Array.isArray(parentsValue) || parentsValue.some((parent) => typeof parent !== 'string'))) {
      throw new DriveError(400, 'invalid', 'Invalid value for parents.');
    }
    const parents = ((parentsValue as string[] | undefined) ?? ['root']).map((parent) => checkParentFolder(parent));
    if (parents.length > 1) throw new DriveError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
    const time = now();
    const createdTime = checkTime(body, 'createdTime') ?? time;
    return {
      id: id ?? newFileId(),
      name: checkString(body, 'name') ?? 'Untitled',
      mimeType: checkString(body, 'mimeType') ?? fallbackMimeType ?? 'application/octet-stream',
      parents,
      appProperties: applyProperties({}, body.appProperties, 'appProperties'),
      properties: applyProperties({}, body.properties, 'properties'),
      description: checkString(body, 'description'),
      originalFilename: checkString(body, 'originalFilename'),
      starred: body.starred === true,
      trashed: false,
      explicitlyTrashed: false,
      createdTime,
      modifiedTime: checkTime(body, 'modifiedTime') ?? createdTime,
      version: 1,
    };
  };

  /**
   * Applies an update's body and addParents/removeParents to a copy of `current`; `cascade` lists the other files a
   * trash or untrash changes (a folder's descendants).
   */
  const updatedFile = (current: StoredFile, body: Record<string, unknown>, query: URLSearchParams): { file: StoredFile; cascade: StoredFile[] } => {
    checkWritable(body, UPDATE_WRITABLE, true);
    const file = structuredClone(current);
    const time = now();
    const name = checkString(body, 'name');
    if (name !== undefined) file.name = name;
    const mimeType = checkString(body, 'mimeType');
    if (mimeType !== undefined && mimeType !== file.mimeType) {
      if (isFolder(file) || mimeType === FOLDER_MIME_TYPE) throw new DriveError(403, 'fieldNotWritable', 'The mimeType of a folder cannot be changed.');
      file.mimeType = mimeType;
    }
    if ('description' in body) file.description = checkString(body, 'description');
    if ('originalFilename' in body) file.originalFilename = checkString(body, 'originalFilename');
    if (typeof body.starred === 'boolean') file.starred = body.starred;
    file.appProperties = applyProperties(file.appProperties, body.appProperties, 'appProperties');
    file.properties = applyProperties(file.properties, body.properties, 'properties');
    const list = (name: string): string[] =>
      (query.get(name) ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
    const removeParents = list('removeParents').map(resolveId);
    const addParents = list('addParents');
    if (removeParents.length > 0 || addParents.length > 0) protectRootFolder(current);
    file.parents = file.parents.filter((parent) => !removeParents.includes(parent));
    for (const parent of addParents) {
      const id = checkParentFolder(parent, current);
      if (!file.parents.includes(id)) file.parents.push(id);
    }
    if (file.parents.length > 1) throw new DriveError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
    const cascade: StoredFile[] = [];
    if (typeof body.trashed === 'boolean' && body.trashed !== current.trashed) {
      protectRootFolder(current);
      file.trashed = body.trashed;
      file.explicitlyTrashed = body.trashed;
      file.trashedTime = body.trashed ? time : undefined;
      if (isFolder(file)) {
        for (const descendant of descendantsOf(file.id)) {
          // Trashing a folder trashes what it holds (not explicitly); restoring it restores those, not what was
          // trashed on its own before.
          if (body.trashed && !descendant.trashed) cascade.push({ ...descendant, trashed: true, explicitlyTrashed: false, trashedTime: time });
          if (!body.trashed && descendant.trashed && !descendant.explicitlyTrashed) cascade.push({ ...descendant, trashed: false, trashedTime: undefined });
        }
      }
    }
    file.modifiedTime = checkTime(body, 'modifiedTime') ?? time;
    file.version = current.version + 1;
    return { file, cascade };
  };

  // --- content: bodies streamed to disk, then kept as a blob ------------------------------------------------------

  /**
   * The request body as a stream: counted (per request and in total), cut when a fault says so (after
   * `cutAfterBytes`, the connection is dropped, `cut` is set and the generator ends, so that what was read is still
   * written), the first `skip` bytes not handed on (a chunk that repeats bytes a session kept).
   */
  const countedBody = (request: IncomingMessage, state: { bytesIn: number; cut: boolean }, cutAfterBytes: number | undefined, skip = 0) =>
    async function* body(): AsyncGenerator<Buffer> {
      const socket = request.socket;
      let skipping = skip;
      for await (const raw of request as AsyncIterable<Buffer>) {
        let chunk = raw;
        if (cutAfterBytes !== undefined && state.bytesIn + chunk.length >= cutAfterBytes) {
          chunk = chunk.subarray(0, cutAfterBytes - state.bytesIn);
          state.cut = true;
        }
        state.bytesIn += chunk.length;
        uploadBytes += chunk.length;
        if (skipping > 0) {
          const dropped = Math.min(skipping, chunk.length);
          skipping -= dropped;
          chunk = chunk.subarray(dropped);
        }
        if (chunk.length > 0) yield chunk;
        if (state.cut) {
          // What was read is handed on (and written) all the same; the client sees its connection drop.
          socket.destroy();
          return;
        }
      }
    };

  const cutConnection = (request: IncomingMessage): void => {
    request.socket?.destroy();
  };

  /** Moves a finished upload into blobs/ with its checksums. */
  const keepContent = async (path: string, fileId: string): Promise<Content> => {
    const hashes = await hashFile(path);
    const blob = `${fileId}-${randomBytes(6).toString('hex')}`;
    renameSync(path, join(blobsDir, blob));
    return { blob, ...hashes, headRevisionId: randomBytes(16).toString('base64url') };
  };
  const dropContent = (content: Content | undefined): void => {
    if (content) rmSync(join(blobsDir, content.blob), { force: true });
  };

  /** Stores a new file (with its content, if any) and records the change. */
  const commitCreate = async (file: StoredFile, contentPath?: string): Promise<StoredFile> => {
    // Parents may have gone while the bytes came in.
    for (const parent of file.parents) checkParentFolder(parent);
    if (files.has(file.id)) throw new DriveError(409, 'duplicate', 'A file already exists with the provided ID.', { location: 'id' });
    if (contentPath) {
      if (isFolder(file)) throw new DriveError(400, 'invalid', 'A folder cannot have content.');
      file.content = await keepContent(contentPath, file.id);
    }
    record(file.id, file);
    return file;
  };

  const commitUpdate = async (current: StoredFile, body: Record<string, unknown>, query: URLSearchParams, contentPath?: string): Promise<StoredFile> => {
    const latest = getFile(current.id);
    const { file, cascade } = updatedFile(latest, body, query);
    const old = latest.content;
    if (contentPath) {
      if (isFolder(file)) throw new DriveError(400, 'invalid', 'A folder cannot have content.');
      file.content = await keepContent(contentPath, file.id);
    }
    record(file.id, file);
    for (const other of cascade) record(other.id, { ...other, version: other.version + 1, modifiedTime: file.modifiedTime });
    if (contentPath && old) dropContent(old);
    return file;
  };

  const tmpPath = (): string => join(tmpDir, randomBytes(12).toString('hex'));

  /** uploadType=media: the body is the content; the metadata is the defaults (create) or unchanged (update). */
  const receiveMedia = async (request: IncomingMessage, context: RequestContext): Promise<string | undefined> => {
    const path = tmpPath();
    const state = { bytesIn: 0, cut: false };
    try {
      await pipeline(countedBody(request, state, context.cutAfterBytes), createWriteStream(path, { mode: 0o600 }));
    } catch {
      rmSync(path, { force: true });
      return undefined;
    } finally {
      context.bytesIn = state.bytesIn;
    }
    if (state.cut) {
      rmSync(path, { force: true });
      cutConnection(request);
      return undefined;
    }
    return path;
  };

  /** uploadType=multipart: the metadata part (JSON) and the media part (streamed to a file). */
  const receiveMultipart = async (
    request: IncomingMessage,
    context: RequestContext,
  ): Promise<{ metadata: Record<string, unknown>; mediaType?: string; path: string } | undefined> => {
    const boundary = multipartBoundary(header(request, 'content-type'));
    if (!boundary) throw new DriveError(400, 'badContent', 'Media type is not supported: a multipart upload is multipart/related with a boundary.');
    const path = tmpPath();
    const state = { bytesIn: 0, cut: false };
    let metadataText = '';
    let mediaType: string | undefined;
    let media: ReturnType<typeof createWriteStream> | undefined;
    try {
      const parts = await readMultipart(countedBody(request, state, context.cutAfterBytes)(), boundary, (index, headers) => {
        if (index === 0) {
          return {
            write: (chunk) => {
              metadataText += chunk.toString('utf8');
              if (metadataText.length > MAX_JSON_BYTES) throw new DriveError(400, 'badContent', 'The metadata part is too large.');
            },
            end: () => undefined,
          };
        }
        if (index > 1) throw new DriveError(400, 'badContent', 'A multipart upload has two parts: the metadata and the media.');
        mediaType = headers['content-type'];
        const stream = createWriteStream(path, { mode: 0o600 });
        media = stream;
        return {
          write: async (chunk) => {
            if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
          },
          end: async () => {
            stream.end();
            await finished(stream);
          },
        };
      });
      if (parts !== 2) throw new DriveError(400, 'badContent', 'A multipart upload has two parts: the metadata and the media.');
    } catch (error) {
      media?.destroy();
      rmSync(path, { force: true });
      if (state.cut) {
        cutConnection(request);
        return undefined;
      }
      if (error instanceof DriveError) throw error;
      return undefined;
    } finally {
      context.bytesIn = state.bytesIn;
    }
    return { metadata: parseJsonObject(metadataText), mediaType, path };
  };

  // --- resumable sessions ---------------------------------------------------------------------------------------

  const startSession = async (request: IncomingMessage, response: ServerResponse, query: URLSearchParams, target?: StoredFile): Promise<void> => {
    const metadata = parseJsonObject((await readSmallBody(request)).toString('utf8'));
    const declared = header(request, 'x-upload-content-length');
    const declaredSize = declared === undefined ? undefined : Number(declared);
    if (declaredSize !== undefined && (!Number.isSafeInteger(declaredSize) || declaredSize < 0)) {
      throw new DriveError(400, 'invalid', 'Invalid X-Upload-Content-Length.', { location: 'X-Upload-Content-Length', locationType: 'header' });
    }
    // Refuse bad metadata now, as Google does, rather than after the bytes.
    if (target) updatedFile(target, metadata, query);
    else newFile(metadata);
    const session: UploadSession = {
      id: randomBytes(24).toString('base64url'),
      action: target ? 'update' : 'create',
      fileId: target?.id,
      metadata,
      params: Object.fromEntries(query),
      mimeType: header(request, 'x-upload-content-type'),
      declaredSize,
      committed: 0,
      bytesReceived: 0,
      chunks: 0,
      statusQueries: 0,
      state: 'active',
      createdAt: now(),
    };
    writeFileSync(partFile(session.id), '', { mode: 0o600 });
    saveSession(session);
    sessions.set(session.id, session);
    const location = new URL(`${url}${target ? `/upload/drive/v3/files/${target.id}` : '/upload/drive/v3/files'}`);
    for (const [key, value] of query) if (key !== 'upload_id') location.searchParams.set(key, value);
    location.searchParams.set('upload_id', session.id);
    response.writeHead(200, { location: location.toString(), 'x-guploader-uploadid': session.id, 'content-length': '0' }).end();
  };

  const incomplete = (response: ServerResponse, session: UploadSession): void => {
    if (response.headersSent || response.destroyed) return;
    const headers: Record<string, string> = { 'content-length': '0', 'x-guploader-uploadid': session.id };
    if (session.committed > 0) headers.range = `bytes=0-${session.committed - 1}`;
    response.writeHead(308, headers).end();
  };

  const finishSession = async (session: UploadSession): Promise<StoredFile> => {
    const query = new URLSearchParams(session.params);
    const path = partFile(session.id);
    let file: StoredFile;
    if (session.action === 'update') {
      file = await commitUpdate(getFile(session.fileId!), session.metadata, query, path);
    } else {
      const created = newFile(session.metadata, session.mimeType);
      file = await commitCreate(created, path);
    }
    session.state = 'done';
    session.doneFileId = file.id;
    saveSession(session);
    return file;
  };

  /** A PUT (or POST) to a session URI: a chunk, or a status query (Content-Range: bytes *\/total). */
  const sessionRequest = async (request: IncomingMessage, response: ServerResponse, session: UploadSession, context: RequestContext): Promise<void> => {
    const range = header(request, 'content-range');
    await exclusive(session.id, async () => {
      if (session.state === 'cancelled') throw new DriveError(499, 'clientClosedRequest', 'The upload session was cancelled.');
      if (session.state === 'done') {
        sendFile(response, new URLSearchParams(session.params), getFile(session.doneFileId!));
        return;
      }
      if (context.kind === 'upload.status') {
        session.statusQueries++;
        saveSession(session);
        // `bytes */<total>` when every byte is already in (an empty file: there is no chunk to send) completes it.
        const total = /^bytes \*\/(\d+)$/.exec(range?.trim() ?? '')?.[1];
        if (total !== undefined && Number(total) === session.committed && (session.declaredSize ?? session.committed) === session.committed) {
          sendFile(response, new URLSearchParams(session.params), await finishSession(session));
          return;
        }
        incomplete(response, session);
        return;
      }
      const match = range ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range.trim()) : null;
      if (!match) throw new DriveError(400, 'badRequest', 'Failed to parse Content-Range header.', { location: 'Content-Range', locationType: 'header' });
      const first = Number(match[1]);
      const last = Number(match[2]);
      const total = match[3] === '*' ? undefined : Number(match[3]);
      const length = last - first + 1;
      const contentLength = header(request, 'content-length');
      if (length <= 0 || (total !== undefined && last >= total) || (contentLength !== undefined && Number(contentLength) !== length)) {
        throw new DriveError(400, 'badRequest', 'Failed to parse Content-Range header.', { location: 'Content-Range', locationType: 'header' });
      }
      if (session.declaredSize !== undefined && total !== undefined && total !== session.declaredSize) {
        throw new DriveError(400, 'badRequest', `The upload was declared ${session.declaredSize} bytes long, not ${total}.`);
      }
      const final = total !== undefined && last + 1 === total;
      if (!final && length < UPLOAD_GRANULARITY) {
        throw new DriveError(
          400,
          'badRequest',
          `Invalid request. The number of bytes uploaded is required to be equal or greater than ${UPLOAD_GRANULARITY}, except for the final request (it's recommended to be the exact multiple of ${UPLOAD_GRANULARITY}). The received request contained ${length} bytes, which does not meet this requirement.`,
        );
      }
      if (first > session.committed) {
        throw new DriveError(400, 'badRequest', `Invalid request. The chunk starts at byte ${first}, but the session has received ${session.committed} bytes.`);
      }
      const path = partFile(session.id);
      truncateSync(path, session.committed);
      const state = { bytesIn: 0, cut: false };
      let aborted = false;
      try {
        await pipeline(countedBody(request, state, context.cutAfterBytes, session.committed - first)(), createWriteStream(path, { flags: 'a' }));
      } catch {
        aborted = true;
      }
      context.bytesIn = state.bytesIn;
      session.bytesReceived += state.bytesIn;
      session.chunks++;
      const end = fileSize(path);
      if (!aborted && !state.cut && state.bytesIn !== length) {
        truncateSync(path, session.committed);
        saveSession(session);
        throw new DriveError(400, 'badRequest', 'The chunk is shorter than its Content-Range.');
      }
      if (!aborted && !state.cut && final) {
        session.committed = end;
        saveSession(session);
        const file = await finishSession(session);
        sendFile(response, new URLSearchParams(session.params), file);
        return;
      }
      // Persisted in whole steps of 256 KiB; a cut chunk keeps what whole steps it brought.
      session.committed += Math.floor(Math.max(0, end - session.committed) / UPLOAD_GRANULARITY) * UPLOAD_GRANULARITY;
      truncateSync(path, session.committed);
      saveSession(session);
      if (state.cut) {
        cutConnection(request);
        return;
      }
      if (!aborted) incomplete(response, session);
    });
  };

  // --- routes ---------------------------------------------------------------------------------------------------

  interface RequestContext {
    kind: string;
    cutAfterBytes?: number;
    bytesIn: number;
    scopes: string[];
  }

  interface Route {
    kind: string;
    /** Needs a bearer token (Google's API); false: the token endpoint, session URIs. */
    auth: boolean;
    write: boolean;
    handle(request: IncomingMessage, response: ServerResponse, query: URLSearchParams, context: RequestContext): Promise<void>;
  }

  const listParams = (query: URLSearchParams, name: string, fallback: number): number => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 1000) throw new DriveError(400, 'invalid', 'Invalid Value', { location: name });
    return value;
  };
  const noSharedDrive = (query: URLSearchParams): void => {
    const driveId = query.get('driveId') ?? query.get('teamDriveId');
    if (driveId) throw new DriveError(404, 'notFound', `Shared drive not found: ${driveId}`, { location: 'driveId' });
    if (query.get('corpora') === 'drive')
      throw new DriveError(400, 'invalid', 'The driveId parameter must be specified if and only if corpora is set to drive.', { location: 'driveId' });
  };

  const listFiles: Route['handle'] = async (_request, response, query) => {
    noSharedDrive(query);
    const q = parseDriveQuery(query.get('q') ?? '');
    const pageSize = listParams(query, 'pageSize', 100);
    const selection = fieldsOf(query, FILE_LIST_SCHEMA, DEFAULT_FILE_LIST_FIELDS);
    const spaces = (query.get('spaces') ?? 'drive').split(',').map((space) => space.trim());
    const orderBy = (query.get('orderBy') ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean)
      .map((key) => {
        const [name = '', direction] = key.split(/\s+/);
        if (!['folder', 'createdTime', 'modifiedTime', 'name', 'name_natural', 'quotaBytesUsed', 'recency', 'starred', 'viewedByMeTime'].includes(name)) {
          throw new DriveError(400, 'invalid', 'Invalid Value', { location: 'orderBy' });
        }
        return { name, descending: direction?.toLowerCase() === 'desc' };
      });
    const key = createHash('sha256')
      .update(JSON.stringify([query.get('q'), query.get('orderBy'), spaces]))
      .digest('base64url')
      .slice(0, 12);
    let offset = 0;
    const token = query.get('pageToken');
    if (token) {
      try {
        const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o: number; k: string };
        if (parsed.k !== key || !Number.isInteger(parsed.o) || parsed.o < 0) throw new Error('other query');
        offset = parsed.o;
      } catch {
        throw new DriveError(400, 'invalid', 'Invalid Value', { location: 'pageToken' });
      }
    }
    const compare = (a: StoredFile, b: StoredFile): number => {
      for (const { name, descending } of orderBy) {
        const order =
          name === 'folder'
            ? Number(isFolder(b)) - Number(isFolder(a))
            : name === 'name' || name === 'name_natural'
              ? a.name.localeCompare(b.name, 'en', { numeric: name === 'name_natural' })
              : name === 'modifiedTime' || name === 'recency'
                ? a.modifiedTime.localeCompare(b.modifiedTime)
                : name === 'quotaBytesUsed'
                  ? (a.content?.size ?? 0) - (b.content?.size ?? 0)
                  : name === 'starred'
                    ? Number(b.starred) - Number(a.starred)
                    : a.createdTime.localeCompare(b.createdTime);
        if (order !== 0) return descending ? -order : order;
      }
      return a.createdTime.localeCompare(b.createdTime) || a.id.localeCompare(b.id);
    };
    const matching = spaces.includes('drive')
      ? [...files.values()].filter((file) => !file.isMyDrive && matchesDriveQuery(q, file, resolveId)).sort(compare)
      : [];
    const page = matching.slice(offset, offset + pageSize);
    const next = offset + pageSize < matching.length ? Buffer.from(JSON.stringify({ o: offset + pageSize, k: key })).toString('base64url') : undefined;
    sendJson(response, 200, selectFields({ kind: 'drive#fileList', incompleteSearch: false, nextPageToken: next, files: page.map(resource) }, selection));
  };

  const getFileRoute: Route['handle'] = async (request, response, query, context) => {
    const file = getFile(fileIdOf(request));
    if (query.get('alt') !== 'media') {
      sendFile(response, query, file);
      return;
    }
    if (!file.content) {
      throw new DriveError(403, 'fileNotDownloadable', 'Only files with binary content can be downloaded. Use Export with Docs Editors files.', {
        location: 'alt',
      });
    }
    const size = file.content.size;
    let start = 0;
    let end = size - 1;
    let status = 200;
    const rangeHeader = header(request, 'range');
    if (rangeHeader) {
      const match = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim());
      if (match && (match[1] || match[2])) {
        if (match[1]) {
          start = Number(match[1]);
          end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
        } else {
          start = Math.max(0, size - Number(match[2]));
        }
        if (start >= size || start > end) {
          response.writeHead(416, { 'content-range': `bytes */${size}`, 'content-type': 'application/json; charset=UTF-8' });
          response.end(JSON.stringify(driveErrorBody(416, 'requestedRangeNotSatisfiable', 'Request range not satisfiable')));
          return;
        }
        status = 206;
      }
    }
    const headers: Record<string, string> = {
      'content-type': file.mimeType,
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
      'x-goog-hash': `md5=${Buffer.from(file.content.md5Checksum, 'hex').toString('base64')}`,
    };
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    response.writeHead(status, headers);
    if (size === 0) {
      response.end();
      return;
    }
    const limit = context.cutAfterBytes;
    let sent = 0;
    const source = createReadStream(join(blobsDir, file.content.blob), { start, end });
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            const piece = limit !== undefined && sent + chunk.length > limit ? chunk.subarray(0, limit - sent) : chunk;
            sent += piece.length;
            downloadBytes += piece.length;
            if (piece.length > 0) yield piece;
            if (limit !== undefined && sent >= limit) {
              // Let the bytes reach the socket, then drop it.
              setTimeout(() => response.socket?.destroy(), 50);
              return;
            }
          }
        },
        response,
      );
    } catch {
      // the client went away
    }
  };

  const createFile: Route['handle'] = async (request, response, query) => {
    if (query.get('uploadType')) {
      throw new DriveError(
        400,
        'badRequest',
        `Uploads must be sent to the upload URL. Re-send this request to ${url}/upload/drive/v3/files?uploadType=${query.get('uploadType')}`,
      );
    }
    const body = parseJsonObject((await readSmallBody(request)).toString('utf8'));
    const file = await commitCreate(newFile(body));
    sendFile(response, query, file);
  };

  /**
   * A multipart or media upload in one request: its body received into a temporary file, `commit` with its metadata
   * (none for media) and type, the file answered, the temporary file removed.
   */
  const uploadInOneRequest = async (
    request: IncomingMessage,
    response: ServerResponse,
    query: URLSearchParams,
    context: RequestContext,
    commit: (metadata: Record<string, unknown>, mediaType: string | undefined, path: string) => Promise<StoredFile>,
  ): Promise<void> => {
    const uploadType = query.get('uploadType');
    if (uploadType !== 'multipart' && uploadType !== 'media') {
      throw new DriveError(400, 'invalid', `Invalid value for uploadType: ${uploadType ?? '(none)'}`, { location: 'uploadType' });
    }
    const received =
      uploadType === 'multipart'
        ? await receiveMultipart(request, context)
        : await receiveMedia(request, context).then((path) => path && { metadata: {}, mediaType: header(request, 'content-type')?.split(';')[0], path });
    if (!received) return;
    try {
      sendFile(response, query, await commit(received.metadata, received.mediaType, received.path));
    } finally {
      rmSync(received.path, { force: true });
    }
  };

  const uploadCreate: Route['handle'] = async (request, response, query, context) => {
    if (query.get('uploadType') === 'resumable') return startSession(request, response, query);
    await uploadInOneRequest(request, response, query, context, (metadata, mediaType, path) => commitCreate(newFile(metadata, mediaType), path));
  };

  const updateFile: Route['handle'] = async (request, response, query) => {
    const current = getFile(fileIdOf(request));
    const body = parseJsonObject((await readSmallBody(request)).toString('utf8'));
    const file = await commitUpdate(current, body, query);
    sendFile(response, query, file);
  };

  const uploadUpdate: Route['handle'] = async (request, response, query, context) => {
    const current = getFile(fileIdOf(request));
    if (isFolder(current)) throw new DriveError(400, 'invalid', 'A folder cannot have content.');
    if (query.get('uploadType') === 'resumable') return startSession(request, response, query, current);
    await uploadInOneRequest(request, response, query, context, (metadata, _mediaType, path) => commitUpdate(current, metadata, query, path));
  };

  const deleteFile: Route['handle'] = async (request, response) => {
    const file = getFile(fileIdOf(request));
    protectRootFolder(file);
    const doomed = [...descendantsOf(file.id).reverse(), file];
    for (const gone of doomed) {
      record(gone.id, undefined);
      dropContent(gone.content);
    }
    response.writeHead(204).end();
  };

  const generateIds: Route['handle'] = async (_request, response, query) => {
    const count = listParams(query, 'count', 10);
    sendJson(response, 200, { kind: 'drive#generatedIds', space: query.get('space') ?? 'drive', ids: Array.from({ length: count }, newFileId) });
  };

  const startPageToken: Route['handle'] = async (_request, response, query) => {
    noSharedDrive(query);
    sendJson(response, 200, { kind: 'drive#startPageToken', startPageToken: String(latestSeq() + 1) });
  };

  const listChanges: Route['handle'] = async (_request, response, query) => {
    noSharedDrive(query);
    const token = query.get('pageToken');
    if (!token) throw new DriveError(400, 'required', 'Required parameter: pageToken', { location: 'pageToken' });
    const from = Number(token);
    if (!Number.isInteger(from) || from < 1 || from > latestSeq() + 1) throw new DriveError(400, 'invalid', 'Invalid Value', { location: 'pageToken' });
    const pageSize = listParams(query, 'pageSize', 100);
    const selection = fieldsOf(query, CHANGE_LIST_SCHEMA, DEFAULT_CHANGE_LIST_FIELDS);
    const includeRemoved = query.get('includeRemoved') !== 'false';
    const spaces = (query.get('spaces') ?? 'drive').split(',');
    const changes: Record<string, unknown>[] = [];
    // Entries are in seq order from 1, with no gaps: entry n is log[n - 1].
    let position = from - 1;
    for (; position < log.length && changes.length < pageSize; position++) {
      const entry = log[position]!;
      // A file changed again later appears once, at its latest change, as it is now (as Drive lists changes).
      if (lastSeqOf.get(entry.fileId) !== entry.seq || entry.file?.isMyDrive || !spaces.includes('drive')) continue;
      if (entry.removed && !includeRemoved) continue;
      changes.push({
        kind: 'drive#change',
        changeType: 'file',
        type: 'file',
        time: entry.time,
        removed: entry.removed,
        fileId: entry.fileId,
        file: entry.file ? resource(entry.file) : undefined,
      });
    }
    const more = log.slice(position).some((entry) => lastSeqOf.get(entry.fileId) === entry.seq);
    const body = {
      kind: 'drive#changeList',
      nextPageToken: more ? String(position + 1) : undefined,
      newStartPageToken: more ? undefined : String(latestSeq() + 1),
      changes,
    };
    sendJson(response, 200, selectFields(body, selection));
  };

  const listDrives: Route['handle'] = async (_request, response) => {
    sendJson(response, 200, { kind: 'drive#driveList', drives: [] });
  };

  const about: Route['handle'] = async (_request, response, query) => {
    if (!query.get('fields')) throw new DriveError(400, 'required', "The 'fields' parameter is required for this method.", { location: 'fields' });
    const used = [...files.values()].reduce((sum, file) => sum + (file.content?.size ?? 0), 0);
    const body = {
      kind: 'drive#about',
      user: { kind: 'drive#user', displayName: identity.clientEmail, emailAddress: identity.clientEmail, me: true, permissionId: identity.clientId },
      storageQuota: { usage: String(used), usageInDrive: String(used), usageInDriveTrash: '0', limit: String(15 * 1024 ** 3) },
      rootFolderId: identity.myDriveId,
    };
    sendJson(response, 200, selectFields(body, parseFields(query.get('fields')!)));
  };

  const token: Route['handle'] = async (request, response) => {
    const form = new URLSearchParams((await readSmallBody(request, 64 * 1024)).toString('utf8'));
    const refuse = (error: string, description: string, status = 400): void => sendJson(response, status, { error, error_description: description });
    const grantType = form.get('grant_type');
    if (grantType !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
    const verified = verifyJwt(form.get('assertion') ?? '');
    if (typeof verified === 'string') return refuse('invalid_grant', verified);
    const { claims } = verified;
    if (claims.aud !== tokenUrl && claims.aud !== GOOGLE_TOKEN_URL) return refuse('invalid_grant', 'Invalid JWT: Failed audience check.');
    const scope = typeof claims.scope === 'string' ? claims.scope.trim() : '';
    if (!scope) return refuse('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    const expiresAt = Math.floor(Date.now() / 1000) + accessTokenSeconds;
    const payload = Buffer.from(JSON.stringify({ e: identity.clientEmail, s: scope, x: expiresAt })).toString('base64url');
    sendJson(response, 200, { access_token: `ya29.${payload}.${sign(payload)}`, expires_in: accessTokenSeconds - 1, token_type: 'Bearer' });
  };

  const sign = (payload: string): string => createHmac('sha256', identity.tokenSecret).update(payload).digest('base64url');

  /** Checks a service-account JWT (an assertion, or a self-signed bearer token): signature, issuer, lifetime. */
  function verifyJwt(jwt: string): { claims: Record<string, unknown> } | string {
    const parts = jwt.split('.');
    if (parts.length !== 3) return 'Invalid JWT: not a JWT.';
    let headerJson: Record<string, unknown>;
    let claims: Record<string, unknown>;
    try {
      headerJson = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return 'Invalid JWT: not a JWT.';
    }
    if (headerJson.alg !== 'RS256' || (headerJson.kid !== undefined && headerJson.kid !== identity.privateKeyId)) return 'Invalid JWT Signature.';
    if (!verifySignature('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2]!, 'base64url'))) {
      return 'Invalid JWT Signature.';
    }
    if (claims.iss !== identity.clientEmail) return 'Invalid grant: account not found';
    const nowSeconds = Math.floor(Date.now() / 1000);
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= nowSeconds || iat > nowSeconds + 300 || exp - iat > 3600) {
      return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';
    }
    return { claims };
  }

  const LOGIN_URL = 'See https://developers.google.com/identity/sign-in/web/devconsole-project.';
  /** The scopes of the request's bearer token; 401 as Google answers without a valid one. */
  const authenticate = (request: IncomingMessage, query: URLSearchParams): string[] => {
    const authorization = header(request, 'authorization') ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? query.get('access_token') ?? undefined;
    const unauthenticated = (message: string, itemMessage: string, reason: string): DriveError =>
      new DriveError(
        401,
        reason,
        message,
        { location: 'Authorization', locationType: 'header', itemMessage },
        { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
      );
    if (!bearer) {
      throw unauthenticated(
        `Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. ${LOGIN_URL}`,
        'Login Required.',
        'required',
      );
    }
    const invalid = unauthenticated(
      `Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. ${LOGIN_URL}`,
      'Invalid Credentials',
      'authError',
    );
    const accessToken = /^ya29\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(bearer);
    if (accessToken) {
      const expected = Buffer.from(sign(accessToken[1]!));
      const given = Buffer.from(accessToken[2]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
      const payload = JSON.parse(Buffer.from(accessToken[1]!, 'base64url').toString('utf8')) as { e: string; s: string; x: number };
      if (payload.x <= Date.now() / 1000 || payload.e !== identity.clientEmail) throw invalid;
      return payload.s.split(/\s+/);
    }
    // A self-signed JWT (google-auth-library's JWTAccess, used when no scopes are set): the key's own signature.
    const verified = verifyJwt(bearer);
    if (typeof verified === 'string') throw invalid;
    const scope = verified.claims.scope;
    return typeof scope === 'string' ? scope.split(/\s+/) : WRITE_SCOPES;
  };

  const fileIdOf = (request: IncomingMessage): string => {
    const match = /^\/(?:upload\/)?drive\/v3\/files\/([^/?]+)/.exec(new URL(request.url ?? '/', url).pathname);
    return decodeURIComponent(match?.[1] ?? '');
  };

  /** The route of a request, and its kind (what counters and faults name). */
  const routeOf = (request: IncomingMessage, pathname: string, query: URLSearchParams): Route | undefined => {
    const method = request.method ?? 'GET';
    const route = (kind: string, handle: Route['handle'], auth = true, write = method !== 'GET'): Route => ({ kind, handle, auth, write });
    if (pathname === '/token' && method === 'POST') return route('oauth.token', token, false);
    const uploadId = query.get('upload_id');
    if (uploadId && /^\/upload\/drive\/v3\/files(?:\/[^/]+)?$/.test(pathname)) {
      const session = sessions.get(uploadId);
      const handle: Route['handle'] = async (request, response, _query, context) => {
        if (!session) throw new DriveError(404, 'notFound', 'The upload session was not found or has expired.');
        if (method === 'DELETE') {
          session.state = 'cancelled';
          saveSession(session);
          rmSync(partFile(session.id), { force: true });
          response.writeHead(499, { 'content-length': '0' }).end();
          return;
        }
        await sessionRequest(request, response, session, context);
      };
      if (method === 'DELETE') return route('upload.cancel', handle, false);
      if (method !== 'PUT' && method !== 'POST') return undefined;
      const range = header(request, 'content-range') ?? '';
      return route(/^bytes \*\//.test(range.trim()) || range === '' ? 'upload.status' : 'upload.chunk', handle, false);
    }
    if (pathname === '/upload/drive/v3/files' && method === 'POST') return route(`files.create.${query.get('uploadType') ?? 'media'}`, uploadCreate);
    if (/^\/upload\/drive\/v3\/files\/[^/]+$/.test(pathname) && (method === 'PATCH' || method === 'PUT')) {
      return route(`files.update.${query.get('uploadType') ?? 'media'}`, uploadUpdate);
    }
    if (pathname === '/drive/v3/files' && method === 'GET') return route('files.list', listFiles);
    if (pathname === '/drive/v3/files' && method === 'POST') return route('files.create', createFile);
    if (pathname === '/drive/v3/files/generateIds' && method === 'GET') return route('files.generateIds', generateIds);
    if (/^\/drive\/v3\/files\/[^/]+$/.test(pathname)) {
      if (method === 'GET') return route(query.get('alt') === 'media' ? 'files.get.media' : 'files.get', getFileRoute);
      if (method === 'PATCH') return route('files.update', updateFile);
      if (method === 'DELETE') return route('files.delete', deleteFile);
    }
    if (pathname === '/drive/v3/changes/startPageToken' && method === 'GET') return route('changes.getStartPageToken', startPageToken);
    if (pathname === '/drive/v3/changes' && method === 'GET') return route('changes.list', listChanges);
    if (pathname === '/drive/v3/drives' && method === 'GET') return route('drives.list', listDrives);
    if (pathname === '/drive/v3/about' && method === 'GET') return route('about.get', about);
    return undefined;
  };

  /** Reads and drops what is left of a request's body (before answering it with an error). */
  const discardBody = async (request: IncomingMessage): Promise<void> => {
    if (request.complete || request.destroyed) return;
    request.resume();
    await finished(request).catch(() => undefined);
  };

  // --- the control API and the pages ------------------------------------------------------------------------------

  const controlFile = (file: StoredFile) => ({ ...resource(file), path: pathOf(file), blob: file.content?.blob, isMyDrive: file.isMyDrive ?? false });

  const control = async (request: IncomingMessage, response: ServerResponse, pathname: string): Promise<boolean> => {
    const method = request.method ?? 'GET';
    if (pathname === '/_standin/service-account.json' && method === 'GET') {
      sendJson(response, 200, keyFile);
    } else if (pathname === '/_standin/info' && method === 'GET') {
      sendJson(response, 200, {
        rootFolderId: identity.rootFolderId,
        myDriveId: identity.myDriveId,
        tokenUrl,
        rootUrl,
        url,
        clientEmail: identity.clientEmail,
        dataDir,
      });
    } else if (pathname === '/_standin/files' && method === 'GET') {
      sendJson(response, 200, [...files.values()].map(controlFile));
    } else if (/^\/_standin\/files\/[^/]+\/people$/.test(pathname) && method === 'PUT') {
      // As if a person had put the file there (or changed it): its owner and last modifier, a change in the feed.
      const file = files.get(decodeURIComponent(pathname.split('/')[3] ?? ''));
      if (!file || file.isMyDrive) throw new DriveError(404, 'notFound', 'File not found.');
      let body: unknown;
      try {
        body = JSON.parse((await readSmallBody(request)).toString('utf8'));
      } catch {
        throw new DriveError(400, 'invalid', 'JSON: { owner?, lastModifyingUser? }.');
      }
      const people = body as { owner?: unknown; lastModifyingUser?: unknown };
      const isEmail = (value: unknown): value is string | undefined => value === undefined || (typeof value === 'string' && /^[^@\s]+@[^@\s]+$/.test(value));
      if (typeof body !== 'object' || body === null || !isEmail(people.owner) || !isEmail(people.lastModifyingUser))
        throw new DriveError(400, 'invalid', 'JSON: { owner?, lastModifyingUser? }, e-mail addresses.');
      record(file.id, {
        ...file,
        ownerEmail: people.owner ?? file.ownerEmail,
        lastModifyingEmail: people.lastModifyingUser ?? file.lastModifyingEmail,
        modifiedTime: now(),
      });
      response.writeHead(204).end();
    } else if (pathname === '/_standin/requests' && method === 'GET') {
      sendJson(response, 200, { counts, uploadBytes, downloadBytes, recent });
    } else if (pathname === '/_standin/requests' && method === 'DELETE') {
      for (const key of Object.keys(counts)) delete counts[key];
      uploadBytes = 0;
      downloadBytes = 0;
      recent.length = 0;
      response.writeHead(204).end();
    } else if (pathname === '/_standin/uploads' && method === 'GET') {
      sendJson(
        response,
        200,
        [...sessions.values()].map(({ metadata, ...session }) => ({ ...session, name: typeof metadata.name === 'string' ? metadata.name : undefined })),
      );
    } else if (pathname === '/_standin/faults' && ['PUT', 'POST'].includes(method)) {
      let body: unknown;
      try {
        body = JSON.parse((await readSmallBody(request)).toString('utf8') || '[]');
      } catch {
        throw new DriveError(400, 'invalid', 'A JSON list of faults.');
      }
      if (!Array.isArray(body) || !body.every(isFault)) throw new DriveError(400, 'invalid', 'A list of faults (see DriveFault).');
      const added = body.map((fault) => ({ ...fault, seen: 0, used: 0 }));
      faults = method === 'PUT' ? added : [...faults, ...added];
      response.writeHead(204).end();
    } else if (pathname === '/_standin/faults' && method === 'GET') {
      sendJson(
        response,
        200,
        faults.map(({ seen: _seen, used, ...fault }) => ({ ...fault, remaining: (fault.times ?? 1) - used })),
      );
    } else if (pathname === '/_standin/faults' && method === 'DELETE') {
      faults = [];
      response.writeHead(204).end();
    } else if (method === 'GET' && (pathname === '/' || pathname.startsWith('/drive/folders/') || pathname.startsWith('/file/d/'))) {
      page(response, pathname);
    } else {
      return false;
    }
    return true;
  };

  const formatSize = (bytes: number): string =>
    bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

  const page = (response: ServerResponse, pathname: string): void => {
    const fileMatch = /^\/file\/d\/([^/]+)\/(view|content)$/.exec(pathname);
    if (fileMatch?.[2] === 'content') {
      const file = files.get(fileMatch[1]!);
      if (!file?.content) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('No such file');
        return;
      }
      response.writeHead(200, {
        'content-type': file.mimeType,
        'content-length': String(file.content.size),
        'content-disposition': `attachment; filename="${encodeURIComponent(file.name)}"`,
      });
      createReadStream(join(blobsDir, file.content.blob))
        .on('error', () => response.destroy())
        .pipe(response);
      return;
    }
    const row = (file: StoredFile): string => {
      const name = escapeHtml(file.name);
      const label = file.trashed ? `<s>${name}</s> <em class="trashed">(trashed)</em>` : name;
      if (isFolder(file)) {
        const children = childrenOf(file.id).sort((a, b) => Number(isFolder(b)) - Number(isFolder(a)) || a.name.localeCompare(b.name));
        return `<li class="folder"><a href="/drive/folders/${file.id}"><b>${label}/</b></a> <code>${file.id}</code>${
          children.length > 0 ? `<ul>${children.map(row).join('')}</ul>` : ''
        }</li>`;
      }
      const details = file.content ? `${formatSize(file.content.size)} · sha256 <code>${file.content.sha256Checksum}</code>` : 'no content';
      return `<li class="file"><a href="/file/d/${file.id}/view">${label}</a> · ${escapeHtml(file.mimeType)} · ${details}</li>`;
    };
    let body: string;
    if (fileMatch) {
      const file = files.get(fileMatch[1]!);
      body = file
        ? `<h2>${escapeHtml(pathOf(file))}${file.trashed ? ' <em class="trashed">(trashed)</em>' : ''}</h2><pre>${escapeHtml(JSON.stringify(resource(file), null, 2))}</pre>${
            file.content ? `<p><a href="/file/d/${file.id}/content">Download</a></p>` : ''
          }`
        : '<p>No such file.</p>';
    } else {
      const folderId = pathname.startsWith('/drive/folders/') ? pathname.slice('/drive/folders/'.length) : identity.myDriveId;
      const folder = files.get(folderId);
      body = folder ? `<ul class="tree">${row(folder)}</ul>` : '<p>No such folder.</p>';
      const active = [...sessions.values()].filter((session) => session.state === 'active');
      body += `<h2>Requests</h2><p>${
        Object.entries(counts)
          .sort()
          .map(([kind, count]) => `${escapeHtml(kind)}: ${count}`)
          .join(' · ') || 'none yet'
      }</p><h2>Uploads in progress</h2>${
        active.length > 0
          ? `<ul>${active.map((session) => `<li>${escapeHtml(String(session.metadata.name ?? session.fileId ?? session.id))}: ${formatSize(session.committed)}${session.declaredSize !== undefined ? ` of ${formatSize(session.declaredSize)}` : ''}</li>`).join('')}</ul>`
          : '<p>none</p>'
      }`;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><meta charset="utf-8"><title>Venue Book · local Google Drive</title><style>body{font:14px system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}ul.tree,ul.tree ul{list-style:none;padding-left:1.2rem}li{margin:.2rem 0}code{font-size:12px;color:#555}.trashed{color:#b91c1c}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem;border-radius:6px}</style><h1><a href="/">Local Google Drive</a> (development only)</h1><p>Service account <code>${escapeHtml(identity.clientEmail)}</code> (<a href="/_standin/service-account.json">key file</a>) · root folder (GOOGLE_DRIVE_ROOT_FOLDER_ID) <code>${identity.rootFolderId}</code> · client rootUrl <code>${rootUrl}</code></p>${body}`,
      );
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // Only this machine's names: a web page cannot reach it through a DNS name it rebinds to 127.0.0.1.
    if (![`${host}:${port}`, `localhost:${port}`].includes(request.headers.host ?? '')) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    // A page of another site may send requests here (it cannot read the answers): the control API, the page and
    // the files are for this machine's own tools and browser tabs only.
    const crossSite = request.headers.origin !== undefined && request.headers.origin !== url && request.headers.origin !== `http://localhost:${port}`;
    const fetchSite = request.headers['sec-fetch-site'];
    let parsed: URL;
    try {
      parsed = new URL(request.url ?? '/', url);
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
      return;
    }
    const query = parsed.searchParams;
    void (async () => {
      const controlPath =
        parsed.pathname === '/' ||
        parsed.pathname.startsWith('/_standin/') ||
        parsed.pathname.startsWith('/drive/folders/') ||
        parsed.pathname.startsWith('/file/d/');
      if (controlPath && (crossSite || fetchSite === 'cross-site')) throw new DriveError(403, 'forbidden', 'Not for other sites.');
      if (
        parsed.pathname === '/' ||
        parsed.pathname.startsWith('/_standin/') ||
        parsed.pathname.startsWith('/drive/folders/') ||
        parsed.pathname.startsWith('/file/d/')
      ) {
        if (await control(request, response, parsed.pathname)) return;
      }
      const route = routeOf(request, parsed.pathname, query);
      if (!route) {
        await discardBody(request);
        throw new DriveError(404, 'notFound', `Not Found: ${request.method} ${parsed.pathname}`);
      }
      const context: RequestContext = { kind: route.kind, bytesIn: 0, scopes: [] };
      counts[route.kind] = (counts[route.kind] ?? 0) + 1;
      const entry: RequestRecord = { at: now(), kind: route.kind, method: request.method ?? 'GET', path: parsed.pathname, status: 0, bytesIn: 0 };
      recent.push(entry);
      if (recent.length > RECENT_REQUESTS) recent.shift();
      response.on('finish', () => (entry.status = response.statusCode));
      response.on('close', () => (entry.bytesIn = context.bytesIn));
      const fault = takeFault(route.kind, entry.method, parsed.pathname);
      if (fault?.delayMs) await sleep(fault.delayMs);
      if (fault?.status) {
        await discardBody(request);
        const reason = fault.reason ?? defaultReason(fault.status);
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
        throw new DriveError(fault.status, reason, fault.message ?? defaultMessage(fault.status, reason), {}, headers);
      }
      if (fault?.cutAfterBytes !== undefined) {
        context.cutAfterBytes = fault.cutAfterBytes;
        const hasBody = Number(header(request, 'content-length') ?? 0) > 0 || header(request, 'transfer-encoding') !== undefined;
        if (!hasBody && route.kind !== 'files.get.media') {
          cutConnection(request);
          return;
        }
      }
      if (route.auth) {
        context.scopes = authenticate(request, query);
        const allowed = route.write ? WRITE_SCOPES : READ_SCOPES;
        if (!context.scopes.some((scope) => allowed.includes(scope))) {
          throw new DriveError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', { itemMessage: 'Insufficient Permission' });
        }
      }
      await route.handle(request, response, query, context);
    })()
      .catch(async (error: unknown) => {
        if (error instanceof DriveError) {
          await discardBody(request);
          sendError(response, error);
          return;
        }
        console.error('[google-drive]', request.method, request.url, error);
        if (!response.headersSent && !response.destroyed) sendError(response, new DriveError(500, 'internalError', 'Internal Error'));
      })
      .catch((error: unknown) => {
        // Answering failed too (e.g. the connection is gone): the request is over, the server stays up.
        console.error('[google-drive] could not answer', request.method, request.url, error);
        response.destroy();
      });
  });

  return {
    url,
    rootUrl,
    tokenUrl,
    rootFolderId: identity.rootFolderId,
    dataDir,
    keyFile,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          closeSync(logFd);
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

if (import.meta.main) {
  const ownDataDir = !process.env.DRIVE_DATA_DIR;
  const dataDir = process.env.DRIVE_DATA_DIR || mkdtempSync(join(tmpdir(), 'venuebook-google-drive-'));
  const standIn = await startGoogleDriveStandIn({
    port: Number(process.env.HTTP_PORT ?? 0),
    dataDir,
    rootFolderName: process.env.DRIVE_ROOT_FOLDER_NAME || undefined,
    accessTokenSeconds: process.env.DRIVE_TOKEN_SECONDS ? Number(process.env.DRIVE_TOKEN_SECONDS) : undefined,
  });
  console.log(JSON.stringify({ httpPort: Number(new URL(standIn.url).port), url: standIn.url, rootFolderId: standIn.rootFolderId, dataDir }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void standIn.close().then(() => {
        if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
      setTimeout(() => process.exit(0), 2000).unref();
    });
  }
}
