import { StrictMode, Suspense } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { EmptyState } from '../components/empty-state.tsx';
import { StandaloneLayout } from '../components/standalone-layout.tsx';
import { QueryProvider } from '../query/query-provider.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import { AppProvider } from '../theme/app-provider.tsx';
import type { RemotePageMap } from './remote-contract.ts';

export interface MountStandaloneOptions {
  /** Package name shown in the standalone bar, e.g. 'mfe-venues'. */
  name: string;
  /** The remote's exposed page map. */
  pages: RemotePageMap;
  /** Dev routes: path → page id. Without routes every path shows how many pages the remote has. */
  routes?: readonly { path: string; page: string }[];
  links?: { to: string; label: ReactNode }[];
  /** Element to render into; default #root. */
  container?: HTMLElement | null;
}

/**
 * Renders a remote's pages on their own, for `npm run dev -w @venuebook/mfe-*`: the theme, the query
 * client, a router and a thin standalone bar, without the shell. The session is restored from the
 * refresh cookie (sign in through the shell on the same host; `/api` is proxied to the gateway), so
 * `useCan` and bearer calls work.
 */
export function mountStandalone({ name, pages, routes = [], links = [], container }: MountStandaloneOptions): void {
  const children =
    routes.length > 0
      ? routes.map(({ path, page }) => {
          const Page = pages[page];
          if (!Page) throw new Error(`${name} has no page "${page}"`);
          return { path, element: <Page /> };
        })
      : [{ path: '*', element: <EmptyState title="No pages yet" description={`${name} exposes ${Object.keys(pages).length} pages.`} /> }];
  const routeTree: RouteObject[] = [{ element: <StandaloneLayout name={name} links={links} />, children }];
  const root = container ?? document.getElementById('root');
  if (!root) throw new Error(`${name}: no element to render into`);
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <SessionProvider>
          <QueryProvider>
            <Suspense>
              <BrowserRouter>
                <StandaloneRoutes routes={routeTree} />
              </BrowserRouter>
            </Suspense>
          </QueryProvider>
        </SessionProvider>
      </AppProvider>
    </StrictMode>,
  );
}

function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
