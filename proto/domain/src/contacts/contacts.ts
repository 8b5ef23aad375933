/** Default contact tags (spec §3); the live list comes from the server. */
export const DEFAULT_CONTACT_TAGS = [
  'Administration',
  'Audio',
  'Facilities',
  'Field',
  'Legal',
  'Lighting',
  'Management',
  'Sales',
  'Security',
  'Tech',
  'Other',
] as const;

export type DefaultContactTag = (typeof DEFAULT_CONTACT_TAGS)[number];

/** Badges shown on contacts (spec §3). */
export const CONTACT_BADGES = {
  main: 'main contact',
  former: 'former contact',
} as const;

export type ContactBadge = (typeof CONTACT_BADGES)[keyof typeof CONTACT_BADGES];

/** Spec §5, word for word: the answer to deleting the current main contact of an active venue. */
export const MAIN_CONTACT_DELETE_REFUSED = 'Cannot delete main contact. Please change the main contact for this venue first, then try deleting again.';

/** Internal select value that switches the tag input to a typed custom tag (spec §4). */
export const CUSTOM_TAG_VALUE = '__custom__';
export const CUSTOM_TAG_OPTION_LABEL = '+ Add custom tag';
