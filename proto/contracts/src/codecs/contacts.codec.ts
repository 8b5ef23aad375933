// Proto ↔ domain mapping of the contacts contract (contacts.proto), shared by the venues service and the gateway.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Contact, ContactInputParsed, ContactListItem, DeletedContactGroup } from '@venuebook/domain';
import type {
  Contact as ProtoContact,
  ContactInput as ProtoContactInput,
  ContactInputSchema,
  ContactSchema,
  DeletedContactGroup as ProtoDeletedContactGroup,
  DeletedContactGroupSchema,
} from '@venuebook/contracts/venues/v1/contacts';

/** Domain contact → proto Contact: null deletedAt → '', withheld details (null) → '' with detailsHidden. */
export function contactToProto(contact: Contact | ContactListItem): MessageInitShape<typeof ContactSchema> {
  return {
    ...contact,
    name: contact.name ?? '',
    title: contact.title ?? '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    deletedAt: contact.deletedAt ?? '',
  };
}

/** Proto Contact → domain contact ('' deletedAt → null; withheld details → null). */
export function contactFromProto(contact: ProtoContact): Contact {
  const hidden = contact.detailsHidden;
  return {
    id: contact.id,
    venueId: contact.venueId,
    name: hidden ? null : contact.name,
    title: hidden ? null : contact.title,
    phone: hidden ? null : contact.phone,
    email: hidden ? null : contact.email,
    tag: contact.tag,
    isCurrentMainContact: contact.isCurrentMainContact,
    formerMainContact: contact.formerMainContact,
    createdBy: contact.createdBy,
    createdAt: contact.createdAt,
    updatedAt: contact.updatedAt,
    deletedAt: contact.deletedAt === '' ? null : contact.deletedAt,
    detailsHidden: hidden,
  };
}

/** Proto Contact of ListContacts → a list item (with its venue name). */
export function contactListItemFromProto(contact: ProtoContact): ContactListItem {
  return { ...contactFromProto(contact), venueName: contact.venueName };
}

export function deletedContactGroupToProto(group: DeletedContactGroup): MessageInitShape<typeof DeletedContactGroupSchema> {
  return { venueId: group.venueId, venueName: group.venueName, contacts: group.contacts.map(contactToProto) };
}

export function deletedContactGroupFromProto(group: ProtoDeletedContactGroup): DeletedContactGroup {
  return { venueId: group.venueId, venueName: group.venueName, contacts: group.contacts.map(contactFromProto) };
}

/** Validated contact input → proto ContactInput (absent optional fields → ''). */
export function contactInputToProto(input: ContactInputParsed): MessageInitShape<typeof ContactInputSchema> {
  return { name: input.name, title: input.title ?? '', phone: input.phone ?? '', email: input.email ?? '', tag: input.tag ?? '' };
}

/** Proto ContactInput → a plain object for the shared zod schema (which validates it again). */
export function contactInputFromProto(input: ProtoContactInput | undefined): Record<string, unknown> {
  if (!input) return {};
  return { name: input.name, title: input.title, phone: input.phone, email: input.email, tag: input.tag };
}
