import type { AuthUser, LogoutScope, Session } from '@venuebook/domain';
import type { ApiClient, AuthBinding, PasswordCredentials, SignUpResult } from '../api/api-client.ts';
import { isApiRequestError } from '../api/api-error.ts';
import { isExpired, isRetryableAuthError, needsRefresh, nextRefreshDelay, nextRetryDelay, REFRESH_TIMING, type RefreshTiming } from './refresh-timing.ts';

/** Spec §4: loading until the first session answer, then signed in or signed out. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionSnapshot {
  status: SessionStatus;
  /** The current session; its access token lives only here, in memory. */
  session: Session | null;
  user: AuthUser | null;
  /** The server refused this user with 403 `domain_not_allowed` (Access Denied). */
  accessDenied: boolean;
}

export interface SessionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionSnapshot;
  /**
   * Binds the store to its api client, restores the session from the refresh cookie (first call only)
   * and runs the refresh timer. Returns `stop` (timers, listeners);
   * starting again resumes. Idempotent, so React StrictMode's double effects are harmless.
   */
  start(): () => void;
  signIn(credentials: PasswordCredentials): Promise<Session>;
  signUp(credentials: PasswordCredentials): Promise<SignUpResult>;
  /** Signs out on the server (default scope `local`: this browser) and here, whatever the server says. */
  signOut(scope?: LogoutScope): Promise<void>;
  /** Refreshes now (one request for all concurrent callers); resolves to the new session or null when signed out. */
  refresh(): Promise<Session | null>;
  /** Records that the welcome dialog was shown (server, then the local user). */
  markWelcomeShown(): Promise<void>;
}

export interface SessionStoreOptions {
  api: ApiClient;
  timing?: RefreshTiming;
  now?: () => number;
  /**
   * Coordinate tabs of the same browser (default true where available): refreshes are serialised
   * with a Web Lock, because the server rotates the shared refresh cookie on every refresh, and
   * sign-in / sign-out are announced on a BroadcastChannel.
   */
  crossTab?: boolean;
  /**
   * Where a sign-out that did not reach the server is remembered across page loads (the origin's
   * localStorage by default; null: nowhere). While one is pending, start-up finishes it (refresh with the
   * cookie, then log that session out) instead of restoring the session.
   */
  storage?: SignOutStorage | null;
}

export type SignOutStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The origin's localStorage, or null where there is none (or it refuses access, e.g. privacy settings). */
function defaultStorage(): SignOutStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const LOCK_NAME = 'venuebook-auth-refresh';
/** localStorage key: the scope of a sign-out the server has not confirmed yet. */
export const PENDING_SIGN_OUT_KEY = 'venuebook-sign-out-pending';
const CHANNEL_NAME = 'venuebook-auth';

type TabMessage = { type: 'signed-in' } | { type: 'signed-out' };

const INITIAL: SessionSnapshot = {
  status: 'loading',
  session: null,
  user: null,
  accessDenied: false,
};

/** The browser-side session: in-memory access token, refresh cookie, auto-refresh, sign-in and sign-out. */
export function createSessionStore({
  api,
  timing = REFRESH_TIMING,
  now = Date.now,
  crossTab = true,
  storage = defaultStorage(),
}: SessionStoreOptions): SessionStore {
  let state: SessionSnapshot = INITIAL;
  const listeners = new Set<() => void>();

  let initialized = false;
  let running = false;
  let unbind: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let channel: BroadcastChannel | null = null;
  let refreshing: Promise<Session | null> | null = null;
  let lastRefreshAt: number | undefined;
  /** Bumped by sign-in and sign-out, so an answer to an older refresh is ignored. */
  let generation = 0;

  let settleInitial: () => void = () => {};
  const initialSettled = new Promise<void>((resolve) => {
    settleInitial = resolve;
  });

  function set(patch: Partial<SessionSnapshot>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function applySession(session: Session | null): void {
    if (session) {
      const sameUser = state.user?.id === session.user.id;
      set({ status: 'signed-in', session, user: session.user, accessDenied: sameUser && state.accessDenied });
    } else {
      set({ status: 'signed-out', session: null, user: null, accessDenied: false });
    }
    settleInitial();
    schedule();
  }

  // ---- refresh ----------------------------------------------------------------------------

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
    const locks = crossTab && typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // The lock is held until fn's promise settles; request() resolves to fn's result.
    return locks ? (locks.request(LOCK_NAME, fn) as Promise<T>) : fn();
  }

  /** POST /auth/token?grant_type=refresh_token, retried with back-off on retryable failures. */
  async function refreshWithRetry(): Promise<Session | null> {
    const startedAt = now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await api.auth.refresh();
      } catch (error) {
        if (!isRetryableAuthError(error)) {
          // 401: no (valid) refresh cookie, the ordinary signed-out answer.
          if (!(isApiRequestError(error) && error.status === 401)) console.warn('Session refresh failed', error);
          return null;
        }
        const delay = nextRetryDelay(attempt, now() - startedAt, timing);
        if (delay === null) {
          console.warn('Session refresh failed; giving up after retries', error);
          return null;
        }
        await sleep(delay);
      }
    }
  }

  function refresh(): Promise<Session | null> {
    if (refreshing) return refreshing;
    const gen = generation;
    const pending = withRefreshLock(refreshWithRetry)
      .then((session) => {
        // Signed in or out meanwhile: this answer is stale.
        if (gen !== generation) return state.session;
        lastRefreshAt = now();
        applySession(session);
        return session;
      })
      .finally(() => {
        if (refreshing === pending) refreshing = null;
      });
    refreshing = pending;
    return pending;
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!running || !state.session) return;
    const delay = nextRefreshDelay({ expiresAtMs: state.session.expiresAt * 1000, nowMs: now(), lastRefreshAtMs: lastRefreshAt }, timing);
    timer = setTimeout(tick, delay);
  }

  function tick(): void {
    timer = undefined;
    const session = state.session;
    if (!running || !session) return;
    if (needsRefresh(session.expiresAt * 1000, now(), timing)) void refresh();
    else schedule();
  }

  /** Background tabs throttle timers: check as soon as the tab is visible again. */
  function onVisibilityChange(): void {
    if (document.visibilityState === 'visible') tick();
  }

  // ---- a sign-out the server did not confirm -------------------------------------------------

  function pendingSignOut(): LogoutScope | null {
    try {
      const scope = storage?.getItem(PENDING_SIGN_OUT_KEY);
      return scope === 'local' || scope === 'global' ? scope : null;
    } catch {
      return null;
    }
  }

  function setPendingSignOut(scope: LogoutScope | null): void {
    try {
      if (scope) storage?.setItem(PENDING_SIGN_OUT_KEY, scope);
      else storage?.removeItem(PENDING_SIGN_OUT_KEY);
    } catch {
      // Storage full or refused: the next load behaves as before (the cookie may sign the user back in).
    }
  }

  /**
   * Start-up after a sign-out that did not reach the server: the refresh cookie may still be valid, so
   * it is used once more, to end its session on the server; the user stays signed out either way. Still
   * unreachable: remembered for the next start.
   */
  async function finishPendingSignOut(scope: LogoutScope): Promise<void> {
    const gen = generation;
    try {
      const session = await withRefreshLock(() => api.auth.refresh());
      await api.auth.logout(scope, { accessToken: session.accessToken });
      setPendingSignOut(null);
    } catch (error) {
      // 401: no valid cookie left (the gateway cleared it, or the session is over): nothing to end.
      if (isApiRequestError(error) && error.status === 401) setPendingSignOut(null);
      else console.warn('Finishing an earlier sign-out failed; trying again at the next start', error);
    }
    if (gen === generation) applySession(null);
  }

  // ---- tabs -------------------------------------------------------------------------------

  function announce(message: TabMessage): void {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel: nothing to tell.
    }
  }

  function onTabMessage(event: MessageEvent<TabMessage>): void {
    if (event.data?.type === 'signed-out' && state.status === 'signed-in') {
      generation++;
      applySession(null);
    } else if (event.data?.type === 'signed-in' && state.status === 'signed-out') {
      void refresh();
    }
  }

  // ---- the api client's view of the session -----------------------------------------------

  const binding: AuthBinding = {
    async accessToken() {
      if (state.status === 'loading') await initialSettled;
      const session = state.session;
      if (!session) return null;
      if (isExpired(session.expiresAt * 1000, now())) return (await refresh())?.accessToken ?? null;
      return session.accessToken;
    },
    async refreshAfterUnauthorized(failedToken) {
      // Another call refreshed meanwhile: retry with its token.
      if (state.session && state.session.accessToken !== failedToken) return state.session.accessToken;
      return (await refresh())?.accessToken ?? null;
    },
    onDomainNotAllowed() {
      if (state.status === 'signed-in' && !state.accessDenied) set({ accessDenied: true });
    },
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot: () => state,

    start() {
      if (!running) {
        running = true;
        unbind = api.bindAuth(binding);
        if (crossTab && typeof BroadcastChannel !== 'undefined') {
          channel = new BroadcastChannel(CHANNEL_NAME);
          channel.onmessage = onTabMessage;
        }
        if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibilityChange);
        if (!initialized) {
          initialized = true;
          const pending = pendingSignOut();
          if (pending) void finishPendingSignOut(pending);
          else void refresh();
        } else {
          schedule();
        }
      }
      return () => {
        if (!running) return;
        running = false;
        clearTimeout(timer);
        timer = undefined;
        unbind?.();
        unbind = null;
        channel?.close();
        channel = null;
        if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibilityChange);
      };
    },

    async signIn(credentials) {
      const session = await api.auth.signIn(credentials);
      setPendingSignOut(null);
      generation++;
      lastRefreshAt = now();
      applySession(session);
      announce({ type: 'signed-in' });
      return session;
    },

    signUp: (credentials) => api.auth.signUp(credentials),

    async signOut(scope = 'local') {
      if (state.session) {
        try {
          // Bearer call: an expired token is refreshed first, so the server can clear the cookie.
          await api.auth.logout(scope);
        } catch (error) {
          // The gateway clears the refresh cookie whenever it answers; without an answer the cookie may
          // still be valid: the next start finishes the sign-out instead of restoring the session.
          if (scope !== 'others' && !(isApiRequestError(error) && error.status > 0 && error.status < 500)) setPendingSignOut(scope);
          console.warn('Sign-out request failed; signing out locally', error);
        }
      }
      generation++;
      applySession(null);
      announce({ type: 'signed-out' });
    },

    refresh,

    async markWelcomeShown() {
      await api.auth.markWelcomeShown();
      const { user, session } = state;
      if (!user) return;
      const updated: AuthUser = { ...user, welcomeShown: true };
      set({ user: updated, session: session ? { ...session, user: updated } : session });
    },
  };
}
