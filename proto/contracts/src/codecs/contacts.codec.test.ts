import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { ContactSchema, DeletedContactGroupSchema } from '@venuebook/contracts/venues/v1/contacts';
import { VenueSchema } from '@venuebook/contracts/venues/v1';
import type { Contact } from '@venuebook/domain';
import { sampleVenue } from '@venuebook/domain/testing';
import { venueFromProto, venueToProto } from './venues.codec.ts';
import {
  contactFromProto,
  contactInputFromProto,
  contactInputToProto,
  contactListItemFromProto,
  contactToProto,
  deletedContactGroupFromProto,
  deletedContactGroupToProto,
} from './contacts.codec.ts';

const contact: Contact = {
  id: '0b9f7c1e-1111-4a4a-8888-000000000001',
  venueId: '0b9f7c1e-1111-4a4a-8888-000000000002',
  name: 'Jane Doe',
  title: '',
  phone: '(555) 123-4567',
  email: 'jane@example.com',
  tag: 'Audio',
  isCurrentMainContact: true,
  formerMainContact: false,
  createdBy: 'user-1',
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  deletedAt: null,
  detailsHidden: false,
};

describe('contacts codec', () => {
  it('round-trips a contact (null deletedAt ↔ empty string)', () => {
    const proto = create(ContactSchema, contactToProto(contact));
    expect(proto.deletedAt).toBe('');
    expect(contactFromProto(proto)).toEqual(contact);
    const deleted = { ...contact, deletedAt: '2026-02-02T00:00:00.000Z' };
    expect(contactFromProto(create(ContactSchema, contactToProto(deleted)))).toEqual(deleted);
  });

  it('carries formerMainContact (a former main contact keeps its badge across the wire)', () => {
    const former: Contact = { ...contact, isCurrentMainContact: false, formerMainContact: true };
    const proto = create(ContactSchema, contactToProto(former));
    expect([proto.isCurrentMainContact, proto.formerMainContact]).toEqual([false, true]);
    expect(contactFromProto(proto)).toEqual(former);
    expect(contactFromProto(create(ContactSchema, contactToProto(contact))).formerMainContact).toBe(false);
    // Also when the details are withheld: the flag is not a contact detail.
    const hidden: Contact = { ...former, name: null, title: null, phone: null, email: null, detailsHidden: true };
    expect(contactFromProto(create(ContactSchema, contactToProto(hidden))).formerMainContact).toBe(true);
  });

  it('carries withheld details as empty strings with detailsHidden, and gives them back as null', () => {
    const hidden: Contact = { ...contact, name: null, title: null, phone: null, email: null, detailsHidden: true };
    const proto = create(ContactSchema, contactToProto(hidden));
    expect([proto.name, proto.title, proto.phone, proto.email, proto.detailsHidden]).toEqual(['', '', '', '', true]);
    expect(contactFromProto(proto)).toEqual(hidden);
    // An empty detail that is not withheld stays ''.
    expect(contactFromProto(create(ContactSchema, contactToProto(contact))).title).toBe('');
  });

  it('keeps the venue name of a list item and the groups of deleted contacts', () => {
    expect(contactListItemFromProto(create(ContactSchema, contactToProto({ ...contact, venueName: 'Hall' } as Contact)))).toEqual({
      ...contact,
      venueName: 'Hall',
    });
    const group = { venueId: contact.venueId, venueName: 'Hall', contacts: [contact] };
    expect(deletedContactGroupFromProto(create(DeletedContactGroupSchema, deletedContactGroupToProto(group)))).toEqual(group);
  });

  it('maps the form input (absent optional fields ↔ empty strings)', () => {
    expect(contactInputToProto({ name: 'Sam', title: undefined, phone: undefined, email: undefined, tag: undefined })).toEqual({
      name: 'Sam',
      title: '',
      phone: '',
      email: '',
      tag: '',
    });
    expect(contactInputFromProto(undefined)).toEqual({});
  });
});

describe("a venue's main-contact fields", () => {
  it('travel as they are when shown, and as empty strings with contactDetailsHidden when withheld (null)', () => {
    const shown = sampleVenue({ contactName: 'Jane Doe', contactTitle: '', contactPhone: '555', contactEmail: 'jane@example.com' });
    const shownProto = create(VenueSchema, venueToProto(shown));
    expect(shownProto.contactDetailsHidden).toBe(false);
    expect(venueFromProto(shownProto)).toEqual(shown);
    const hidden = { ...shown, contactName: null, contactTitle: null, contactPhone: null, contactEmail: null };
    const hiddenProto = create(VenueSchema, venueToProto(hidden));
    expect([hiddenProto.contactName, hiddenProto.contactEmail, hiddenProto.contactDetailsHidden]).toEqual(['', '', true]);
    expect(venueFromProto(hiddenProto)).toEqual(hidden);
  });
});
