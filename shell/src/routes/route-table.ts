import { can, type RemoteContainer, type Role } from '@venuebook/sdk';
import { matchPath } from 'react-router';

/**
 * Who may open a route (spec §2). `public`: anyone; `login`: any signed-in company user; `admin`:
 * admin or owner; `owner`: owner only. Enforced by the router's guards (routes/guards.tsx).
 */
export type RouteAccess = 'public' | 'login' | 'admin' | 'owner';

/** Federation container that renders a route (a remote of the registry), or `shell` for the host's own pages. */
export type RouteOwner = 'shell' | RemoteContainer;

export interface RouteDefinition {
  /** react-router path pattern. */
  path: string;
  access: RouteAccess;
  owner: RouteOwner;
  /** Page id inside the owner's page map. */
  page: string;
  /** Only enabled routes are registered; every other path renders the 404 page. */
  enabled: boolean;
}

/** The route table of spec §2, in one place. */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  // The sign-in pages; a signed-in user is sent on to '/'.
  { path: '/auth', access: 'public', owner: 'shell', page: 'auth', enabled: true },
  { path: '/login', access: 'public', owner: 'shell', page: 'login', enabled: true },
  { path: '/public/venue/:venueId/photos', access: 'public', owner: 'mfe_media', page: 'public-gallery', enabled: true },
  { path: '/', access: 'login', owner: 'mfe_venues', page: 'home', enabled: true },
  { path: '/add-venue', access: 'login', owner: 'mfe_venues', page: 'add-venue', enabled: true },
  { path: '/venue/:venueId', access: 'login', owner: 'mfe_venues', page: 'venue-detail', enabled: true },
  { path: '/venue/:venueId/edit', access: 'login', owner: 'mfe_venues', page: 'edit-venue', enabled: true },
  // Linked from venue detail (spec §2 "Report (/venue/{id}/report, on small screens)").
  { path: '/venue/:venueId/report', access: 'login', owner: 'mfe_venues', page: 'venue-report', enabled: true },
  { path: '/venue/:venueId/photos', access: 'login', owner: 'mfe_media', page: 'photos', enabled: true },
  { path: '/venue/:venueId/documents', access: 'login', owner: 'mfe_media', page: 'documents', enabled: true },
  { path: '/venue/:venueId/events', access: 'login', owner: 'mfe_venues', page: 'venue-events', enabled: true },
  { path: '/venue/:venueId/department', access: 'login', owner: 'mfe_cards', page: 'data-cards', enabled: true },
  { path: '/venue/:venueId/department/:departmentName', access: 'login', owner: 'mfe_cards', page: 'data-cards', enabled: true },
  { path: '/contacts', access: 'login', owner: 'mfe_venues', page: 'all-contacts', enabled: true },
  { path: '/events', access: 'login', owner: 'mfe_venues', page: 'all-events', enabled: true },
  { path: '/deleted-contacts', access: 'admin', owner: 'mfe_venues', page: 'deleted-contacts', enabled: true },
  { path: '/deleted-venues', access: 'admin', owner: 'mfe_venues', page: 'deleted-venues', enabled: true },
  // Spec §2, §6: the page itself shows 'Access Denied. You need admin privileges to access this page.' to other
  // roles (no client check in the route table), so the route admits every signed-in user.
  { path: '/admin/master-data-cards', access: 'login', owner: 'mfe_cards', page: 'master-data-cards', enabled: true },
  { path: '/admin/deleted-data-cards', access: 'login', owner: 'mfe_cards', page: 'deleted-data-cards', enabled: true },
  { path: '/admin/users', access: 'admin', owner: 'mfe_admin', page: 'users', enabled: true },
  // Spec §2, §6: /admin/sync-logs shows non-admins an 'Access Denied' card itself, and /admin/gdrive-sync has no client
  // check in the route table: the pages check the role (the server enforces it on every call).
  { path: '/admin/sync-logs', access: 'login', owner: 'mfe_admin', page: 'sync-logs', enabled: true },
  { path: '/admin/gdrive-sync', access: 'login', owner: 'mfe_admin', page: 'gdrive-sync', enabled: true },
  // Spec §2: the route admits owner or admin (the header menu lists it for the owner only).
  { path: '/audit-logs', access: 'admin', owner: 'mfe_admin', page: 'audit-logs', enabled: true },
];

/** Routes that are built and registered with the router. */
export function enabledRoutes(table: readonly RouteDefinition[] = ROUTE_TABLE): RouteDefinition[] {
  return table.filter((route) => route.enabled);
}

/** The registered route that renders `pathname`, or undefined when it is a 404. */
export function findRoute(pathname: string, table: readonly RouteDefinition[] = ROUTE_TABLE): RouteDefinition | undefined {
  return enabledRoutes(table).find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

export function isNotFound(pathname: string, table: readonly RouteDefinition[] = ROUTE_TABLE): boolean {
  return findRoute(pathname, table) === undefined;
}

/** Remote containers the enabled routes need. */
export function requiredRemotes(table: readonly RouteDefinition[] = ROUTE_TABLE): RemoteContainer[] {
  const owners = new Set<RemoteContainer>();
  for (const route of enabledRoutes(table)) if (route.owner !== 'shell') owners.add(route.owner);
  return [...owners];
}

/** Pages the shell renders itself: the sign-in pages (no app header, signed-in users go to '/'). */
export function isSignInRoute(route: RouteDefinition): boolean {
  return route.owner === 'shell' && route.access === 'public';
}

/** Whether a signed-in user with `role` may open a route of `access` (a missing role counts as viewer). */
export function roleMayOpen(access: RouteAccess, role: Role | null | undefined): boolean {
  switch (access) {
    case 'public':
    case 'login':
      return true;
    case 'admin':
      return can(role, 'admin.menu');
    case 'owner':
      return role === 'owner';
  }
}
