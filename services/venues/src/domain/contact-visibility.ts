// Contact details (name, title, phone, e-mail) on contacts and venues are withheld (null) from a caller who may
// not see them (spec §5; 'contact.view_details' in the permission table: every role but viewer).
import { can, isRole } from '@venuebook/domain';
import type { Contact, ContactListItem, Venue } from '@venuebook/domain';
import type { Caller } from '@venuebook/grpc';
import type { ContactRecord } from './contact.ts';

/** Whether `caller` may see contact details. */
export function seesContactDetails(caller: Pick<Caller, 'role'>): boolean {
  return can(isRole(caller.role) ? caller.role : undefined, 'contact.view_details');
}

/** A contact as `caller` may see it. */
export function contactForCaller(contact: ContactRecord, visible: boolean): Contact {
  const { id, venueId, tag, isCurrentMainContact, formerMainContact, createdBy, createdAt, updatedAt, deletedAt } = contact;
  const details = visible
    ? { name: contact.name, title: contact.title, phone: contact.phone, email: contact.email }
    : { name: null, title: null, phone: null, email: null };
  return { id, venueId, ...details, tag, isCurrentMainContact, formerMainContact, createdBy, createdAt, updatedAt, deletedAt, detailsHidden: !visible };
}

/** A contact of the all-contacts list as `caller` may see it. */
export function contactListItemForCaller(contact: ContactRecord & { venueName: string }, visible: boolean): ContactListItem {
  return { ...contactForCaller(contact, visible), venueName: contact.venueName };
}

/** A venue as `caller` may see it: its main-contact fields null unless the caller sees contact details. */
export function venueForCaller(venue: Venue, caller: Pick<Caller, 'role'>): Venue {
  return seesContactDetails(caller) ? venue : { ...venue, contactName: null, contactTitle: null, contactPhone: null, contactEmail: null };
}
