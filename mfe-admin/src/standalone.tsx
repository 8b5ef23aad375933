// `npm run dev -w @venuebook/mfe-admin`: the remote's pages on their own.
import { mountStandalone } from '@venuebook/sdk';
import { pages } from './routes.ts';

mountStandalone({
  name: 'mfe-admin',
  pages,
  routes: [
    { path: '/admin/users', page: 'users' },
    { path: '/admin/sync-logs', page: 'sync-logs' },
    { path: '/admin/gdrive-sync', page: 'gdrive-sync' },
    { path: '/audit-logs', page: 'audit-logs' },
  ],
  links: [
    { to: '/admin/users', label: 'User Management' },
    { to: '/admin/sync-logs', label: 'G-Drive Sync Logs' },
    { to: '/admin/gdrive-sync', label: 'G-Drive Sync Controls' },
    { to: '/audit-logs', label: 'Audit Logs' },
  ],
});
