// The contacts screens' values and pure rules (spec §2 'Venue Contacts dialog', 'Contacts', §4 'Contacts dialog
// form', §5 'Venue contact form', §8 'Contacts', §9). No React here, so every rule has a unit test.
import { CUSTOM_TAG_VALUE, MAIN_CONTACT_DELETE_REFUSED, sortContactsByLastWord, type Contact } from '@venuebook/domain';

/** What the add/edit form holds: every field as typed ('' when empty; the schema sends '' as undefined). */
export interface ContactFormValues {
  name: string;
  title: string;
  phone: string;
  email: string;
  tag: string;
}

export function emptyContactForm(): ContactFormValues {
  return { name: '', title: '', phone: '', email: '', tag: '' };
}

/** Edit mode starts from the contact's fields (withheld details as ''). */
export function contactToFormValues(contact: Pick<Contact, 'name' | 'title' | 'phone' | 'email' | 'tag'>): ContactFormValues {
  return { name: contact.name ?? '', title: contact.title ?? '', phone: contact.phone ?? '', email: contact.email ?? '', tag: contact.tag };
}

/** The dialog's list (spec §4): only contacts that are not the current main contact, by the last word of the name. */
export function additionalContacts<T extends Pick<Contact, 'isCurrentMainContact' | 'name'>>(contacts: readonly T[]): T[] {
  return sortContactsByLastWord(contacts.filter((contact) => !contact.isCurrentMainContact));
}

/** Whether a contact shows the 'former contact' badge (spec §3): a main contact a venue edit replaced (spec §4). */
export function isFormerMainContact(contact: Pick<Contact, 'isCurrentMainContact' | 'formerMainContact'>): boolean {
  return contact.formerMainContact && !contact.isCurrentMainContact;
}

/** A name split for display with its last word in bold (spec §2): `{ rest: 'Mary Ann ', last: 'Smith' }`. */
export function splitLastWord(name: string | null | undefined): { rest: string; last: string } {
  const trimmed = (name ?? '').trim();
  const at = trimmed.search(/\S+$/);
  if (at <= 0) return { rest: '', last: trimmed };
  return { rest: trimmed.slice(0, at), last: trimmed.slice(at) };
}

/**
 * The tag select's options: the server's list (or the defaults), plus the contact's own tag when the list lacks
 * it (editing a contact with an older custom tag keeps it choosable). The '+ Add custom tag' entry is added by the
 * form for users who may use it.
 */
export function tagOptions(tags: readonly string[], current: string): string[] {
  const options = tags.filter((tag) => tag !== '' && tag !== CUSTOM_TAG_VALUE);
  return current && !options.includes(current) ? [...options, current] : options;
}

/** Whether the select's value asks for a typed custom tag (spec §4: '+ Add custom tag', value '__custom__'). */
export function isCustomTagChoice(value: string): boolean {
  return value === CUSTOM_TAG_VALUE;
}

/** Spec §2 / §8 'Contacts': the dialog's and lists' texts and toasts. */
export const CONTACT_TEXT = {
  added: 'Contact added successfully',
  updated: 'Contact updated successfully',
  deleted: 'Contact deleted successfully',
  addFailed: 'Failed to add contact',
  updateFailed: 'Failed to update contact',
  deleteFailed: 'Failed to delete contact',
  deletedNamed: (name: string) => `Contact "${name}" deleted successfully`,
  restored: (name: string) => `Contact "${name}" restored successfully`,
  purged: (name: string) => `Contact "${name}" permanently deleted`,
  restoreFailed: 'Failed to restore contact',
  purgeFailed: 'Failed to permanently delete contact',
  loading: 'Loading contacts...',
  noAdditional: 'No additional contacts found. Add one above.',
  noContacts: 'No contacts found',
  noDeleted: 'No deleted contacts',
  confirmDelete: (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
  /** Spec §5: the server refuses deleting the current main contact of an active venue with this text. */
  mainContactRefused: MAIN_CONTACT_DELETE_REFUSED,
  /** A contact whose details this user may not see (null name). */
  hiddenName: 'Contact details hidden',
} as const;

/** The name shown for a contact: its name, or the hidden-details text for users who may not see it. */
export function contactDisplayName(contact: Pick<Contact, 'name' | 'detailsHidden'>): string {
  if (contact.detailsHidden || contact.name === null) return CONTACT_TEXT.hiddenName;
  return contact.name.trim() || '(no name)';
}
