// The worker's client of Google Drive v3, through Google's own client library (@googleapis/drive with
// google-auth-library's service-account JWT): folders and files found by the `appProperties` the worker puts on
// them, resumable uploads streamed from a source that can start at any offset, moves, renames and trash, and the
// changes feed. Drive's failures become the worker runtime's: rate limits and 5xx are retried (Retry-After
// honoured), other 4xx fail the job with Drive's message.
import type { Readable } from 'node:stream';
import { drive as driveApi, type drive_v3 } from '@googleapis/drive';
import { JWT } from 'google-auth-library';
import { GaxiosError } from 'gaxios';
import { parseRetryAfter, PermanentJobFailure, RetryLater } from '@venuebook/service-kit';
import { FOLDER_MIME_TYPE } from '../domain/drive-layout.ts';
import { isLoopbackUrl, isUploadSessionUri, safeFileLink } from '../domain/drive-urls.ts';

/** Google's token endpoint (google-auth-library posts the JWT grant there whatever the key file says). */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPES = ['https://www.googleapis.com/auth/drive'];
const FILE_FIELDS = 'id,name,mimeType,parents,appProperties,size,md5Checksum,trashed,webViewLink,owners(emailAddress),lastModifyingUser(emailAddress)';

/** A service account's key file (what the Google Cloud console downloads). */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  /** Where the JWT grant goes: Google's, or the local stand-in's. */
  token_uri?: string;
}

export interface DriveSettings {
  credentials: ServiceAccountKey;
  /** The API's root (`https://www.googleapis.com/` for Google; the stand-in's locally). */
  rootUrl?: string;
  /** How long one request may take (an upload's PUT: per attempt). */
  timeoutMs?: number;
}

export interface DriveItem {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
  size: number;
  md5Checksum: string;
  trashed: boolean;
  webViewLink: string;
  /** Who owns the file and who changed it last, as Drive says ('' when it does not: e.g. a shared drive's file has no owner). */
  ownerEmail: string;
  lastModifiedByEmail: string;
}

/** A file's bytes from `offset` on (an upload resumes where Drive's session says it stopped). */
export type ByteSource = (offset: number, signal: AbortSignal) => Promise<Readable>;

export interface UploadRequest {
  name: string;
  mimeType: string;
  size: number;
  parentId: string;
  appProperties: Record<string, string>;
  source: ByteSource;
  signal: AbortSignal;
  /** A session opened by an earlier attempt (kept in the job's progress): resumed when Drive still knows it. */
  sessionUri?: string;
  /** Called with the session's URI once it is open, so that a later attempt can resume it. */
  onSession?: (sessionUri: string) => Promise<void> | void;
}

export interface DriveChange {
  fileId: string;
  removed: boolean;
  file: DriveItem | null;
}

/** One page of Drive's changes feed. */
export interface DriveChangePage {
  changes: DriveChange[];
  /** Where the next read starts: the next page's token, or after the last page the token of the changes to come. */
  nextPageToken: string;
  /** Whether this was the last page for now (`nextPageToken` is Drive's new start page token). */
  last: boolean;
}

/** Drive no longer takes the saved page token (invalid or expired): the feed must start again from a new one. */
export class InvalidPageToken extends Error {}

export interface Drive {
  /** The item that is not trashed and carries every one of `appProperties` (under `parentId`, when given). */
  findByProperties(appProperties: Record<string, string>, parentId?: string): Promise<DriveItem | null>;
  /** The folders and files directly in `parentId` that are not trashed. */
  /** The files and folders in a folder (not trashed), at most `maxItems` of them. */
  children(parentId: string, maxItems?: number): Promise<DriveItem[]>;
  get(fileId: string): Promise<DriveItem | null>;
  createFolder(name: string, parentId: string, appProperties: Record<string, string>): Promise<DriveItem>;
  rename(fileId: string, name: string): Promise<void>;
  move(fileId: string, toParentId: string, fromParentIds: readonly string[]): Promise<void>;
  trash(fileId: string): Promise<void>;
  /** Sets (merges) appProperties on a file (a null value removes its key). */
  setAppProperties(fileId: string, appProperties: Record<string, string | null>): Promise<void>;
  /** Uploads through a resumable session; after a cut, resumes at the offset Drive committed. */
  upload(request: UploadRequest): Promise<DriveItem>;
  /** The file's bytes. */
  download(fileId: string, signal: AbortSignal): Promise<Readable>;
  /** The token of the changes from now on. */
  startPageToken(): Promise<string>;
  /**
   * One page (at most `pageSize` changes) of the changes since `pageToken`; InvalidPageToken when Drive refuses the
   * token itself.
   */
  changes(pageToken: string, pageSize?: number): Promise<DriveChangePage>;
}

/**
 * Sends the JWT grant to the key file's `token_uri` when it is not Google's (google-auth-library always posts to
 * Google's endpoint; the local stand-in has its own).
 */
function routeTokenRequests(auth: JWT, tokenUri: string | undefined): void {
  // Only to this machine (the local Google Drive): a key file naming another token endpoint is not followed (the
  // signed assertion it would receive is Google's to exchange).
  if (!tokenUri || tokenUri === GOOGLE_TOKEN_URL || !isLoopbackUrl(tokenUri)) return;
  auth.transporter.interceptors.request.add({
    resolved: async (options) => (String(options.url) === GOOGLE_TOKEN_URL ? Object.assign(options, { url: new URL(tokenUri) }) : options),
  });
}

const toItem = (file: drive_v3.Schema$File): DriveItem => ({
  id: file.id ?? '',
  name: file.name ?? '',
  mimeType: file.mimeType ?? '',
  parents: file.parents ?? [],
  appProperties: (file.appProperties as Record<string, string> | undefined) ?? {},
  size: Number(file.size ?? 0),
  md5Checksum: file.md5Checksum ?? '',
  trashed: file.trashed === true,
  webViewLink: file.webViewLink ?? '',
  ownerEmail: file.owners?.[0]?.emailAddress ?? '',
  lastModifiedByEmail: file.lastModifyingUser?.emailAddress ?? '',
});

/** A value inside a Drive query's single quotes. */
const quoted = (value: string): string => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Drive's `Retry-After` or nothing. */
function retryAfterOf(error: GaxiosError): number | undefined {
  const headers = error.response?.headers as Headers | Record<string, string> | undefined;
  const value = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  return parseRetryAfter(value ?? undefined);
}

/** Drive's reason (`rateLimitExceeded`, `notFound`, …), the parameter it names and its message, from its error body. */
function reasonOf(error: GaxiosError): { reason: string; location: string; message: string } {
  const body = error.response?.data as { error?: { message?: string; errors?: { reason?: string; location?: string }[] } } | undefined;
  const [first] = body?.error?.errors ?? [];
  return { reason: first?.reason ?? '', location: first?.location ?? '', message: body?.error?.message ?? error.message };
}

/** Whether Drive refused a changes request for its page token itself (a 4xx naming `pageToken`, rate limits aside). */
export function refusesPageToken(error: unknown): boolean {
  if (!(error instanceof GaxiosError) || !error.response) return false;
  const { status } = error.response;
  return status >= 400 && status < 500 && status !== 429 && reasonOf(error).location === 'pageToken';
}

/** Addresses in a message (a session URI is a capability: it must not reach a log or a user). */
const withoutUrls = (text: string): string => text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, '<url>');

/**
 * Drive's failure as the worker runtime's: 429, 403 rate limits and 5xx are retried (after Drive's Retry-After,
 * else with back-off); any other answer fails the job with Drive's message; no answer at all (a cut, a timeout)
 * is retried.
 */
export function driveFailure(error: unknown, what: string): Error {
  if (error instanceof RetryLater || error instanceof PermanentJobFailure) return error;
  if (!(error instanceof GaxiosError) || !error.response) {
    // No answer (a cut, a timeout, the file's bytes not read): a plain error, retried; its text names no address.
    const code = (error as { code?: unknown }).code;
    const why = typeof code === 'string' ? code : withoutUrls(error instanceof Error ? error.message : String(error)).slice(0, 200);
    return new Error(`Google Drive ${what}: no answer (${why})`);
  }
  const status = error.response.status;
  const { reason, message } = reasonOf(error);
  const text = `Google Drive ${what}: ${status} ${withoutUrls(message).slice(0, 500)}`;
  const rateLimited = status === 429 || (status === 403 && (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded'));
  if (rateLimited || status >= 500) {
    const wait = retryAfterOf(error);
    return wait === undefined ? new Error(text) : new RetryLater(text, wait);
  }
  return new PermanentJobFailure(text);
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw driveFailure(error, what);
  }
}

export function createDrive(settings: DriveSettings): Drive {
  const rootUrl = settings.rootUrl ?? 'https://www.googleapis.com/';
  const timeout = settings.timeoutMs ?? 60_000;
  const auth = new JWT({
    email: settings.credentials.client_email,
    key: settings.credentials.private_key,
    keyId: settings.credentials.private_key_id,
    scopes: SCOPES,
  });
  routeTokenRequests(auth, settings.credentials.token_uri);
  // The library's own retries are off: the worker runtime retries whole jobs, with its back-off and its counts.
  const api = driveApi({ version: 'v3', auth, rootUrl, timeout, retry: false });
  /** Drive's file as the worker keeps it: its link only when it is Drive's own. */
  const item = (file: drive_v3.Schema$File): DriveItem => {
    const kept = toItem(file);
    return { ...kept, webViewLink: safeFileLink(kept.webViewLink, rootUrl) };
  };
  const shared = { supportsAllDrives: true } as const;

  /** The files `q` matches, page by page until `maxItems` are read (a folder anyone can fill never reads without end). */
  async function list(q: string, pageSize: number, maxItems: number): Promise<DriveItem[]> {
    const items: DriveItem[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await api.files.list({
        ...shared,
        includeItemsFromAllDrives: true,
        q,
        pageSize,
        pageToken,
        fields: `nextPageToken,files(${FILE_FIELDS})`,
      });
      items.push(...(data.files ?? []).map(item));
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken && items.length < maxItems);
    return items.slice(0, maxItems);
  }

  /**
   * Where the session stands: the next offset to send, or the finished file; null when Drive no longer knows it,
   * or cannot be reached at that address at all (a session of a local Drive restarted on another port).
   */
  async function sessionStatus(sessionUri: string, size: number, signal: AbortSignal): Promise<{ next: number } | { file: DriveItem } | null> {
    if (!isUploadSessionUri(sessionUri, rootUrl)) return null;
    const response = await auth
      .request<drive_v3.Schema$File>({
        url: sessionUri,
        method: 'PUT',
        headers: { 'Content-Range': `bytes */${size}` },
        validateStatus: (status) => status === 308 || (status >= 200 && status < 300) || status === 404 || status === 410,
        retry: false,
        maxRedirects: 0,
        signal,
        timeout,
      })
      .catch((error: unknown) => {
        if (error instanceof GaxiosError && !error.response && (error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND')) return null;
        throw error;
      });
    if (!response || response.status === 404 || response.status === 410) return null;
    if (response.status !== 308) return { file: item(response.data) };
    const range = response.headers.get?.('range') ?? (response.headers as unknown as Record<string, string>).range;
    const end = /bytes=0-(\d+)/.exec(range ?? '')?.[1];
    return { next: end === undefined ? 0 : Number(end) + 1 };
  }

  async function openSession(request: UploadRequest): Promise<string> {
    const response = await auth.request({
      url: `${rootUrl}upload/drive/v3/files?uploadType=resumable&supportsAllDrives=true&fields=${encodeURIComponent(FILE_FIELDS)}`,
      method: 'POST',
      headers: {
        'X-Upload-Content-Type': request.mimeType,
        'X-Upload-Content-Length': String(request.size),
        'Content-Type': 'application/json; charset=UTF-8',
      },
      data: { name: request.name, mimeType: request.mimeType, parents: [request.parentId], appProperties: request.appProperties },
      retry: false,
      maxRedirects: 0,
      signal: request.signal,
      timeout,
    });
    const location = response.headers.get?.('location') ?? (response.headers as unknown as Record<string, string>).location;
    // Where the token and the bytes go next: only a session of the API's own origin.
    if (!location || !isUploadSessionUri(location, rootUrl)) throw new Error('Google Drive did not open an upload session');
    return location;
  }

  return {
    async findByProperties(appProperties, parentId) {
      const terms = Object.entries(appProperties).map(([key, value]) => `appProperties has { key=${quoted(key)} and value=${quoted(value)} }`);
      if (parentId) terms.push(`${quoted(parentId)} in parents`);
      terms.push('trashed = false');
      const [found] = await call('lookup', () => list(terms.join(' and '), 10, 1));
      return found ?? null;
    },

    children(parentId, maxItems = Number.POSITIVE_INFINITY) {
      return call('listing', () => list(`${quoted(parentId)} in parents and trashed = false`, Math.min(1000, maxItems), maxItems));
    },

    async get(fileId) {
      try {
        const { data } = await api.files.get({ ...shared, fileId, fields: FILE_FIELDS });
        return item(data);
      } catch (error) {
        if (error instanceof GaxiosError && error.response?.status === 404) return null;
        throw driveFailure(error, 'read');
      }
    },

    async createFolder(name, parentId, appProperties) {
      const { data } = await call('folder create', () =>
        api.files.create({ ...shared, fields: FILE_FIELDS, requestBody: { name, mimeType: FOLDER_MIME_TYPE, parents: [parentId], appProperties } }),
      );
      return item(data);
    },

    async rename(fileId, name) {
      await call('rename', () => api.files.update({ ...shared, fileId, fields: 'id', requestBody: { name } }));
    },

    async setAppProperties(fileId, appProperties) {
      // Drive takes a null value as 'remove this key'; its type says strings only.
      await call('update', () =>
        api.files.update({ ...shared, fileId, fields: 'id', requestBody: { appProperties: appProperties as Record<string, string> } }),
      );
    },

    async move(fileId, toParentId, fromParentIds) {
      const removeParents = fromParentIds.filter((id) => id !== toParentId).join(',');
      await call('move', () => api.files.update({ ...shared, fileId, fields: 'id', addParents: toParentId, ...(removeParents ? { removeParents } : {}) }));
    },

    async trash(fileId) {
      try {
        await api.files.update({ ...shared, fileId, fields: 'id', requestBody: { trashed: true } });
      } catch (error) {
        // Already gone: nothing to trash.
        if (error instanceof GaxiosError && error.response?.status === 404) return;
        throw driveFailure(error, 'trash');
      }
    },

    async upload(request) {
      return call('upload', async () => {
        let sessionUri = request.sessionUri;
        let status = sessionUri ? await sessionStatus(sessionUri, request.size, request.signal) : null;
        if (!sessionUri || !status) {
          sessionUri = await openSession(request);
          await request.onSession?.(sessionUri);
          status = { next: 0 };
        }
        if ('file' in status) return status.file;
        const start = status.next;
        // One PUT with the rest of the file, streamed from the source at the committed offset. A cut throws (the job
        // is retried, and resumes the same session).
        const body = await request.source(start, request.signal);
        const response = await auth.request<drive_v3.Schema$File>({
          url: sessionUri,
          method: 'PUT',
          headers: {
            'Content-Length': String(request.size - start),
            ...(request.size > 0 ? { 'Content-Range': `bytes ${start}-${request.size - 1}/${request.size}` } : {}),
          },
          data: body,
          retry: false,
          maxRedirects: 0,
          signal: request.signal,
          timeout,
        });
        return item(response.data);
      });
    },

    async download(fileId, signal) {
      // The client's timeout would also cut the body of a large file: the caller's signal bounds a download.
      const response = await call('download', () => api.files.get({ ...shared, fileId, alt: 'media' }, { responseType: 'stream', signal, timeout: 0 }));
      return response.data as unknown as Readable;
    },

    async startPageToken() {
      const { data } = await call('changes', () => api.changes.getStartPageToken({ ...shared }));
      if (!data.startPageToken) throw new Error('Google Drive gave no start page token');
      return data.startPageToken;
    },

    async changes(pageToken, pageSize = 1000) {
      let data: drive_v3.Schema$ChangeList;
      try {
        ({ data } = await api.changes.list({
          ...shared,
          includeItemsFromAllDrives: true,
          pageToken,
          pageSize,
          fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${FILE_FIELDS}))`,
        }));
      } catch (error) {
        if (refusesPageToken(error)) throw new InvalidPageToken(`Google Drive refused the changes page token (${(error as GaxiosError).response?.status})`);
        throw driveFailure(error, 'changes');
      }
      const changes = (data.changes ?? []).map((change) => ({
        fileId: change.fileId ?? '',
        removed: change.removed === true,
        file: change.file ? item(change.file) : null,
      }));
      if (data.nextPageToken) return { changes, nextPageToken: data.nextPageToken, last: false };
      // Drive ends the feed with the token of the changes to come; without either, the same token is asked again.
      return { changes, nextPageToken: data.newStartPageToken ?? pageToken, last: true };
    },
  };
}
