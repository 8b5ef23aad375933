// The client side of Venue Book's session bridge (protocol in docs/embedding-media-library.md): a
// hidden iframe of `<apiOrigin>/embed/session`, asked for an access token with postMessage. The frame uses Venue
// Book's refresh cookie, which it only has when the host page is same-site with Venue Book.

/** Messages of the bridge protocol (`venuebook:` types). */
export type BridgeReply =
  | { type: 'venuebook:token'; id: string; accessToken: string; expiresAt: number }
  | { type: 'venuebook:signed-out'; id: string }
  | { type: 'venuebook:token-error'; id: string; message: string };

export const BRIDGE_PATH = '/embed/session';
/** How long a token request (frame start included) may take. */
export const BRIDGE_TIMEOUT_MS = 10_000;
/** A token is used until this long before it expires. */
const EXPIRY_MARGIN_S = 60;

/** The frame as the client needs it: where requests go, and its removal. */
export interface BridgeFrame {
  /** The frame's window (the `source` of its messages). */
  readonly window: { postMessage(message: unknown, targetOrigin: string): void } | null;
  remove(): void;
}

/** A message as the client reads it (a MessageEvent's parts). */
export interface BridgeMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface BridgeClientOptions {
  /** Venue Book's origin (the frame's and the replies' origin). */
  apiOrigin: string;
  timeoutMs?: number;
  /** Creates the frame (default: a hidden iframe appended to document.body). */
  openFrame?: (url: string) => BridgeFrame;
  /** Subscribes to messages (default: window 'message'); returns the unsubscribe function. */
  listen?: (handler: (message: BridgeMessage) => void) => () => void;
  newId?: () => string;
  /** Epoch ms. */
  now?: () => number;
}

export interface BridgeClient {
  /** The access token, or null when this browser has no Venue Book session. Rejects on a bridge failure or timeout. */
  getAccessToken(): Promise<string | null>;
  /** Forgets the cached token (after the API refused it): the next request asks the frame for a fresh one. */
  invalidate(): void;
  /** Removes the frame and listener; pending requests reject. */
  dispose(): void;
}

/** The Error of a failed bridge (no answer in time, or the frame's `token-error`). */
export class BridgeError extends Error {
  override name = 'BridgeError';
}

function defaultOpenFrame(url: string): BridgeFrame {
  const frame = document.createElement('iframe');
  frame.src = url;
  frame.title = 'Venue Book session';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  document.body.appendChild(frame);
  return {
    get window() {
      return frame.contentWindow;
    },
    remove: () => frame.remove(),
  };
}

function defaultListen(handler: (message: BridgeMessage) => void): () => void {
  const listener = (event: MessageEvent) => handler({ origin: event.origin, source: event.source, data: event.data });
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

let counter = 0;
const defaultNewId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `request-${Date.now()}-${++counter}`);

function isReply(data: unknown): data is BridgeReply {
  if (typeof data !== 'object' || data === null) return false;
  const { type, id } = data as { type?: unknown; id?: unknown };
  if (typeof id !== 'string') return false;
  if (type === 'venuebook:token') {
    const { accessToken, expiresAt } = data as { accessToken?: unknown; expiresAt?: unknown };
    return typeof accessToken === 'string' && accessToken.length > 0 && typeof expiresAt === 'number';
  }
  return type === 'venuebook:signed-out' || type === 'venuebook:token-error';
}

interface Pending {
  resolve(token: string | null): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createBridgeClient({
  apiOrigin,
  timeoutMs = BRIDGE_TIMEOUT_MS,
  openFrame = defaultOpenFrame,
  listen = defaultListen,
  newId = defaultNewId,
  now = Date.now,
}: BridgeClientOptions): BridgeClient {
  const url = `${apiOrigin}${BRIDGE_PATH}`;
  let frame: BridgeFrame | null = null;
  let unlisten: (() => void) | null = null;
  let ready = false;
  /** Requests made before the frame said it is ready, sent when it does (with whether they skip its cache). */
  let waiting: { id: string; fresh: boolean }[] = [];
  /** After invalidate: the next request asks the frame for a new token (`fresh: true`), not its cached one. */
  let nextFresh = false;
  const pending = new Map<string, Pending>();
  let cached: { token: string; expiresAt: number } | null = null;
  /** One request at a time: concurrent callers share it. */
  let inFlight: Promise<string | null> | null = null;

  function post(id: string, fresh: boolean): void {
    frame?.window?.postMessage(fresh ? { type: 'venuebook:token-request', id, fresh: true } : { type: 'venuebook:token-request', id }, apiOrigin);
  }

  function onMessage({ origin, source, data }: BridgeMessage): void {
    // Only the frame's own window, and only while it has one (a frame not yet attached answers nothing).
    if (origin !== apiOrigin || !frame || frame.window === null || source !== frame.window) return;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'venuebook:bridge-ready') {
      ready = true;
      const requests = waiting;
      waiting = [];
      for (const request of requests) post(request.id, request.fresh);
      return;
    }
    if (!isReply(data)) return;
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    clearTimeout(request.timer);
    if (data.type === 'venuebook:token') {
      cached = { token: data.accessToken, expiresAt: data.expiresAt };
      request.resolve(data.accessToken);
    } else if (data.type === 'venuebook:signed-out') {
      cached = null;
      request.resolve(null);
    } else {
      request.reject(new BridgeError(`Venue Book's session bridge failed: ${data.message || 'unknown error'}`));
    }
  }

  function ensureFrame(): void {
    if (frame) return;
    unlisten = listen(onMessage);
    frame = openFrame(url);
  }

  function ask(): Promise<string | null> {
    ensureFrame();
    const id = newId();
    const fresh = nextFresh;
    nextFresh = false;
    return new Promise<string | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        waiting = waiting.filter((request) => request.id !== id);
        reject(
          new BridgeError(
            ready
              ? `Venue Book's session bridge did not answer within ${Math.round(timeoutMs / 1000)} s.`
              : `Venue Book's session bridge (${url}) did not start within ${Math.round(timeoutMs / 1000)} s: is this page's origin in Venue Book's EMBED_ALLOWED_ORIGINS?`,
          ),
        );
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      if (ready) post(id, fresh);
      else waiting.push({ id, fresh });
    });
  }

  return {
    getAccessToken() {
      if (cached && cached.expiresAt - EXPIRY_MARGIN_S > now() / 1000) return Promise.resolve(cached.token);
      inFlight ??= ask().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate() {
      cached = null;
      nextFresh = true;
    },
    dispose() {
      for (const request of pending.values()) {
        clearTimeout(request.timer);
        request.reject(new BridgeError('The media library was unmounted.'));
      }
      pending.clear();
      waiting = [];
      unlisten?.();
      unlisten = null;
      frame?.remove();
      frame = null;
      ready = false;
      cached = null;
    },
  };
}
