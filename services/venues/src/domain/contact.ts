import type { ContactInputParsed } from '@venuebook/domain';

/** A stored contact as the service holds it (every detail; callers get it through contactForCaller). */
export interface ContactRecord {
  id: string;
  venueId: string;
  name: string;
  title: string;
  phone: string;
  email: string;
  tag: string;
  isCurrentMainContact: boolean;
  /** Unflagged by the main-contact rule (spec §4: kept as a former contact, the 'former contact' badge). */
  formerMainContact: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** null while active. */
  deletedAt: string | null;
}

/** The user-editable fields of a contact after validation ('' for an empty optional field). */
export interface ContactFields {
  name: string;
  title: string;
  phone: string;
  email: string;
  tag: string;
}

/** The form's parsed input (absent optional fields undefined) as stored fields. */
export function contactFieldsOf(input: ContactInputParsed): ContactFields {
  return { name: input.name, title: input.title ?? '', phone: input.phone ?? '', email: input.email ?? '', tag: input.tag ?? '' };
}
