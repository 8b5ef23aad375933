import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RemotePage } from '../federation/remote-page.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RouteErrorPage } from '../pages/route-error-page.tsx';
import { enabledRoutes, type RouteDefinition } from './route-table.ts';

/** Pages the shell renders itself (sign-in pages arrive with the next issue). */
const SHELL_PAGES: Readonly<Record<string, ComponentType>> = {};

function RoutedPage({ route }: { route: RouteDefinition }) {
  if (route.owner === 'shell') {
    const Page = SHELL_PAGES[route.page];
    return Page ? <Page /> : <NotFoundPage />;
  }
  return <RemotePage container={route.owner} page={route.page} />;
}

export function appRoutes(routes: readonly RouteDefinition[] = enabledRoutes()): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...routes.map((route) => ({ path: route.path, element: <RoutedPage route={route} /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
