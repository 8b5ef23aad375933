import { CUSTOM_TAG_VALUE } from '@venuebook/domain';
import { describe, expect, it } from 'vitest';
import {
  additionalContacts,
  CONTACT_TEXT,
  contactDisplayName,
  contactToFormValues,
  isCustomTagChoice,
  isFormerMainContact,
  splitLastWord,
  tagOptions,
} from './contact-rules.ts';

describe('contact values', () => {
  it('lists only non-main contacts, by the last word of the name', () => {
    const contacts = [
      { id: 'a', name: 'Zed Adams', isCurrentMainContact: true },
      { id: 'b', name: 'Amy Young', isCurrentMainContact: false },
      { id: 'c', name: 'Bob Brown', isCurrentMainContact: false },
      { id: 'd', name: 'Cher', isCurrentMainContact: false },
    ];
    expect(additionalContacts(contacts).map((c) => c.id)).toEqual(['c', 'd', 'b']);
  });

  it("badges a former main contact 'former contact' (spec §3), never the current main or an added contact", () => {
    expect(isFormerMainContact({ isCurrentMainContact: false, formerMainContact: true })).toBe(true);
    expect(isFormerMainContact({ isCurrentMainContact: false, formerMainContact: false })).toBe(false);
    expect(isFormerMainContact({ isCurrentMainContact: true, formerMainContact: true })).toBe(false);
    expect(CONTACT_TEXT.mainContactRefused).toBe('Cannot delete main contact. Please change the main contact for this venue first, then try deleting again.');
  });

  it('splits the last word for bold display', () => {
    expect(splitLastWord('Mary Ann Smith')).toEqual({ rest: 'Mary Ann ', last: 'Smith' });
    expect(splitLastWord('  Cher ')).toEqual({ rest: '', last: 'Cher' });
    expect(splitLastWord(null)).toEqual({ rest: '', last: '' });
  });

  it('offers the contact own tag when the list lacks it, never the custom value', () => {
    expect(tagOptions(['Audio', 'Tech'], '')).toEqual(['Audio', 'Tech']);
    expect(tagOptions(['Audio', 'Tech'], 'Tech')).toEqual(['Audio', 'Tech']);
    expect(tagOptions(['Audio', CUSTOM_TAG_VALUE], 'Rigging')).toEqual(['Audio', 'Rigging']);
    expect(isCustomTagChoice(CUSTOM_TAG_VALUE)).toBe(true);
    expect(isCustomTagChoice('Audio')).toBe(false);
  });

  it('fills the form from a contact; withheld details are empty', () => {
    expect(contactToFormValues({ name: null, title: null, phone: null, email: null, tag: 'Audio' })).toEqual({
      name: '',
      title: '',
      phone: '',
      email: '',
      tag: 'Audio',
    });
  });

  it('names hidden contacts and words the §2/§8 texts', () => {
    expect(contactDisplayName({ name: null, detailsHidden: true })).toBe('Contact details hidden');
    expect(contactDisplayName({ name: 'Pat Doe', detailsHidden: false })).toBe('Pat Doe');
    expect(CONTACT_TEXT.confirmDelete('Pat Doe')).toBe('Are you sure you want to delete "Pat Doe"? This action cannot be undone.');
    expect(CONTACT_TEXT.restored('Pat')).toBe('Contact "Pat" restored successfully');
    expect(CONTACT_TEXT.purged('Pat')).toBe('Contact "Pat" permanently deleted');
  });
});
