import { can, type Action, type LogoutScope, type Session } from '@venuebook/domain';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { api } from '../api/api-client.ts';
import type { PasswordCredentials, SignUpResult } from '../api/api-client.ts';
import { createSessionStore, type SessionSnapshot, type SessionStore } from './session-store.ts';

/** The app-wide session, bound to the app-wide `api` client (one instance: the sdk is a federation singleton). */
export const sessionStore: SessionStore = createSessionStore({ api });

const SessionStoreContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  /** Default: the app-wide `sessionStore`. */
  store?: SessionStore;
  children: ReactNode;
}

/** Starts the session (restore from the refresh cookie, auto-refresh) and provides it to `useSession` / `useCan`. */
export function SessionProvider({ store = sessionStore, children }: SessionProviderProps) {
  useEffect(() => store.start(), [store]);
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

export interface SessionApi extends SessionSnapshot {
  signIn(credentials: PasswordCredentials): Promise<Session>;
  signUp(credentials: PasswordCredentials): Promise<SignUpResult>;
  signOut(scope?: LogoutScope): Promise<void>;
  refresh(): Promise<Session | null>;
  markWelcomeShown(): Promise<void>;
}

const SIGNED_OUT: SessionSnapshot = {
  status: 'signed-out',
  session: null,
  user: null,
  accessDenied: false,
};
const noSubscription = () => () => {};
const signedOutSnapshot = () => SIGNED_OUT;

function useSnapshot(store: SessionStore | null): SessionSnapshot {
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getSnapshot ?? signedOutSnapshot);
}

/** The session and its actions. Must be used inside `<SessionProvider>`. */
export function useSession(): SessionApi {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSession must be used inside <SessionProvider>');
  const snapshot = useSnapshot(store);
  return useMemo(
    () => ({
      ...snapshot,
      signIn: store.signIn,
      signUp: store.signUp,
      signOut: store.signOut,
      refresh: store.refresh,
      markWelcomeShown: store.markWelcomeShown,
    }),
    [snapshot, store],
  );
}

/**
 * Whether the signed-in user may perform `action`, by the shared permission table (spec §6).
 * A missing role, no user or no `<SessionProvider>` counts as viewer.
 */
export function useCan(action: Action): boolean {
  const snapshot = useSnapshot(useContext(SessionStoreContext));
  return can(snapshot.user?.role, action);
}
