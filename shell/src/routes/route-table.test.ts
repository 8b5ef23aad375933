import { ROLES } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import { enabledRoutes, findRoute, isNotFound, isSignInRoute, requiredRemotes, roleMayOpen, ROUTE_TABLE, type RouteDefinition } from './route-table.ts';

describe('route table', () => {
  it('lists every route of spec §2 once', () => {
    const paths = ROUTE_TABLE.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/auth',
      '/login',
      '/public/venue/:venueId/photos',
      '/',
      '/add-venue',
      '/venue/:venueId',
      '/venue/:venueId/edit',
      '/venue/:venueId/photos',
      '/venue/:venueId/documents',
      '/venue/:venueId/events',
      '/venue/:venueId/department',
      '/venue/:venueId/department/:departmentName',
      '/contacts',
      '/events',
      '/deleted-contacts',
      '/deleted-venues',
      '/admin/master-data-cards',
      '/admin/deleted-data-cards',
      '/admin/users',
      '/admin/sync-logs',
      '/admin/gdrive-sync',
      '/audit-logs',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('records access per spec: public sign-in pages and gallery, admin pages, login elsewhere', () => {
    const access = (path: string) => ROUTE_TABLE.find((r) => r.path === path)?.access;
    expect(access('/auth')).toBe('public');
    expect(access('/login')).toBe('public');
    expect(access('/public/venue/:venueId/photos')).toBe('public');
    expect(access('/')).toBe('login');
    expect(access('/deleted-venues')).toBe('admin');
    expect(access('/admin/users')).toBe('admin');
    expect(access('/audit-logs')).toBe('admin');
    // The card admin pages and the sync pages answer other roles with 'Access Denied' themselves (spec §2, §6).
    expect(access('/admin/master-data-cards')).toBe('login');
    expect(access('/admin/deleted-data-cards')).toBe('login');
    expect(access('/admin/sync-logs')).toBe('login');
    expect(access('/admin/gdrive-sync')).toBe('login');
  });

  it('registers every route of the table', () => {
    expect(enabledRoutes().map((r) => r.path)).toEqual([
      '/auth',
      '/login',
      '/public/venue/:venueId/photos',
      '/',
      '/add-venue',
      '/venue/:venueId',
      '/venue/:venueId/edit',
      '/venue/:venueId/report',
      '/venue/:venueId/photos',
      '/venue/:venueId/documents',
      '/venue/:venueId/events',
      '/venue/:venueId/department',
      '/venue/:venueId/department/:departmentName',
      '/contacts',
      '/events',
      '/deleted-contacts',
      '/deleted-venues',
      '/admin/master-data-cards',
      '/admin/deleted-data-cards',
      '/admin/users',
      '/admin/sync-logs',
      '/admin/gdrive-sync',
      '/audit-logs',
    ]);
    expect(enabledRoutes()).toHaveLength(ROUTE_TABLE.length);
    expect(requiredRemotes()).toEqual(['mfe_media', 'mfe_venues', 'mfe_cards', 'mfe_admin']);
  });

  it('finds the page of a registered path', () => {
    expect(findRoute('/')).toMatchObject({ owner: 'mfe_venues', page: 'home' });
    expect(findRoute('/auth')).toMatchObject({ owner: 'shell', page: 'auth', access: 'public' });
    expect(findRoute('/login')).toMatchObject({ owner: 'shell', page: 'login', access: 'public' });
    expect(findRoute('/venue/0b6d4c1e-2f7a-4c5e-9d3a-1a2b3c4d5e6f')).toMatchObject({ owner: 'mfe_venues', page: 'venue-detail' });
    expect(findRoute('/venue/0b6d4c1e-2f7a-4c5e-9d3a-1a2b3c4d5e6f/events')).toMatchObject({ owner: 'mfe_venues', page: 'venue-events' });
    expect(findRoute('/events')).toMatchObject({ owner: 'mfe_venues', page: 'all-events', access: 'login' });
    expect(findRoute('/deleted-venues')).toMatchObject({ owner: 'mfe_venues', page: 'deleted-venues', access: 'admin' });
    expect(findRoute('/contacts')).toMatchObject({ owner: 'mfe_venues', page: 'all-contacts', access: 'login' });
    expect(findRoute('/deleted-contacts')).toMatchObject({ owner: 'mfe_venues', page: 'deleted-contacts', access: 'admin' });
    expect(findRoute('/admin/master-data-cards')).toMatchObject({ owner: 'mfe_cards', page: 'master-data-cards' });
    expect(findRoute('/admin/deleted-data-cards')).toMatchObject({ owner: 'mfe_cards', page: 'deleted-data-cards' });
    expect(findRoute('/admin/users')).toMatchObject({ owner: 'mfe_admin', page: 'users', access: 'admin' });
    expect(findRoute('/admin/sync-logs')).toMatchObject({ owner: 'mfe_admin', page: 'sync-logs', access: 'login' });
    expect(findRoute('/admin/gdrive-sync')).toMatchObject({ owner: 'mfe_admin', page: 'gdrive-sync', access: 'login' });
    // The Data Cards screen, with or without a department (spec §2; 'Production/Broadcast' is one encoded segment).
    expect(findRoute('/venue/abc/department')).toMatchObject({ owner: 'mfe_cards', page: 'data-cards', access: 'login' });
    expect(findRoute('/venue/abc/department/Production%2FBroadcast')).toMatchObject({ owner: 'mfe_cards', page: 'data-cards' });
    // The media pages: the public gallery needs no sign-in.
    expect(findRoute('/venue/abc/photos')).toMatchObject({ owner: 'mfe_media', page: 'photos', access: 'login' });
    expect(findRoute('/venue/abc/documents')).toMatchObject({ owner: 'mfe_media', page: 'documents', access: 'login' });
    expect(findRoute('/public/venue/abc/photos')).toMatchObject({ owner: 'mfe_media', page: 'public-gallery', access: 'public' });
  });

  it('treats unbuilt and unknown paths as 404', () => {
    for (const path of [
      '/venue/abc/photos/x',
      '/admin/sync-logs/x',
      '/admin/drive',
      '/auth/x',
      '/nope',
      '/venue',
      '/venue/abc/department/IT/x',
      '/venue/a/b/c',
    ]) {
      expect(isNotFound(path), path).toBe(true);
    }
    expect(isNotFound('/')).toBe(false);
  });

  it('registers a route only while it is enabled, and loads only the remotes of enabled routes', () => {
    const adminOff: RouteDefinition[] = ROUTE_TABLE.map((r) => (r.owner === 'mfe_admin' ? { ...r, enabled: false } : r));
    expect(isNotFound('/admin/sync-logs', adminOff)).toBe(true);
    expect(requiredRemotes(adminOff).sort()).toEqual(['mfe_cards', 'mfe_media', 'mfe_venues']);
    const syncOn = adminOff.map((r) => (r.path === '/admin/sync-logs' ? { ...r, enabled: true } : r));
    expect(findRoute('/admin/sync-logs', syncOn)).toMatchObject({ owner: 'mfe_admin', page: 'sync-logs' });
    expect(requiredRemotes(syncOn).sort()).toEqual(['mfe_admin', 'mfe_cards', 'mfe_media', 'mfe_venues']);
  });

  it('marks the public pages of the shell as the sign-in pages', () => {
    expect(ROUTE_TABLE.filter(isSignInRoute).map((r) => r.path)).toEqual(['/auth', '/login']);
  });
});

describe('roleMayOpen', () => {
  it('lets every signed-in role open public and login routes', () => {
    for (const role of ['owner', 'admin', 'editor', 'surveyor', 'viewer', undefined] as const) {
      expect(roleMayOpen('public', role)).toBe(true);
      expect(roleMayOpen('login', role)).toBe(true);
    }
  });

  it('keeps admin routes to admin and owner, owner routes to the owner', () => {
    expect(ROLES.filter((r) => roleMayOpen('admin', r))).toEqual(['owner', 'admin']);
    expect(roleMayOpen('admin', null)).toBe(false);
    expect(roleMayOpen('owner', 'owner')).toBe(true);
    expect(roleMayOpen('owner', 'admin')).toBe(false);
  });
});
