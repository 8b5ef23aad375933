// Exposed as `mfe_admin/routes`: the page map the shell's route table points at. Each page loads on
// first visit (its own chunk), so nothing here weighs on the shell's first page.
import type { RemotePageMap } from '@venuebook/sdk';
import { lazy } from 'react';

export const pages: RemotePageMap = {
  users: lazy(() => import('./users/users-page.tsx').then((m) => ({ default: m.UsersPage }))),
  'sync-logs': lazy(() => import('./drive-sync/sync-logs-page.tsx').then((m) => ({ default: m.SyncLogsPage }))),
  'gdrive-sync': lazy(() => import('./drive-sync/gdrive-sync-page.tsx').then((m) => ({ default: m.GdriveSyncPage }))),
  'audit-logs': lazy(() => import('./audit-logs/audit-logs-page.tsx').then((m) => ({ default: m.AuditLogsPage }))),
};

export default pages;
