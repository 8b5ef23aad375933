import { can, type Action, type Role } from '@venuebook/sdk';
import { findRoute, ROUTE_TABLE, type RouteDefinition } from '../routes/route-table.ts';

export interface NavItem {
  label: string;
  path: string;
  /** The permission that shows the item (shared table of spec §6). */
  action: Action;
  /** Spec §2: "Audit Logs is shown to the owner only" (the route itself admits admins too). */
  ownerOnly?: boolean;
}

/**
 * The lists of the whole book, for every role. The spec's header has no entry for /contacts and /events (only the
 * route table names them); without one they could only be reached by typing the address.
 */
export const BROWSE_NAV_ITEMS: readonly NavItem[] = [
  { label: 'All Contacts', path: '/contacts', action: 'venue.view' },
  { label: 'All Events', path: '/events', action: 'venue.view' },
];

/** The admin or owner items of the side menu, in the order of spec §2. */
export const ADMIN_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Master Data Cards', path: '/admin/master-data-cards', action: 'card.template.manage' },
  { label: 'Deleted Contacts', path: '/deleted-contacts', action: 'contact.view_deleted' },
  { label: 'Deleted Venues', path: '/deleted-venues', action: 'venue.view_deleted' },
  { label: 'Deleted Data Cards', path: '/admin/deleted-data-cards', action: 'card.view_deleted' },
  { label: 'User Management', path: '/admin/users', action: 'user.list' },
  { label: 'G-Drive Sync Logs', path: '/admin/sync-logs', action: 'sync.view' },
  { label: 'G-Drive Sync Controls', path: '/admin/gdrive-sync', action: 'sync.trigger' },
  { label: 'Audit Logs', path: '/audit-logs', action: 'audit.view', ownerOnly: true },
];

/**
 * The items `role` sees: those whose page is built (its route is enabled in the route table) and
 * that the permission table allows. A missing role counts as viewer.
 */
export function visibleNavItems(
  role: Role | null | undefined,
  items: readonly NavItem[] = ADMIN_NAV_ITEMS,
  table: readonly RouteDefinition[] = ROUTE_TABLE,
): NavItem[] {
  return items.filter((item) => findRoute(item.path, table) !== undefined && can(role, item.action) && (!item.ownerOnly || role === 'owner'));
}
