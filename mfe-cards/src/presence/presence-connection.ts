import { PRESENCE, PRESENCE_CLOSE, presenceChannelKey } from '@venuebook/domain';
import type { PresenceClientMessage, PresenceServerMessage } from '@venuebook/domain';
import type { PresenceChannelRef as PresenceChannel, PresenceEditorInfo as PresenceEditor } from '@venuebook/domain';

/**
 * What a channel's holders see: presence-types.ts PresenceState, spelled with the proto types so that this file
 * imports nothing of the sdk (its React side) and runs in Node for the integration test.
 */
export interface PresenceState {
  editors: PresenceEditor[];
  connected: boolean;
}

/** Where the connection reads the access token and hears that it changed (the sdk's session store, or a test's). */
export interface PresenceTokenSource {
  token(): string | null;
  subscribe(listener: () => void): () => void;
  /** Asks for a fresh token after the server refused this one (the session store refreshes). */
  refresh?(): void;
}

/** What sessionTokens needs of the sdk's session store (structurally: this file stays free of the sdk's React side). */
export interface SessionTokenStore {
  getSnapshot(): { session: { accessToken: string } | null };
  subscribe(listener: () => void): () => void;
  refresh(): Promise<unknown>;
}

/** The access token of a session store (the sdk's `sessionStore`): listeners hear only when the token itself changes. */
export function sessionTokens(store: SessionTokenStore): PresenceTokenSource {
  const current = (): string | null => store.getSnapshot().session?.accessToken ?? null;
  return {
    token: current,
    subscribe(listener) {
      let last = current();
      return store.subscribe(() => {
        const next = current();
        if (next === last) return;
        last = next;
        listener();
      });
    },
    refresh: () => void store.refresh(),
  };
}

export interface PresenceConnectionOptions {
  /** ws(s)://…/api/v1/presence */
  url: string | (() => string);
  tokens: PresenceTokenSource;
  /** The WebSocket constructor (the browser's; Node 24 has one too). */
  WebSocketImpl?: typeof WebSocket;
  /** How long the socket stays open after the last channel was left (prev/next in the card dialog rejoins at once). */
  lingerMs?: number;
  /** The wait before reconnect number `attempt` (1, 2, …): usePresence gives the sdk's `backoff` with PRESENCE_RECONNECT. */
  reconnectDelay(attempt: number): number;
}

/** Reconnect back-off of the presence socket: 500 ms, doubling, at most 30 s (the sdk's RefreshTiming shape). */
export const PRESENCE_RECONNECT = { tickMs: 0, marginMs: 0, backoffInitialMs: 500, backoffMaxMs: 30_000 } as const;

interface ChannelEntry {
  channel: PresenceChannel;
  holders: number;
  editors: PresenceEditor[];
  state: PresenceState;
}

const IDLE: PresenceState = { editors: [], connected: false };

/** WebSocket readyState values (the same for every implementation). */
const CONNECTING = 0;
const OPEN = 1;

/**
 * One WebSocket for every presence channel of the page: channels are held by `acquire` (one per open card
 * dialog, several holders of one channel share it), joined on the server once the socket is authenticated and
 * again after every reconnect; heartbeats every `heartbeatMs` the server names; the access token is sent again
 * whenever the session refreshes. Closed by the server for an expired token: reconnects once a new token
 * arrives. Other drops: reconnects with back-off. No channel held for `lingerMs`: the socket is closed.
 */
export class PresenceConnection {
  readonly #options: PresenceConnectionOptions;
  readonly #channels = new Map<string, ChannelEntry>();
  /** Listeners by channel key, kept apart from the entries: a hook may subscribe before it acquires. */
  readonly #listeners = new Map<string, Set<() => void>>();
  #socket: WebSocket | null = null;
  #ready = false;
  #sentToken: string | null = null;
  #refusedToken: string | null = null;
  #attempt = 0;
  #heartbeatMs: number = PRESENCE.heartbeatMs;
  #heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #lingerTimer: ReturnType<typeof setTimeout> | undefined;
  #unsubscribeTokens: (() => void) | null = null;
  #stopped = false;

  constructor(options: PresenceConnectionOptions) {
    this.#options = options;
  }

  /** Holds `channel` until the returned function is called (joins it now or once connected). */
  acquire(channel: PresenceChannel): () => void {
    const key = presenceChannelKey(channel);
    let entry = this.#channels.get(key);
    if (!entry) {
      entry = { channel: { ...channel }, holders: 0, editors: [], state: this.#ready ? { editors: [], connected: true } : IDLE };
      this.#channels.set(key, entry);
      if (this.#ready) this.#send({ type: 'join', channel: entry.channel });
      this.#notify(key);
    }
    entry.holders++;
    clearTimeout(this.#lingerTimer);
    this.#lingerTimer = undefined;
    this.#stopped = false;
    this.#ensureOpen();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#release(key);
    };
  }

  subscribe(key: string, listener: () => void): () => void {
    let listeners = this.#listeners.get(key);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(key, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(key) === listeners) this.#listeners.delete(key);
    };
  }

  state(key: string): PresenceState {
    return this.#channels.get(key)?.state ?? IDLE;
  }

  /** Closes the socket for good (tests; a page never needs it: the socket closes when no channel is held). */
  close(): void {
    this.#stopped = true;
    this.#teardown(true);
  }

  #release(key: string): void {
    const entry = this.#channels.get(key);
    if (!entry) return;
    entry.holders--;
    if (entry.holders > 0) return;
    this.#channels.delete(key);
    if (this.#ready) this.#send({ type: 'leave', channel: entry.channel });
    this.#notify(key);
    if (this.#channels.size === 0) {
      clearTimeout(this.#lingerTimer);
      this.#lingerTimer = setTimeout(() => {
        this.#lingerTimer = undefined;
        if (this.#channels.size === 0) this.#teardown(true);
      }, this.#options.lingerMs ?? 5_000);
    }
  }

  #ensureOpen(): void {
    if (this.#socket || this.#reconnectTimer || this.#stopped || this.#channels.size === 0) return;
    this.#unsubscribeTokens ??= this.#options.tokens.subscribe(() => this.#onTokenChange());
    const token = this.#options.tokens.token();
    // Signed out, or the server refused this very token: wait for the session to give a new one.
    if (!token || token === this.#refusedToken) return;
    const url = typeof this.#options.url === 'function' ? this.#options.url() : this.#options.url;
    const Impl = this.#options.WebSocketImpl ?? WebSocket;
    const socket = new Impl(url);
    this.#socket = socket;
    socket.onopen = () => {
      const current = this.#options.tokens.token() ?? token;
      this.#sentToken = current;
      this.#send({ type: 'auth', token: current });
    };
    socket.onmessage = (event: MessageEvent) => {
      if (socket === this.#socket && typeof event.data === 'string') this.#onMessage(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (socket === this.#socket) this.#onClose(event.code);
    };
  }

  #onMessage(data: string): void {
    let message: PresenceServerMessage;
    try {
      message = JSON.parse(data) as PresenceServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      const wasReady = this.#ready;
      this.#ready = true;
      this.#attempt = 0;
      this.#refusedToken = null;
      this.#heartbeatMs = message.heartbeatMs;
      if (!wasReady) {
        for (const entry of this.#channels.values()) this.#send({ type: 'join', channel: entry.channel });
        this.#startHeartbeat();
        this.#notifyAll();
      }
    } else if (message.type === 'presence') {
      const entry = this.#channels.get(presenceChannelKey(message.channel));
      if (!entry) return;
      entry.editors = message.editors;
      entry.state = { editors: message.editors, connected: true };
      this.#notify(presenceChannelKey(message.channel));
    } else if (message.type === 'error') {
      console.warn('Presence:', message.message, message.details ?? '');
    }
  }

  #onClose(code: number): void {
    const refusedToken = this.#sentToken;
    this.#teardown(false);
    if (this.#stopped || this.#channels.size === 0) return;
    if (code === PRESENCE_CLOSE.forbidden || code === PRESENCE_CLOSE.badClient) return;
    if (code === PRESENCE_CLOSE.unauthorized) {
      this.#refusedToken = refusedToken;
      this.#options.tokens.refresh?.();
    }
    this.#attempt++;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#ensureOpen();
    }, this.#options.reconnectDelay(this.#attempt));
  }

  #onTokenChange(): void {
    const token = this.#options.tokens.token();
    if (!token) {
      // Signed out: nobody to be present as.
      this.#teardown(false);
      return;
    }
    if (this.#socket && this.#socket.readyState === OPEN && token !== this.#sentToken) {
      this.#sentToken = token;
      this.#send({ type: 'auth', token });
    } else if (!this.#socket && token !== this.#refusedToken) {
      clearTimeout(this.#reconnectTimer);
      this.#reconnectTimer = undefined;
      this.#ensureOpen();
    }
  }

  #startHeartbeat(): void {
    clearInterval(this.#heartbeatTimer);
    this.#heartbeatTimer = setInterval(this.#beat, this.#heartbeatMs);
    // Background tabs get their timers throttled (Chrome: down to once a minute after 5 minutes): the user may have
    // timed out meanwhile, so a tab that becomes visible says it is there at once.
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.#onVisible);
  }

  readonly #beat = (): void => {
    if (this.#channels.size > 0) this.#send({ type: 'heartbeat' });
  };

  readonly #onVisible = (): void => {
    if (document.visibilityState === 'visible') this.#beat();
  };

  #send(message: PresenceClientMessage): void {
    if (this.#socket?.readyState === OPEN) this.#socket.send(JSON.stringify(message));
  }

  #teardown(unsubscribeTokens: boolean): void {
    clearInterval(this.#heartbeatTimer);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.#onVisible);
    clearTimeout(this.#reconnectTimer);
    this.#heartbeatTimer = undefined;
    this.#reconnectTimer = undefined;
    const socket = this.#socket;
    this.#socket = null;
    this.#sentToken = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      if (socket.readyState === OPEN || socket.readyState === CONNECTING) socket.close(1000, 'done');
    }
    if (unsubscribeTokens) {
      this.#unsubscribeTokens?.();
      this.#unsubscribeTokens = null;
    }
    if (this.#ready) {
      this.#ready = false;
      // Not connected: nobody is known to be there (the list comes again after the reconnect).
      for (const entry of this.#channels.values()) {
        entry.editors = [];
        entry.state = IDLE;
      }
      this.#notifyAll();
    }
  }

  #notify(key: string): void {
    for (const listener of this.#listeners.get(key) ?? []) listener();
  }

  #notifyAll(): void {
    for (const [key, entry] of this.#channels) {
      if (entry.state.connected !== this.#ready) entry.state = { editors: entry.editors, connected: this.#ready };
      this.#notify(key);
    }
  }
}
