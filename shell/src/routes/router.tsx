import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
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
      children: [...open.map((route) => ({ path: route.path, element: <RoutedPage route={route} /> })), { path: '*', element: <NotFoundPage /> }],
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
  ];
}

const ROUTES = appRoutes();

/**
 * The app's pages by URL, inside React Router's <BrowserRouter> (declarative routing: the app loads no
 * data through the router, so the data router's code is not shipped). An error thrown while rendering a
 * route shows the last-resort error page until the next navigation.
 */
export function AppRoutes() {
  const element = useRoutes(ROUTES);
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

interface RouteErrorBoundaryProps {
  /** The error page goes when this changes (the location). */
  resetKey: string;
  children: ReactNode;
}

class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown route error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled route error', error, info.componentStack);
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps) {
    if (this.state.error != null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    return this.state.error == null ? this.props.children : <RouteErrorPage />;
  }
}
