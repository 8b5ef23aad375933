import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/limits.ts';
import { pageResultSchema, pagingQueryShape, searchQuerySchema } from '../shared/paging.ts';

// The contacts HTTP contract: what the gateway answers and takes; the form's input schema is
// contactInputSchema (contact-rules.ts).

const isoTimestamp = (description: string) => z.iso.datetime({ offset: true }).describe(description);

/** A contact detail: '' when empty, null when the user may not see contact details (spec §5, 'contact.view_details'). */
const detail = (description: string) => z.string().nullable().describe(`${description}; null when the user may not see contact details`);

const contactShape = {
  id: z.string().describe('Contact id (UUID)'),
  venueId: z.string().describe('Venue id (UUID)'),
  name: detail('Name'),
  title: detail("Title ('' when none)"),
  phone: detail("Phone ('' when none)"),
  email: detail("E-mail ('' when none)"),
  tag: z.string().describe("Tag ('' when none)"),
  isCurrentMainContact: z.boolean().describe("The venue's current main contact (exactly one per venue); false for additional and former main contacts"),
  formerMainContact: z
    .boolean()
    .describe(
      "A former main contact: unflagged when a venue edit changed the main contact's name substantially (spec §4), shown with the 'former contact' badge; false for the current main contact and additional contacts",
    ),
  createdBy: z.string().describe("Id of the user who created the contact ('' for contacts made by an import)"),
  createdAt: isoTimestamp('Creation time (ISO 8601)'),
  updatedAt: isoTimestamp('Last update (ISO 8601)'),
  deletedAt: isoTimestamp('Soft-delete time (ISO 8601); null when active').nullable(),
  detailsHidden: z.boolean().describe('True when name, title, phone and email are withheld (null) from this user'),
};

export const contactSchema = z.object(contactShape).meta({ id: 'Contact', description: 'A venue contact' });
export type Contact = z.infer<typeof contactSchema>;

/** A contact of the all-contacts list: with its venue's name. */
export const contactListItemSchema = z
  .object({ ...contactShape, venueName: z.string().describe("The venue's name") })
  .meta({ id: 'ContactListItem', description: 'A contact with its venue name (the all-contacts list)' });
export type ContactListItem = z.infer<typeof contactListItemSchema>;

/** GET /venues/{id}/contacts. */
export const venueContactsResultSchema = z
  .object({
    items: z.array(contactSchema).describe('The current main contact first, then newest first (former main contacts included, isCurrentMainContact false)'),
  })
  .meta({ id: 'VenueContacts', description: "A venue's active contacts" });
export type VenueContactsResult = z.infer<typeof venueContactsResultSchema>;

export const listContactsQuerySchema = z
  .object({
    q: searchQuerySchema(
      'Search text: every word must start a word of the name, title, e-mail, phone, tag or venue name (accents and case ignored); only tag and venue name for users who may not see contact details',
    ),
    ...pagingQueryShape({ max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE, what: 'Contacts' }),
  })
  .describe('Contact list query string');
export type ListContactsQuery = z.output<typeof listContactsQuerySchema>;

export const listContactsResultSchema = pageResultSchema(contactListItemSchema, 'Number of matching contacts').meta({
  id: 'ListContactsResult',
  description: 'One page of active contacts of active venues, sorted by the last word of the name, then the full name',
});
export type ListContactsResult = z.infer<typeof listContactsResultSchema>;

export const deletedContactGroupSchema = z
  .object({
    venueId: z.string(),
    venueName: z.string().describe("The venue's name (also when the venue is deleted; '' when it no longer exists)"),
    contacts: z.array(contactSchema).describe('Newest deleted first'),
  })
  .meta({ id: 'DeletedContactGroup', description: "A venue's soft-deleted contacts" });
export type DeletedContactGroup = z.infer<typeof deletedContactGroupSchema>;

export const deletedContactsResultSchema = z
  .object({ groups: z.array(deletedContactGroupSchema).describe('Venues by their newest deletion first') })
  .meta({ id: 'DeletedContacts', description: 'Soft-deleted contacts grouped by venue' });
export type DeletedContactsResult = z.infer<typeof deletedContactsResultSchema>;

export const contactTagsResultSchema = z
  .object({ tags: z.array(z.string()).describe('The 11 default tags in their order, then the other tags in use, A→Z') })
  .meta({ id: 'ContactTags', description: 'Tags to choose from' });
export type ContactTagsResult = z.infer<typeof contactTagsResultSchema>;
