// The zod schemas of the domain's enumerations (spec §3, §6), apart from the value lists themselves: the browser's
// first pages need the lists (roles, leagues, venue types, permissions) but no zod, and a module that builds a
// schema at load time brings all of zod with it.
import { z } from 'zod';
import { DEPARTMENTS } from '../cards/departments.ts';
import { DOCUMENT_CATEGORY_VALUES } from '../media/documents.ts';
import { LEAGUE_VALUES } from '../venues/leagues.ts';
import { ACTIONS } from '../identity/permissions.ts';
import { ROLES } from '../identity/roles.ts';
import { SYNC_STATUSES } from '../media/sync.ts';
import { VENUE_TYPES } from '../venues/venue-types.ts';

export const roleSchema = z.enum(ROLES).meta({ id: 'Role', description: 'User role' });

export const leagueSchema = z.enum(LEAGUE_VALUES).meta({
  id: 'League',
  description: "League value ('OT Select' is displayed as 'OTS')",
});

export const venueTypeSchema = z.enum(VENUE_TYPES).meta({ id: 'VenueType', description: 'Venue type' });

export const departmentSchema = z.enum(DEPARTMENTS).meta({ id: 'Department', description: 'Department' });

export const documentCategorySchema = z.enum(DOCUMENT_CATEGORY_VALUES).meta({
  id: 'DocumentCategory',
  description: 'Document category',
});

export const syncStatusSchema = z.enum(SYNC_STATUSES).meta({ id: 'SyncStatus', description: 'Sync queue status' });

export const actionSchema = z.enum(ACTIONS).meta({ id: 'Action', description: 'Permission-checked action' });
