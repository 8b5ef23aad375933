// `npm run dev -w @venuebook/mfe-admin`: the remote's pages on their own.
import { mountStandalone } from '@venuebook/sdk';
import { pages } from './routes.ts';

mountStandalone({
  name: 'mfe-admin',
  pages,
  routes: [
    { path: '/admin/users', page: 'users' },
    { path: '/audit-logs', page: 'audit-logs' },
  ],
  links: [
    { to: '/admin/users', label: 'User Management' },
    { to: '/audit-logs', label: 'Audit Logs' },
  ],
});
