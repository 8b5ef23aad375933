// The local stand-ins as their clients see them (no server code here): the OpenID Connect provider's subjects
// and ID tokens, its account chooser driven as a browser would, the mail sink's mailbox, the webhook receiver and
// the local Google Drive (its control API, and a resumable upload through Google's auth client). Tests use them
// beside the stand-ins that the launcher runs (@venuebook/stand-ins), and the stand-ins themselves sign with
// idTokenMinter, so that a test's token and the provider's are made the same way.
import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { JWK } from 'jose';

/** Stable subject per address, as Google's `sub` is per account. */
export const subjectOf = (email: string): string => Buffer.from(email.toLowerCase()).toString('base64url');

/** The claims of a minted ID token; unset ones get what the provider would put there. */
export interface MintedClaims {
  email: string;
  /** Default true. */
  emailVerified?: boolean;
  /** Default: the e-mail's domain (as Google's hd for a Workspace account); null leaves it out (a personal account). */
  hd?: string | null;
  /** Default: the provider's client id. */
  audience?: string | string[];
  /** Default: the provider's issuer. */
  issuer?: string;
  /** Default: subjectOf(email). */
  subject?: string;
  /** Seconds since the epoch; default now. */
  issuedAt?: number;
  /** Seconds since the epoch; default issuedAt + 600. */
  expiresAt?: number;
  /** Default: a random nonce, as the gateway sends one with every authorization request. */
  nonce?: string;
  /** Further claims (azp, …). */
  extra?: Record<string, unknown>;
}

/** What signs the provider's ID tokens: its issuer, its client and its private key (tests only). */
export interface OidcSigningKey {
  issuer: string;
  clientId: string;
  kid: string;
  privateJwk: JWK;
}

/** mintIdToken of the provider whose signing key this is (e.g. handed over from the process that runs it). */
export function idTokenMinter(key: OidcSigningKey): (claims: MintedClaims) => Promise<string> {
  let privateKey: ReturnType<typeof importJWK> | undefined;
  return async (claims) => {
    const issuedAt = claims.issuedAt ?? Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = {
      email: claims.email,
      email_verified: claims.emailVerified ?? true,
      nonce: claims.nonce ?? randomBytes(16).toString('base64url'),
      ...claims.extra,
    };
    const hd = claims.hd === undefined ? claims.email.split('@')[1] : claims.hd;
    if (hd !== null) payload.hd = hd;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(claims.issuer ?? key.issuer)
      .setAudience(claims.audience ?? key.clientId)
      .setSubject(claims.subject ?? subjectOf(claims.email))
      .setIssuedAt(issuedAt)
      .setExpirationTime(claims.expiresAt ?? issuedAt + 600)
      .sign(await (privateKey ??= importJWK(key.privateJwk, 'RS256')));
  };
}

/**
 * Node's fetch with a browser's cookie jar, one jar per origin (paths ignored: each origin sees only its own
 * cookies, which is enough for the tests), redirects not followed. `jar(origin)` reads a jar.
 */
export function cookieJarFetch(): ((url: URL, init?: RequestInit) => Promise<Response>) & { jar(origin: string): Map<string, string> } {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (origin: string): Map<string, string> => {
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    return jar;
  };
  const browse = async (url: URL, init: RequestInit = {}): Promise<Response> => {
    const jar = jarOf(url.origin);
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const equals = pair.indexOf('=');
      if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    return response;
  };
  return Object.assign(browse, { jar: jarOf });
}

/**
 * A browser at the stand-in's account chooser: follows the provider's redirects from `authorizationUrl`
 * (the location the app's 'Continue with Google' answered), picks `email` on the chooser, and returns where
 * the provider sends the browser back (the app's callback URL with code and state). Keeps the provider's
 * cookies in a jar of its own.
 */
export async function chooseAccount(authorizationUrl: URL, email: string): Promise<URL> {
  const issuer = authorizationUrl.origin;
  const browse = cookieJarFetch();
  const hop = async (url: URL, init: RequestInit = {}): Promise<URL> => {
    const response = await browse(url, init);
    if (response.status < 300 || response.status > 399) throw new Error(`account chooser: ${url.pathname} answered ${response.status}`);
    return new URL(response.headers.get('location') ?? '', url);
  };
  let next = authorizationUrl;
  for (let step = 0; step < 6 && next.origin === issuer; step++) {
    next = next.pathname.startsWith('/interaction/')
      ? await hop(new URL(`${next.pathname}/select`, next), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }).toString(),
        })
      : await hop(next);
  }
  if (next.origin === issuer) throw new Error(`account chooser: still at the provider (${next.pathname}) after 6 steps`);
  return next;
}

/** Finds the newest confirmation link sent to `email` in the local mailbox. */
export async function confirmationLink(mailboxUrl: string | undefined, email: string): Promise<string> {
  if (!mailboxUrl) throw new Error('no local mailbox: SMTP_URL is configured, confirmation mails go to that relay');
  const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { text: string }[];
  const link = messages.at(-1)?.text.match(/https?:\/\/\S+\/api\/v1\/auth\/confirm\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  return link;
}

/**
 * What the integration project's stand-ins are (tests/setup/stand-ins.global.ts, started on the first request):
 * the mail sink (SMTP and its mailbox), two OpenID Connect providers whose signing keys are handed over, so
 * that tests mint ID tokens they would sign: `oidc`, the one a service under test trusts, and `otherOidc`, a
 * provider it must not trust; the webhook receiver, and the local Google Drive.
 */
export interface SharedStandIns {
  smtpUrl: string;
  mailboxUrl: string;
  /** The local webhook receiver (see webhookReceiver). */
  webhookReceiverUrl: string;
  oidc: OidcSigningKey;
  otherOidc: OidcSigningKey;
  /** The local Google Drive (see googleDriveStandIn): its folder for the run, and its service account's key file. */
  googleDrive: { url: string; rootFolderId: string; credentialsJson: string };
  /**
   * A second local Google Drive, for the files that script faults (a scripted fault is the whole Drive's: on the shared
   * one, another file's uploads could meet it, and it theirs).
   */
  faultsDrive: { url: string; rootFolderId: string; credentialsJson: string };
}

/** A request the local webhook receiver got. */
export interface ReceivedWebhook {
  id: number;
  hook: string;
  deliveryId: string;
  event: string;
  /** Checked with the secret it was given; null when it was given none. */
  signatureValid: boolean | null;
  body: Record<string, unknown>;
  /** The body as sent (what the signature covers) and the signature header. */
  rawBody: string;
  signature: string;
  answeredStatus: number;
  receivedAt: string;
}

/** What the local webhook receiver answers a hook's next requests (then 200 again). */
export interface ScriptedWebhookAnswer {
  status: number;
  /** Answer only after this long (a receiver that hangs). */
  delayMs?: number;
  headers?: Record<string, string>;
}

/** The client of the local webhook receiver at `url` (deploy/stand-ins/src/webhook-receiver.ts). */
export function webhookReceiver(url: string) {
  const call = async (path: string, init?: RequestInit): Promise<Response> => {
    const response = await fetch(`${url}${path}`, init);
    if (!response.ok) throw new Error(`webhook receiver ${path}: ${response.status}`);
    return response;
  };
  return {
    url,
    /** A webhook URL whose requests it records under `name`. */
    hookUrl: (name: string): string => `${url}/hooks/${name}`,
    async received(hook?: string): Promise<ReceivedWebhook[]> {
      return (await (await call(`/deliveries${hook ? `?hook=${encodeURIComponent(hook)}` : ''}`)).json()) as ReceivedWebhook[];
    },
    async script(hook: string, answers: readonly ScriptedWebhookAnswer[]): Promise<void> {
      await call(`/hooks/${hook}/script`, { method: 'PUT', body: JSON.stringify(answers) });
    },
    /** The signing secret to check `hook`'s signatures with (every hook's, when none is named). */
    async setSecret(secret: string, hook?: string): Promise<void> {
      await call(hook ? `/hooks/${hook}/secret` : '/secret', { method: 'PUT', body: secret });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The local Google Drive (deploy/stand-ins/src/google-drive.ts): its control API, and what a Drive client needs to
// reach it with Google's own libraries (the token endpoint, resumable uploads).
// ---------------------------------------------------------------------------------------------------------------

/** Google's token endpoint: google-auth-library's service-account client (JWT) always posts there. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Google's API root: the Drive client's default `rootUrl`. */
export const GOOGLE_API_ROOT_URL = 'https://www.googleapis.com/';
/** Drive's folder MIME type. */
export const DRIVE_FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/** A service account's key file, as Google's console downloads it (the stand-in's token_uri is its own). */
export interface ServiceAccountKeyFile {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
  auth_provider_x509_cert_url: string;
  client_x509_cert_url: string;
  universe_domain: string;
}

/**
 * A fault the local Drive plays (PUT /_standin/faults): of the requests matching `kind` (as counted in requests(); a
 * trailing `*` matches a prefix, e.g. 'files.create*'), `method` and `path` (a prefix), counted from when the fault
 * was set, the first `after` go through and the next `times` (default 1) are answered `status` with Google's error
 * body (reason: Google's for the status unless given; 429 and 403 rateLimitExceeded), cut after `cutAfterBytes`
 * bytes of the request body (an upload or a chunk) or of the response (a download), and/or delayed by `delayMs`
 * first. When two faults would play on one request, the first listed does (the other still counts it).
 */
export interface DriveFault {
  kind?: string;
  method?: string;
  path?: string;
  after?: number;
  times?: number;
  status?: number;
  reason?: string;
  message?: string;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  cutAfterBytes?: number;
  delayMs?: number;
}

/** A file the local Drive holds, as Drive v3 would answer it with fields=*, plus its path and internals. */
export interface StandInDriveFile {
  kind: 'drive#file';
  id: string;
  name: string;
  mimeType: string;
  parents?: string[];
  appProperties?: Record<string, string>;
  properties?: Record<string, string>;
  trashed: boolean;
  explicitlyTrashed: boolean;
  createdTime: string;
  modifiedTime: string;
  version: string;
  webViewLink: string;
  size?: string;
  md5Checksum?: string;
  sha1Checksum?: string;
  sha256Checksum?: string;
  /** '/Venue Book/…' from My Drive. */
  path: string;
  /** Its content's file in the data dir's blobs/. */
  blob?: string;
  isMyDrive: boolean;
}

/** What the local Drive was asked: counts by kind ('files.create.resumable', 'upload.chunk', 'upload.status', …). */
export interface DriveRequestLog {
  counts: Record<string, number>;
  /** Bytes of upload bodies received (media, multipart, chunks; also those of cut requests). */
  uploadBytes: number;
  downloadBytes: number;
  /** The last 500 requests, oldest first (status 0: cut, or not answered yet). */
  recent: { at: string; kind: string; method: string; path: string; status: number; bytesIn: number }[];
}

/** A resumable upload session of the local Drive. */
export interface DriveUploadSession {
  id: string;
  action: 'create' | 'update';
  fileId?: string;
  name?: string;
  declaredSize?: number;
  /** Bytes kept (what a status query reports as Range). */
  committed: number;
  /** Bytes received in chunks, kept or not: more than the size when a chunk was sent again. */
  bytesReceived: number;
  chunks: number;
  statusQueries: number;
  state: 'active' | 'done' | 'cancelled';
  doneFileId?: string;
}

/** The client of the local Google Drive at `url` (its control API). */
export function googleDriveStandIn(url: string) {
  const call = async (path: string, init?: RequestInit): Promise<Response> => {
    const response = await fetch(`${url}${path}`, init);
    if (!response.ok) throw new Error(`local Google Drive ${path}: ${response.status}`);
    return response;
  };
  const json = async <T>(path: string): Promise<T> => (await (await call(path)).json()) as T;
  return {
    url,
    /** The Drive client's `rootUrl` option. */
    rootUrl: `${url}/`,
    tokenUrl: `${url}/token`,
    /** Its service account's key file (token_uri: its token endpoint). */
    credentials: (): Promise<ServiceAccountKeyFile> => json('/_standin/service-account.json'),
    /** The folder made at its first start: what an admin gives as GOOGLE_DRIVE_ROOT_FOLDER_ID. */
    rootFolderId: async (): Promise<string> => (await json<{ rootFolderId: string }>('/_standin/info')).rootFolderId,
    /** Everything it holds (trashed files too). */
    files: (): Promise<StandInDriveFile[]> => json('/_standin/files'),
    requests: (): Promise<DriveRequestLog> => json('/_standin/requests'),
    async resetRequests(): Promise<void> {
      await call('/_standin/requests', { method: 'DELETE' });
    },
    uploads: (): Promise<DriveUploadSession[]> => json('/_standin/uploads'),
    /** Replaces the scripted faults ([] clears them). */
    async faults(faults: readonly DriveFault[]): Promise<void> {
      await call('/_standin/faults', { method: 'PUT', body: JSON.stringify(faults) });
    },
    /** As if a person had put the file there: its owner and last modifier (else the service account), a change in the feed. */
    async setPeople(fileId: string, people: { owner?: string; lastModifyingUser?: string }): Promise<void> {
      await call(`/_standin/files/${encodeURIComponent(fileId)}/people`, { method: 'PUT', body: JSON.stringify(people) });
    },
    /** The scripted faults and how many times each has left to play. */
    pendingFaults: (): Promise<(DriveFault & { remaining: number })[]> => json('/_standin/faults'),
  };
}

/**
 * A request interceptor for google-auth-library's transporter that sends its token requests to `tokenUrl` (a key
 * file's token_uri) instead of Google's: the library's service-account client (JWT) posts to GOOGLE_TOKEN_URL
 * whatever the key file says.
 *   const auth = new JWT({ email, key, scopes }); auth.transporter.interceptors.request.add(tokenUrlInterceptor(tokenUrl));
 */
export function tokenUrlInterceptor(tokenUrl: string) {
  return {
    resolved: async <T extends { url?: string | URL }>(options: T): Promise<T> => {
      if (String(options.url) === GOOGLE_TOKEN_URL) (options as { url?: string | URL }).url = new URL(tokenUrl);
      return options;
    },
  };
}

/** What the resumable upload needs of an authorized client: google-auth-library's `request()` (gaxios options). */
export interface DriveRequester {
  request<T = unknown>(options: {
    url: string;
    method: 'POST' | 'PUT' | 'PATCH';
    headers?: Record<string, string>;
    data?: unknown;
    retry?: boolean;
    responseType?: 'json' | 'text';
    validateStatus?: (status: number) => boolean;
  }): Promise<{ status: number; headers: Headers; data: T }>;
}

export interface ResumableUploadOptions {
  auth: DriveRequester;
  /** The Drive API root (the client's rootUrl); default Google's. */
  rootUrl?: string;
  /** The file's metadata (create) or the changes to it (update): name, parents, appProperties, … */
  metadata?: Record<string, unknown>;
  /** The content, read once, piece by piece: at most a chunk of it is held. */
  body: AsyncIterable<Uint8Array>;
  /** Its length in bytes, when known (declared at the start, and in every Content-Range). */
  size?: number;
  mimeType?: string;
  /** Bytes per request: a multiple of 256 KiB (default 8 MiB). */
  chunkSize?: number;
  /** Update this file's content instead of creating one. */
  fileId?: string;
  /** Query parameters of the initiating request (fields, supportsAllDrives, addParents, …). */
  params?: Record<string, string>;
  /** A session URI from an earlier try (kept through onSession): the upload goes on where it stopped (body from byte 0). */
  sessionUri?: string;
  onSession?(sessionUri: string): void | Promise<void>;
  /** Tries after an interruption (network error, 5xx, 429) before giving up; default 5. */
  maxRetries?: number;
  /** The pause before try `attempt` (1, 2, …); default Retry-After when given, else 0.5 s doubling up to 8 s. */
  retryDelayMs?(attempt: number, retryAfterSeconds: number | undefined): number;
}

export interface ResumableUploadResult<T> {
  /** The file as the final response has it (its `fields`). */
  file: T;
  sessionUri: string;
  /** PUTs that carried bytes, status queries, and the bytes sent (more than the size when bytes were sent again). */
  chunks: number;
  statusQueries: number;
  bytesSent: number;
}

const RESUMABLE_GRANULARITY = 256 * 1024;

/**
 * A Drive resumable upload (the protocol Google documents: initiate, PUT chunks with Content-Range, 308 with Range
 * while incomplete, `bytes *\/total` to ask where it stands), through an authorized client's request() (the Drive
 * client library does not do resumable uploads). After a network error, a 5xx or a 429 it asks the session what
 * it kept and goes on from there (the Range it reports), never from zero.
 */
export async function resumableUpload<T = Record<string, unknown>>(options: ResumableUploadOptions): Promise<ResumableUploadResult<T>> {
  const chunkSize = options.chunkSize ?? 8 * 1024 * 1024;
  if (chunkSize <= 0 || chunkSize % RESUMABLE_GRANULARITY !== 0) throw new Error(`chunkSize must be a multiple of ${RESUMABLE_GRANULARITY}`);
  const rootUrl = (options.rootUrl ?? GOOGLE_API_ROOT_URL).replace(/\/?$/, '/');
  const maxRetries = options.maxRetries ?? 5;
  const delayFor = options.retryDelayMs ?? ((attempt, retryAfter) => (retryAfter !== undefined ? retryAfter * 1000 : Math.min(8000, 500 * 2 ** (attempt - 1))));
  const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const retryAfterOf = (headers: Headers | undefined): number | undefined => {
    const value = headers?.get('retry-after');
    if (!value) return undefined;
    const seconds = Number(value);
    return Number.isFinite(seconds) ? seconds : Math.max(0, (Date.parse(value) - Date.now()) / 1000);
  };
  const retriable = (status: number): boolean => status === 429 || status >= 500;
  const stats = { chunks: 0, statusQueries: 0, bytesSent: 0 };
  const failure = (what: string, status: number, data: unknown): Error => new Error(`resumable upload: ${what} answered ${status}: ${JSON.stringify(data)}`);

  // 1. The session.
  let sessionUri = options.sessionUri;
  for (let attempt = 0; !sessionUri; attempt++) {
    const url = new URL(`${rootUrl}upload/drive/v3/files${options.fileId ? `/${encodeURIComponent(options.fileId)}` : ''}`);
    for (const [key, value] of Object.entries(options.params ?? {})) url.searchParams.set(key, value);
    url.searchParams.set('uploadType', 'resumable');
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
    if (options.mimeType) headers['x-upload-content-type'] = options.mimeType;
    if (options.size !== undefined) headers['x-upload-content-length'] = String(options.size);
    let answer: { status: number; headers: Headers; data: unknown } | undefined;
    try {
      answer = await options.auth.request({
        url: url.toString(),
        method: options.fileId ? 'PATCH' : 'POST',
        headers,
        data: options.metadata ?? {},
        retry: false,
        validateStatus: () => true,
      });
    } catch (error) {
      if (attempt >= maxRetries) throw error;
    }
    if (answer && answer.status >= 200 && answer.status < 300) {
      sessionUri = answer.headers.get('location') ?? undefined;
      if (!sessionUri) throw new Error('resumable upload: no session URI (Location) in the answer');
      await options.onSession?.(sessionUri);
    } else if (answer && !retriable(answer.status)) {
      throw failure('starting the session', answer.status, answer.data);
    } else if (attempt >= maxRetries) {
      throw failure('starting the session', answer?.status ?? 0, answer?.data);
    } else {
      await pause(delayFor(attempt + 1, retryAfterOf(answer?.headers)));
    }
  }

  // 2. The bytes, a chunk at a time: `parts` holds what was read and not yet kept by the session, from `start` on.
  const source = options.body[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let held = 0;
  let start = 0;
  let sourceDone = false;
  const fill = async (wanted: number): Promise<void> => {
    while (!sourceDone && held < wanted) {
      const next = await source.next();
      if (next.done) sourceDone = true;
      else if (next.value.length > 0) {
        parts.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        held += next.value.length;
      }
    }
  };
  /** The session kept everything before `committed`: drop it (reading and dropping, when resuming an old session). */
  const keptUpTo = async (committed: number): Promise<void> => {
    if (committed < start) throw new Error(`resumable upload: the session went back to byte ${committed}, but bytes from ${start} on were dropped already`);
    let drop = committed - start;
    while (drop > 0) {
      await fill(Math.min(drop, chunkSize));
      if (held === 0) throw new Error(`resumable upload: the session holds ${committed} bytes, more than the body has`);
      const first = parts[0]!;
      if (first.length <= drop) {
        parts.shift();
        held -= first.length;
        drop -= first.length;
        start += first.length;
      } else {
        parts[0] = first.subarray(drop);
        held -= drop;
        start += drop;
        drop = 0;
      }
    }
  };
  const totalNow = (): number | undefined => options.size ?? (sourceDone && held <= chunkSize ? start + held : undefined);

  type Outcome = { done: T } | { committed: number } | { retryAfter: number | undefined };
  const outcome = (what: string, answer: { status: number; headers: Headers; data: unknown }): Outcome => {
    if (answer.status === 200 || answer.status === 201) return { done: answer.data as T };
    if (answer.status === 308) {
      const range = /bytes=0-(\d+)/.exec(answer.headers.get('range') ?? '');
      return { committed: range ? Number(range[1]) + 1 : 0 };
    }
    if (retriable(answer.status)) return { retryAfter: retryAfterOf(answer.headers) };
    throw failure(what, answer.status, answer.data);
  };
  const ask = async (): Promise<Outcome> => {
    stats.statusQueries++;
    const total = totalNow();
    return outcome(
      'a status query',
      await options.auth.request({
        url: sessionUri,
        method: 'PUT',
        headers: { 'content-range': `bytes */${total ?? '*'}` },
        retry: false,
        validateStatus: () => true,
      }),
    );
  };

  if (options.sessionUri) {
    // Where did the earlier try stop?
    await fill(chunkSize + 1);
    const first = await ask();
    if ('done' in first) return { file: first.done, sessionUri, ...stats };
    if ('committed' in first) await keptUpTo(first.committed);
  }

  let failures = 0;
  let lastError: unknown;
  for (;;) {
    await fill(chunkSize + 1);
    const total = totalNow();
    const length = Math.min(chunkSize, held);
    let result: Outcome;
    try {
      if (length === 0 && total === start) {
        // Nothing left to send (an empty file): the status query with the total completes it.
        result = await ask();
      } else {
        const chunk = Buffer.concat(parts, held).subarray(0, length);
        stats.chunks++;
        stats.bytesSent += length;
        result = outcome(
          'a chunk',
          await options.auth.request({
            url: sessionUri,
            method: 'PUT',
            headers: {
              'content-range': `bytes ${start}-${start + length - 1}/${total ?? '*'}`,
              ...(options.mimeType ? { 'content-type': options.mimeType } : {}),
            },
            data: chunk,
            retry: false,
            validateStatus: () => true,
          }),
        );
      }
    } catch (error) {
      // No answer (the connection dropped): ask the session what it kept.
      lastError = error;
      result = { retryAfter: undefined };
    }
    while ('retryAfter' in result) {
      if (++failures > maxRetries) throw lastError ?? new Error(`resumable upload: gave up after ${maxRetries} retries`);
      await pause(delayFor(failures, result.retryAfter));
      try {
        result = await ask();
      } catch (error) {
        lastError = error;
        result = { retryAfter: undefined };
      }
    }
    if ('done' in result) return { file: result.done, sessionUri, ...stats };
    // What the session did not keep of the chunk (a cut, or a part of it) is sent again with the next one.
    if (result.committed > start) failures = 0;
    else if (++failures > maxRetries) throw new Error(`resumable upload: the session keeps nothing past byte ${start}`);
    await keptUpTo(result.committed);
  }
}
