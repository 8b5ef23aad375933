/** The five roles of spec §3, from most to least privileged. */
export const ROLES = ['owner', 'admin', 'editor', 'surveyor', 'viewer'] as const;

export type Role = (typeof ROLES)[number];

/** A user without a role (or whose role lookup fails) is a viewer (spec §6). */
export const DEFAULT_ROLE = 'viewer' satisfies Role;

/** Texts shown next to each role (spec §3, verbatim). */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  owner: 'Ultimate control over everything including user management',
  admin: 'Full control over everything',
  editor: 'Create and edit venues, surveys, data cards',
  surveyor: 'Add/edit data, upload media',
  viewer: 'View only access',
};

/** Display labels (capitalised role names). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  surveyor: 'Surveyor',
  viewer: 'Viewer',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Missing or unknown role → the default role (viewer). */
export function resolveRole(value: unknown): Role {
  return isRole(value) ? value : DEFAULT_ROLE;
}
