import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { WelcomeGate } from '../auth/welcome-gate.tsx';
import { RemotePage } from '../federation/remote-page.tsx';
import { AppLayout } from '../layout/app-layout.tsx';
import { SessionSkeleton } from '../layout/session-skeleton.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RouteErrorPage } from '../pages/route-error-page.tsx';
import { RequireAccess, RequireSession, SignInRoute } from './guards.tsx';
import { enabledRoutes, isSignInRoute, type RouteDefinition } from './route-table.ts';

// The sign-in form (react-hook-form, zod resolver) loads only when /auth is opened: a signed-in
// user's first page never downloads it.
const AuthPage = lazy(() => import('../pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));

/** Pages the shell renders itself. */
const SHELL_PAGES: Readonly<Record<string, ComponentType>> = {
  auth: () => (
    <Suspense fallback={<SessionSkeleton />}>
      <AuthPage />
    </Suspense>
  ),
  login: LoginPage,
};

function RoutedPage({ route }: { route: RouteDefinition }) {
  if (route.owner === 'shell') {
    const Page = SHELL_PAGES[route.page];
    return Page ? <Page /> : <NotFoundPage />;
  }
  return <RemotePage container={route.owner} page={route.page} />;
}

/** Login routes: session guard, app layout and the first-use welcome dialog. */
function SignedInLayout() {
  return (
    <RequireSession>
      <AppLayout />
      <WelcomeGate />
    </RequireSession>
  );
}

/**
 * The route tree, by access (spec §2): sign-in pages on their own (signed-in users go to '/');
 * other public pages and the 404 in the app layout without a guard; login routes behind the session
 * guard; admin and owner routes also behind a role check.
 */
export function appRoutes(routes: readonly RouteDefinition[] = enabledRoutes()): RouteObject[] {
  const signIn = routes.filter(isSignInRoute);
  const open = routes.filter((r) => r.access === 'public' && !isSignInRoute(r));
  const guarded = routes.filter((r) => r.access !== 'public');
  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        ...signIn.map((route) => ({
          path: route.path,
          element: (
            <SignInRoute>
              <RoutedPage route={route} />
            </SignInRoute>
          ),
        })),
        {
          element: <AppLayout />,
          children: [
            ...open.map((route) => ({ path: route.path, element: <RoutedPage route={route} /> })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          element: <SignedInLayout />,
          children: guarded.map((route) => ({
            path: route.path,
            element:
              route.access === 'login' ? (
                <RoutedPage route={route} />
              ) : (
                <RequireAccess access={route.access}>
                  <RoutedPage route={route} />
                </RequireAccess>
              ),
          })),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
