// The library's session: no refresh cookie, no sign-in form. Tokens come from the host's getAccessToken (or the
// session bridge); the user (name, role for the permission checks) from GET /auth/user with that token.
import { unreachableMessage } from './embed-fetch.ts';
import { api, isApiRequestError, type AuthUser, type SessionSnapshot, type SessionStore } from '@venuebook/sdk';

export interface EmbedSnapshot extends SessionSnapshot {
  /** Why the session could not be checked (Venue Book unreachable or refusing this origin, the bridge failed). */
  error: string | null;
}

export interface EmbedSessionStore extends SessionStore {
  getSnapshot(): EmbedSnapshot;
  /** Checks the session again (the sign-in prompt's retry, on window focus). */
  check(): Promise<void>;
}

export interface EmbedSessionOptions {
  /** Venue Book's origin (for the messages). */
  apiOrigin: string;
  getAccessToken: () => Promise<string | null>;
  /** After the API refused a token: forget a cached one (the bridge's cache). */
  invalidate?: () => void;
}

const LOADING: EmbedSnapshot = { status: 'loading', session: null, user: null, accessDenied: false, error: null };
const notHere = () => Promise.reject(new Error('Sign in on Venue Book itself; the media library has no sign-in form.'));

export function createEmbedSessionStore({ apiOrigin, getAccessToken, invalidate }: EmbedSessionOptions): EmbedSessionStore {
  let snapshot: EmbedSnapshot = LOADING;
  const listeners = new Set<() => void>();
  let checking: Promise<void> | null = null;
  let started = false;

  const set = (next: EmbedSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const signedOut = () => {
    if (snapshot.status !== 'signed-out' || snapshot.error) set({ status: 'signed-out', session: null, user: null, accessDenied: false, error: null });
  };
  const failed = (error: unknown) => {
    const message =
      isApiRequestError(error) && error.code === 'network_error' ? unreachableMessage(apiOrigin) : error instanceof Error ? error.message : String(error);
    set({ ...snapshot, status: snapshot.user ? 'signed-in' : 'signed-out', error: message });
  };

  /** The token for a call; null (and signed out) when there is none. */
  async function token(): Promise<string | null> {
    const value = await getAccessToken();
    if (!value) signedOut();
    return value;
  }

  async function runCheck(): Promise<void> {
    try {
      const user: AuthUser = await api.auth.user();
      set({ status: 'signed-in', session: null, user, accessDenied: false, error: null });
    } catch (error) {
      if (isApiRequestError(error) && error.status === 401) signedOut();
      else if (isApiRequestError(error) && error.code === 'domain_not_allowed')
        set({ ...LOADING, status: 'signed-out', accessDenied: true, error: error.message });
      else failed(error);
    }
  }

  const store: EmbedSessionStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start() {
      const unbind = api.bindAuth({
        accessToken: token,
        async refreshAfterUnauthorized(failedToken) {
          invalidate?.();
          const fresh = await token();
          if (!fresh || fresh === failedToken) {
            signedOut();
            return null;
          }
          return fresh;
        },
      });
      if (!started) {
        started = true;
        void store.check();
      }
      return unbind;
    },
    check() {
      checking ??= runCheck().finally(() => {
        checking = null;
      });
      return checking;
    },
    signIn: notHere,
    signUp: notHere,
    async signOut() {
      signedOut();
    },
    async refresh() {
      await store.check();
      return null;
    },
    async markWelcomeShown() {},
  };
  return store;
}
