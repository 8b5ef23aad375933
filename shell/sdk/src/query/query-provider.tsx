import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { sessionStore } from '../session/session-context.tsx';
import type { SessionStore } from '../session/session-store.ts';
import { clearQueriesOnUserChange, queryClient } from './query-client.ts';

export interface QueryProviderProps {
  /** Default: the app-wide `queryClient`. */
  client?: QueryClient;
  /** Whose sign-outs clear the user's cached data. Default: the app-wide `sessionStore`. */
  store?: SessionStore;
  children: ReactNode;
}

/**
 * Provides the query client to `useQuery` and friends (the shell's bootstrap and `mountStandalone`
 * mount it once) and clears the signed-in user's cached data when that user goes away.
 */
export function QueryProvider({ client = queryClient, store = sessionStore, children }: QueryProviderProps) {
  useEffect(() => clearQueriesOnUserChange(client, store), [client, store]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
