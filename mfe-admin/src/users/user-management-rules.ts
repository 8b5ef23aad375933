// User Management's pure rules (spec §2 'User Management', §6, §8 'Admin'): the texts, relative times, which
// actions a row offers whom, the role badge colours and the table's paging. Free of React.
import { ROLES, type ManagedUser, type Role } from '@venuebook/sdk';
import { formatDistance } from 'date-fns';

/** Spec §2 and §8 'Admin', verbatim. */
export const USERS_TEXT = {
  title: 'User Management',
  previewWelcome: 'Preview Welcome Dialog',
  never: 'Never',
  roleUpdated: { title: 'Role updated', description: 'User role has been successfully updated.' },
  roleFailed: { title: 'Error', description: 'Failed to update user role. Please try again.' },
  removed: { title: 'User removed', description: 'User has been successfully removed.' },
  removeFailed: 'Failed to remove user. Please try again.',
  fetchFailed: 'Failed to fetch users',
  removeTitle: 'Remove User',
  removeConfirm: 'Remove User',
  /** The remove confirmation's question (spec §2). */
  removeQuestion: (email: string) => `Are you sure you want to remove ${email}? This action cannot be undone. The user will lose access to the application.`,
  searchPlaceholder: 'Search by e-mail',
  noUsers: 'No users found',
  noMatches: (q: string) => `No user's e-mail contains "${q}"`,
} as const;

/** The table's columns (the stacked cards at phone width label their fields alike). */
export const USER_COLUMNS = ['Email', 'Role', 'Joined', 'Last seen', 'Actions'] as const;

/** A time as relative age ('3 days ago'); '' without a valid time. */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDistance(date, now, { addSuffix: true });
}

/** Spec §2, §9: last seen as relative time, or 'Never' without a sign-in. */
export function lastSeenLabel(lastSignInAt: string | null, now: Date = new Date()): string {
  return relativeTime(lastSignInAt, now) || USERS_TEXT.never;
}

/** A time in full for a tooltip ('' without a valid time), in the browser's locale and zone. */
export function fullTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

/** The role badge's colour palette, from most to least privileged. */
export const ROLE_PALETTES: Readonly<Record<Role, string>> = {
  owner: 'purple',
  admin: 'red',
  editor: 'blue',
  surveyor: 'green',
  viewer: 'gray',
};

/** Who acts on the page: their id and role (the session's user). */
export interface Actor {
  id: string;
  role: Role | null | undefined;
}

/**
 * Whether the actor may change this user's role: owners anyone's, admins anyone's but an owner's (only an owner
 * touches the owner role). The server decides (and keeps the last owner); the page only hides what it would refuse.
 */
export function mayChangeRole(actor: Actor, user: Pick<ManagedUser, 'role'>): boolean {
  if (actor.role === 'owner') return true;
  return actor.role === 'admin' && user.role !== 'owner';
}

/** The roles the actor may give this user: every role for an owner, every role but owner for an admin. */
export function roleChoices(actor: Actor, user: Pick<ManagedUser, 'role'>): readonly Role[] {
  if (!mayChangeRole(actor, user)) return [user.role];
  return actor.role === 'owner' ? ROLES : ROLES.filter((role) => role !== 'owner');
}

/** Whether the actor may remove this user: nobody themselves, only an owner an owner. */
export function mayRemove(actor: Actor, user: Pick<ManagedUser, 'id' | 'role'>): boolean {
  if (actor.id === user.id) return false;
  if (actor.role === 'owner') return true;
  return actor.role === 'admin' && user.role !== 'owner';
}

/** How many pages `total` users fill (at least 1, so that an empty list is 'page 1 of 1'). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 'Showing 51–100 of 2,000' ('' for an empty list). */
export function shownRange(page: number, pageSize: number, shown: number, total: number): string {
  if (shown === 0) return '';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

/** '1 user', '2,000 users'; with a search, 'users found'. */
export function userCountText(total: number, searching: boolean): string {
  const noun = total === 1 ? 'user' : 'users';
  return `${total.toLocaleString('en-US')} ${noun}${searching ? ' found' : ''}`;
}

/** A failure toast's description: the spec's text, then the server's reason when it gave one. */
export function withReason(text: string, reason: string | null | undefined): string {
  const why = reason?.trim();
  return why && why !== text ? `${text} ${why}` : text;
}
