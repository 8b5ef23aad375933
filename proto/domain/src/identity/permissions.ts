import { DEFAULT_ROLE, isRole } from './roles.ts';
import type { Role } from './roles.ts';

/**
 * Role groups derived from spec §6.
 *
 * - EDIT: "Edit rights (add venue, add links and buttons, edit venue info and links,
 *   upload and tag photos and documents): admin, editor, surveyor, owner."
 * - HIGHER_PRIVILEGE: the spec says Clean Field Notes and Delete Venue need a
 *   "higher-privilege user" without naming the roles. We grant it to owner, admin and
 *   editor: both actions are destructive (above the surveyor's "Add/edit data, upload
 *   media"), while the editor's description ("Create and edit venues, surveys, data
 *   cards") makes the editor responsible for a venue's content as a whole; limiting it
 *   to admins would make it indistinguishable from the admin capability, which the
 *   spec lists separately.
 * - CARD_AUTHOR: creating, customising and deleting data cards follows the editor's
 *   description ("… data cards"); surveyors only enter data ("Add/edit data").
 * - ADMIN: "Admin is the capability checked for" role changes, user removal, webhook
 *   settings, sync reset, deleted items, master templates, restore and purge. The owner
 *   has "ultimate control over everything", so every admin capability includes owner.
 * - VIEWER_ONLY: the one-time welcome dialog is shown to viewers only.
 */
const ALL: readonly Role[] = ['owner', 'admin', 'editor', 'surveyor', 'viewer'];
const EDIT: readonly Role[] = ['owner', 'admin', 'editor', 'surveyor'];
const HIGHER_PRIVILEGE: readonly Role[] = ['owner', 'admin', 'editor'];
const CARD_AUTHOR: readonly Role[] = ['owner', 'admin', 'editor'];
const ADMIN: readonly Role[] = ['owner', 'admin'];
const VIEWER_ONLY: readonly Role[] = ['viewer'];

export const ROLE_GROUPS = {
  all: ALL,
  edit: EDIT,
  higherPrivilege: HIGHER_PRIVILEGE,
  cardAuthor: CARD_AUTHOR,
  admin: ADMIN,
} as const;

/** Every permission-checked action. Keep in sync with PERMISSIONS below (the compiler checks it). */
export const ACTIONS = [
  // venues
  'venue.view',
  'venue.create',
  'venue.edit',
  'venue.links.edit',
  'venue.delete',
  'venue.clean_field_notes',
  'venue.view_deleted',
  'venue.restore',
  'venue.purge',
  // contacts
  'contact.create',
  'contact.edit',
  'contact.delete',
  'contact.custom_tag',
  'contact.view_details',
  'contact.view_deleted',
  'contact.restore',
  'contact.purge',
  // data cards
  'card.create',
  'card.edit',
  'card.delete',
  'card.data.save',
  'card.ai_extract',
  'card.template.manage',
  'card.view_deleted',
  'card.restore',
  'card.purge',
  // documents & photos
  'document.upload',
  'document.edit',
  'document.delete',
  'photo.upload',
  'photo.tag',
  'photo.delete',
  'gallery.manage',
  // events
  'event.create',
  'event.edit',
  'event.delete',
  // users & settings
  'user.list',
  'user.assign_role',
  'user.remove',
  'settings.view',
  'settings.edit',
  // cloud-drive sync
  'sync.view',
  'sync.trigger',
  'sync.reset',
  // audit & navigation
  'audit.view',
  'admin.menu',
  'welcome.dialog',
] as const;

export type Action = (typeof ACTIONS)[number];

/** Which roles may perform each action (spec §6). */
export const PERMISSIONS: Readonly<Record<Action, readonly Role[]>> = {
  'venue.view': ALL,
  'venue.create': EDIT,
  'venue.edit': EDIT,
  'venue.links.edit': EDIT,
  'venue.delete': HIGHER_PRIVILEGE,
  'venue.clean_field_notes': HIGHER_PRIVILEGE,
  'venue.view_deleted': ADMIN,
  'venue.restore': ADMIN,
  'venue.purge': ADMIN,

  // The spec does not say who may add/edit/delete contacts (buttons are shown to
  // everyone); contacts are venue info, so they follow edit rights.
  'contact.create': EDIT,
  'contact.edit': EDIT,
  'contact.delete': EDIT,
  // "In the Venue Contacts dialog, only admin and editor see '+ Add custom tag'."
  'contact.custom_tag': ['admin', 'editor'],
  // Spec §5: contact details (name, title, phone, e-mail) on venues and contacts are null unless the user may
  // access the venue's contacts, "decided by a server check" whose rule is not shown; settled here: every
  // role but viewer. Without it the venues service answers those fields as null and does not search them.
  'contact.view_details': EDIT,
  'contact.view_deleted': ADMIN,
  'contact.restore': ADMIN,
  'contact.purge': ADMIN,

  'card.create': CARD_AUTHOR,
  'card.edit': CARD_AUTHOR,
  'card.delete': CARD_AUTHOR,
  // Entering data and field notes: surveyor's "Add/edit data".
  'card.data.save': EDIT,
  'card.ai_extract': EDIT,
  'card.template.manage': ADMIN,
  'card.view_deleted': ADMIN,
  'card.restore': ADMIN,
  'card.purge': ADMIN,

  'document.upload': EDIT,
  'document.edit': EDIT,
  'document.delete': EDIT,
  'photo.upload': EDIT,
  'photo.tag': EDIT,
  'photo.delete': EDIT,
  // Beyond the spec: turning a venue's public gallery off, setting it to expire, rotating its link.
  'gallery.manage': ADMIN,

  'event.create': EDIT,
  'event.edit': EDIT,
  'event.delete': EDIT,

  'user.list': ADMIN,
  'user.assign_role': ADMIN,
  'user.remove': ADMIN,
  'settings.view': ADMIN,
  'settings.edit': ADMIN,

  'sync.view': ADMIN,
  'sync.trigger': ADMIN,
  'sync.reset': ADMIN,

  // The spec says both "Owner only sees Audit Logs" (§6, the menu) and "owner or admin" (§2's route
  // table); settled here: the audit log is served to owners. The identity service enforces it.
  'audit.view': ['owner'],
  // Master cards, deleted items, user management and sync menu items.
  'admin.menu': ADMIN,
  'welcome.dialog': VIEWER_ONLY,
};

/** Whether `role` may perform `action`. A missing or unknown role counts as viewer (spec §6). */
export function can(role: Role | undefined | null, action: Action): boolean {
  const effective: Role = isRole(role) ? role : DEFAULT_ROLE;
  return PERMISSIONS[action].includes(effective);
}

/** The roles allowed to perform `action`. */
export function rolesFor(action: Action): readonly Role[] {
  return PERMISSIONS[action];
}

/** Every action `role` may perform (missing role → viewer). */
export function actionsFor(role: Role | undefined | null): Action[] {
  return ACTIONS.filter((a) => can(role, a));
}

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}
