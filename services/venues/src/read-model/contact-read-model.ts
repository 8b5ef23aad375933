// The venues service's contact read model: every contact (active and soft-deleted; contacts are small) with its
// venue's name, in memory (the kit's ReadModel), grouped by venue. The contact lists, the by-venue lists, the
// search and the tag list are answered from it; the database is read by `_id` only.
import { contactSortKey } from '@venuebook/domain';
import { SUBJECTS, STREAMS } from '@venuebook/contracts/events';
import { foldText, ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import type { ContactRecord } from '../domain/contact.ts';
import { toContactRecord } from '../repositories/contact.repository.ts';
import type { ContactDocument, ContactModel } from '../repositories/contact.model.ts';
import type { VenueReadModel } from './venue-read-model.ts';

/** What the read model keeps of a contact: the whole contact and its venue's name as the model last saw it. */
export interface ContactEntry extends ContactRecord {
  /** The venue's name ('' while the venue is deleted): searched and shown by the all-contacts list. */
  venueName: string;
  /**
   * The words a caller who may not see contact details may search by (tag and venue name), folded as the search
   * folds them, each after a space: ' word1 word2'. A query word w matches when it contains ' ' + w.
   */
  publicWords: string;
  /** Whether its venue is active (in the venue read model): the all-contacts list shows only those ('listed'). */
  venueActive: boolean;
}

/** Folded words of a text (the read model's folding). */
export function foldedWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The entry of a contact under its venue's name. */
function entryOf(contact: ContactRecord, venue: { name: string } | undefined): ContactEntry {
  const venueName = venue?.name ?? '';
  const words = foldedWords(`${contact.tag} ${venueName}`);
  return { ...contact, venueName, publicWords: words.map((word) => ` ${word}`).join(''), venueActive: venue !== undefined };
}

/**
 * name: the all-contacts order (last word of the name, then the full name, spec §9); venue: a venue's list (the
 * current main contact first, then newest); deleted: newest deleted first.
 */
export type ContactSort = 'name' | 'venue' | 'deleted';

/** Active or soft-deleted, as a tag (a bitmask in the model). */
export const CONTACT_STATES = ['active', 'deleted', 'listed'] as const;

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byId = (a: ContactEntry, b: ContactEntry): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** The same order as sortContactsByLastWord (proto/domain/src/contacts/contact-rules.ts), made total by the id. */
export const CONTACT_SORTS: Record<ContactSort, (a: ContactEntry, b: ContactEntry) => number> = {
  name: (a, b) => collator.compare(contactSortKey(a.name), contactSortKey(b.name)) || collator.compare(a.name, b.name) || byId(a, b),
  venue: (a, b) => Number(b.isCurrentMainContact) - Number(a.isCurrentMainContact) || descending(a.createdAt, b.createdAt) || -byId(a, b),
  deleted: (a, b) => descending(a.deletedAt ?? '', b.deletedAt ?? '') || -byId(a, b),
};

/** The text the search covers: name, title, e-mail, phone, tag and venue name. */
export function contactSearchText(entry: ContactEntry): string {
  return [entry.name, entry.title, entry.email, entry.phone, entry.tag, entry.venueName].join('\n');
}

const CONTACT_SUBJECTS: ReadonlySet<string> = new Set([
  SUBJECTS.contactCreated,
  SUBJECTS.contactUpdated,
  SUBJECTS.contactDeleted,
  SUBJECTS.contactRestored,
  SUBJECTS.contactPurged,
]);

/** The contact a venues-stream event names (null for venue events). */
function contactIdOf(subject: string, payload: unknown): string | null {
  if (!CONTACT_SUBJECTS.has(subject)) return null;
  const data = (payload as { data?: { contactId?: unknown } } | null)?.data;
  return typeof data?.contactId === 'string' ? data.contactId : null;
}

export type ContactReadModel = ReadModel<ContactDocument, ContactEntry, ContactSort>;

/**
 * The contact read model. `venues` (started first) gives each contact its venue's name; a change of a venue
 * there (a rename, a delete or restore, by this replica or another one's event, or a rebuild) re-puts the
 * venue's contacts whose name differs (in memory only), so the search by venue name stays right.
 */
export function createContactReadModel(model: ContactModel, venues: VenueReadModel, options: { logger: Logger; nc?: NatsConnection }): ContactReadModel {
  const venueOf = (venueId: string): { name: string } | undefined => venues.get(venueId)?.summary;
  const readModel = new ReadModel<ContactDocument, ContactEntry, ContactSort>({
    name: 'contacts',
    logger: options.logger,
    source: {
      scan: () => model.find({}).lean<ContactDocument[]>().cursor({ batchSize: 1000 }),
      byId: (id) => model.findById(id).lean<ContactDocument>().exec(),
    },
    toRecord: (doc) => {
      const contact = toContactRecord(doc);
      return entryOf(contact, venueOf(contact.venueId));
    },
    searchText: contactSearchText,
    tagValues: CONTACT_STATES,
    // 'listed': active and of an active venue (the all-contacts list walks the bitmask, no lookup per record).
    tagsOf: (entry) => (entry.deletedAt ? ['deleted'] : entry.venueActive ? ['active', 'listed'] : ['active']),
    sorts: CONTACT_SORTS,
    groupOf: (entry) => entry.venueId,
    ...(options.nc ? { events: { nc: options.nc, stream: STREAMS.venues.name, recordIdOf: contactIdOf } } : {}),
  });
  const renameContactsOf = (venueId: string): void => {
    const venue = venueOf(venueId);
    const { items } = readModel.query({ group: venueId, sort: 'venue', offset: 0, limit: Number.MAX_SAFE_INTEGER });
    for (const entry of items)
      if (entry.venueName !== (venue?.name ?? '') || entry.venueActive !== (venue !== undefined)) readModel.upsert(entryOf(entry, venue));
  };
  venues.onChange((venueId) => {
    if (venueId !== undefined) return renameContactsOf(venueId);
    const { items } = readModel.query({ sort: 'deleted', offset: 0, limit: Number.MAX_SAFE_INTEGER });
    for (const venue of new Set(items.map((entry) => entry.venueId))) renameContactsOf(venue);
  });
  return readModel;
}

/** The entry of a contact the service has just written. */
export function contactEntry(contact: ContactRecord, venues: VenueReadModel): ContactEntry {
  return entryOf(contact, venues.get(contact.venueId)?.summary);
}
