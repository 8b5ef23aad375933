import { isCompanyEmail, useAuthConfig, useSession } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { SessionSkeleton } from '../layout/session-skeleton.tsx';
import { AccessDeniedPage } from '../pages/access-denied-page.tsx';
import { roleMayOpen, type RouteAccess } from './route-table.ts';

/** Where unauthenticated users go (spec §2), and where they land after signing in. */
export const SIGN_IN_PATH = '/auth';
export const HOME_PATH = '/';

/**
 * Login routes (spec §2, §4): the skeleton while the session loads, /auth (replace) when signed out,
 * Access Denied for an e-mail outside the company domain, else the page.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, user, accessDenied } = useSession();
  const { config, settled: configSettled } = useAuthConfig();
  // The domain check needs the settings: keep the skeleton until they are in (or failed).
  if (status === 'loading' || (status === 'signed-in' && !configSettled)) return <SessionSkeleton />;
  if (status === 'signed-out' || !user) return <Navigate to={SIGN_IN_PATH} replace />;
  if (accessDenied || (config && !isCompanyEmail(user.email, config.companyDomain))) return <AccessDeniedPage />;
  return children;
}

/** Admin and owner routes: other roles are sent home (spec §6). Inside `RequireSession`. */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { user } = useSession();
  if (!roleMayOpen(access, user?.role)) return <Navigate to={HOME_PATH} replace />;
  return children;
}

/** /auth and /login: a signed-in user goes to '/' (the post-login target). */
export function SignInRoute({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to={HOME_PATH} replace />;
  return children;
}
