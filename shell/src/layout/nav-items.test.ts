import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteDefinition } from '../routes/route-table.ts';
import { ADMIN_NAV_ITEMS, BROWSE_NAV_ITEMS, visibleNavItems } from './nav-items.ts';

const allEnabled: RouteDefinition[] = ROUTE_TABLE.map((r) => ({ ...r, enabled: true }));
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('side menu items', () => {
  it('lists the admin or owner items of spec §2, each pointing at a route of the table', () => {
    expect(labels([...ADMIN_NAV_ITEMS])).toEqual([
      'Master Data Cards',
      'Deleted Contacts',
      'Deleted Venues',
      'Deleted Data Cards',
      'User Management',
      'G-Drive Sync Logs',
      'G-Drive Sync Controls',
      'Audit Logs',
    ]);
    for (const item of ADMIN_NAV_ITEMS)
      expect(
        ROUTE_TABLE.some((r) => r.path === item.path),
        item.path,
      ).toBe(true);
  });

  it('shows the admin items of every built page, the sync pages among them, and Audit Logs to the owner only', () => {
    expect(labels(visibleNavItems('owner'))).toEqual([
      'Master Data Cards',
      'Deleted Contacts',
      'Deleted Venues',
      'Deleted Data Cards',
      'User Management',
      'G-Drive Sync Logs',
      'G-Drive Sync Controls',
      'Audit Logs',
    ]);
    expect(labels(visibleNavItems('admin'))).toEqual([
      'Master Data Cards',
      'Deleted Contacts',
      'Deleted Venues',
      'Deleted Data Cards',
      'User Management',
      'G-Drive Sync Logs',
      'G-Drive Sync Controls',
    ]);
    expect(visibleNavItems('viewer')).toEqual([]);
    expect(visibleNavItems('editor')).toEqual([]);
  });

  it('shows an item only while its route is enabled and the role may use it', () => {
    const table = ROUTE_TABLE.map((r) => (r.path === '/admin/gdrive-sync' ? { ...r, enabled: false } : r));
    expect(labels(visibleNavItems('admin', ADMIN_NAV_ITEMS, table))).toEqual([
      'Master Data Cards',
      'Deleted Contacts',
      'Deleted Venues',
      'Deleted Data Cards',
      'User Management',
      'G-Drive Sync Logs',
    ]);
    expect(visibleNavItems('editor', ADMIN_NAV_ITEMS, table)).toEqual([]);
  });

  it('shows every role the lists of the whole book (All Contacts, All Events) once their pages are built', () => {
    for (const role of ['owner', 'admin', 'editor', 'surveyor', 'viewer', undefined] as const) {
      expect(labels(visibleNavItems(role, BROWSE_NAV_ITEMS, allEnabled)), String(role)).toEqual(['All Contacts', 'All Events']);
    }
    const withoutContacts = allEnabled.map((r) => (r.path === '/contacts' ? { ...r, enabled: false } : r));
    expect(labels(visibleNavItems('viewer', BROWSE_NAV_ITEMS, withoutContacts))).toEqual(['All Events']);
  });

  it('shows admins everything but Audit Logs, the owner everything, other roles nothing', () => {
    expect(labels(visibleNavItems('owner', ADMIN_NAV_ITEMS, allEnabled))).toHaveLength(8);
    expect(labels(visibleNavItems('admin', ADMIN_NAV_ITEMS, allEnabled))).not.toContain('Audit Logs');
    expect(labels(visibleNavItems('admin', ADMIN_NAV_ITEMS, allEnabled))).toHaveLength(7);
    for (const role of ['editor', 'surveyor', 'viewer', undefined] as const) {
      expect(visibleNavItems(role, ADMIN_NAV_ITEMS, allEnabled), String(role)).toEqual([]);
    }
  });
});
