// The contact use cases (spec §4, §5, §7 Contacts): add, update, soft delete, restore, permanent delete, the
// lists (by venue, all, deleted by venue) and the tag list. Every write holds the venue's lock (`venue:<id>`):
// the one-main-contact invariant spans the venue's contacts and its document (main-contact.ts).
import { can, contactInputSchema, DEFAULT_CONTACT_TAGS, isRole, MAIN_CONTACT_DELETE_REFUSED, toFieldErrors } from '@venuebook/domain';
import type { Contact, ContactListItem, DeletedContactGroup, ListContactsQuery } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import type { Locks } from '@venuebook/service-kit';
import { contactFieldsOf } from '../domain/contact.ts';
import type { ContactFields, ContactRecord } from '../domain/contact.ts';
import { contactForCaller, contactListItemForCaller, seesContactDetails } from '../domain/contact-visibility.ts';
import { isVenueId } from '../domain/venue-rules.ts';
import { foldedWords } from '../read-model/contact-read-model.ts';
import type { ContactEntry } from '../read-model/contact-read-model.ts';
import type { VenueCache } from '../read-model/venue-cache.ts';
import { readPage } from '../read-model/paging.ts';
import type { ContactRepository } from '../repositories/contact.repository.ts';
import type { VenueRepository } from '../repositories/venue.repository.ts';
import { contactWritten } from './main-contact.ts';
import type { ContactWriteDeps } from './main-contact.ts';
import { venueLock } from './venue-lock.ts';
import { VENUE_NOT_FOUND } from './venues.ts';

export const CONTACT_NOT_FOUND = 'Contact not found';
export const DELETED_CONTACT_NOT_FOUND = 'Deleted contact not found';
export const CUSTOM_TAG_REFUSED = 'Only admins and editors can add a custom tag';

const ALL = Number.MAX_SAFE_INTEGER;

export interface ContactDeps extends ContactWriteDeps {
  contacts: ContactRepository;
  venues: VenueRepository;
  /** GetVenue's point-read cache: a main contact's change rewrites the venue's copy of it. */
  venueCache?: VenueCache;
  locks: Locks;
}

function validateContactInput(raw: unknown): ContactFields {
  const result = contactInputSchema.safeParse(raw);
  if (!result.success) throw GrpcError.invalidArgument('Invalid contact', toFieldErrors(result.error));
  return contactFieldsOf(result.data);
}

function requireId(id: string, what: string): void {
  if (!id) throw GrpcError.invalidArgument('Invalid request', [{ field: 'id', message: `${what} id is required` }]);
}

export function createContactUseCases(deps: ContactDeps) {
  const { contacts, venues, readModel, venueReadModel, venueCache, locks } = deps;
  const withVenueLock = venueLock(locks);
  const written = contactWritten(deps);

  /** The tags offered: the defaults in their order, then the other tags of active contacts A→Z. */
  function tags(): string[] {
    const defaults = new Set(DEFAULT_CONTACT_TAGS.map((tag) => tag.toLowerCase()));
    const custom = new Map<string, string>();
    for (const entry of readModel.query({ tags: ['active'], sort: 'name', offset: 0, limit: ALL }).items) {
      const key = entry.tag.toLowerCase();
      if (entry.tag && !defaults.has(key) && !custom.has(key)) custom.set(key, entry.tag);
    }
    return [...DEFAULT_CONTACT_TAGS, ...[...custom.values()].sort((a, b) => a.localeCompare(b))];
  }

  /** A tag not offered yet (a typed custom tag) needs 'contact.custom_tag' (spec §6: admin and editor). */
  function checkTag(caller: Caller, tag: string, previous = ''): void {
    if (!tag || tag === previous) return;
    if (DEFAULT_CONTACT_TAGS.some((known) => known.toLowerCase() === tag.toLowerCase())) return;
    if (tags().some((known) => known.toLowerCase() === tag.toLowerCase())) return;
    if (!can(isRole(caller.role) ? caller.role : undefined, 'contact.custom_tag')) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, CUSTOM_TAG_REFUSED);
  }

  /** An active venue (the read model, else its document by `_id`: another replica may have just created it). */
  async function activeVenue(venueId: string): Promise<{ id: string; name: string } | null> {
    if (!isVenueId(venueId)) return null;
    const listed = venueReadModel.get(venueId);
    if (listed) return { id: venueId, name: listed.summary.name };
    const venue = await venues.getById(venueId);
    return venue ? { id: venue.id, name: venue.name } : null;
  }

  /** The contact by id from the database (its venue id never changes, so its lock can be taken from it). */
  async function stored(id: string, notFound: string): Promise<ContactRecord> {
    const contact = isVenueId(id) ? await contacts.findAny(id) : null;
    if (!contact) throw GrpcError.notFound(notFound);
    return contact;
  }

  /** A main contact's change rewrites the venue's copy (GetVenue) and drops the venue from the point-read cache. */
  async function copyToVenue(contact: ContactRecord): Promise<void> {
    await contacts.setVenueContactCopy(contact.venueId, contact);
    venueCache?.invalidate(contact.venueId);
  }

  return {
    /** Adds a contact to an active venue (never its main contact: spec §4). */
    async addContact(caller: Caller, venueId: string, input: unknown): Promise<Contact> {
      requireId(venueId, 'Venue');
      const fields = validateContactInput(input);
      checkTag(caller, fields.tag);
      const created = await withVenueLock(venueId, async () => {
        // From the database under the venue's lock: a replica's read model may not have seen a delete or purge yet,
        // and a contact added to a purged venue would be listed nowhere and never purged.
        if (!isVenueId(venueId) || !(await venues.getById(venueId))) throw GrpcError.notFound(VENUE_NOT_FOUND);
        const contact = await contacts.create(venueId, fields, { createdBy: caller.userId, isCurrentMainContact: false });
        await written(caller, 'created', null, contact);
        return contact;
      });
      return contactForCaller(created, seesContactDetails(caller));
    },

    /** Replaces the editable fields of an active contact; the venue's copy follows when it is the main contact. */
    async updateContact(caller: Caller, id: string, input: unknown): Promise<Contact> {
      requireId(id, 'Contact');
      const fields = validateContactInput(input);
      const { venueId } = await stored(id, CONTACT_NOT_FOUND);
      const after = await withVenueLock(venueId, async () => {
        const before = await contacts.findAny(id);
        if (!before || before.deletedAt) throw GrpcError.notFound(CONTACT_NOT_FOUND);
        checkTag(caller, fields.tag, before.tag);
        const updated = await contacts.set(id, fields);
        if (!updated) throw GrpcError.notFound(CONTACT_NOT_FOUND);
        if (updated.isCurrentMainContact) await copyToVenue(updated);
        await written(caller, 'updated', before, updated);
        return updated;
      });
      return contactForCaller(after, seesContactDetails(caller));
    },

    /** Soft delete; the current main contact of an active venue is refused (spec §5). */
    async deleteContact(caller: Caller, id: string): Promise<Contact> {
      requireId(id, 'Contact');
      const { venueId } = await stored(id, CONTACT_NOT_FOUND);
      const deleted = await withVenueLock(venueId, async () => {
        const before = await contacts.findAny(id);
        if (!before || before.deletedAt) throw GrpcError.notFound(CONTACT_NOT_FOUND);
        // Also while the venue is soft-deleted: its restore would bring back a venue without a main contact.
        if (before.isCurrentMainContact && (await venues.findAny(venueId))) throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, MAIN_CONTACT_DELETE_REFUSED);
        const after = await contacts.set(id, { deletedAt: new Date() });
        if (!after) throw GrpcError.notFound(CONTACT_NOT_FOUND);
        await written(caller, 'deleted', before, after);
        return after;
      });
      return contactForCaller(deleted, seesContactDetails(caller));
    },

    /** Restores a soft-deleted contact; one flagged main that its venue no longer names comes back as a former contact. */
    async restoreContact(caller: Caller, id: string): Promise<Contact> {
      requireId(id, 'Contact');
      const { venueId } = await stored(id, DELETED_CONTACT_NOT_FOUND);
      const restored = await withVenueLock(venueId, async () => {
        const before = await contacts.findAny(id);
        if (!before?.deletedAt) throw GrpcError.notFound(DELETED_CONTACT_NOT_FOUND);
        const stillMain = before.isCurrentMainContact && (await contacts.mainContactIdOf(venueId)) === id;
        const after = await contacts.set(id, {
          deletedAt: null,
          ...(before.isCurrentMainContact && !stillMain ? { isCurrentMainContact: false, formerMainContact: true } : {}),
        });
        if (!after) throw GrpcError.notFound(DELETED_CONTACT_NOT_FOUND);
        await written(caller, 'restored', before, after);
        return after;
      });
      return contactForCaller(restored, seesContactDetails(caller));
    },

    /** Permanently deletes a soft-deleted contact (NOT_FOUND for an active one). */
    async purgeContact(caller: Caller, id: string): Promise<void> {
      requireId(id, 'Contact');
      const { venueId } = await stored(id, DELETED_CONTACT_NOT_FOUND);
      await withVenueLock(venueId, async () => {
        const before = await contacts.findAny(id);
        if (!before?.deletedAt) throw GrpcError.notFound(DELETED_CONTACT_NOT_FOUND);
        if (!(await contacts.purge(id))) throw GrpcError.notFound(DELETED_CONTACT_NOT_FOUND);
        await written(caller, 'purged', before, null);
      });
    },

    /** An active venue's active contacts: the current main contact first, then newest (NOT_FOUND for an unknown or deleted venue). */
    async listVenueContacts(caller: Caller, venueId: string): Promise<Contact[]> {
      requireId(venueId, 'Venue');
      if (!(await activeVenue(venueId))) throw GrpcError.notFound(VENUE_NOT_FOUND);
      const visible = seesContactDetails(caller);
      return readModel.query({ group: venueId, tags: ['active'], sort: 'venue', offset: 0, limit: ALL }).items.map((entry) => contactForCaller(entry, visible));
    },

    /**
     * One page of the active contacts of active venues, by the last word of the name. The search covers name,
     * title, e-mail, phone, tag and venue name; for a caller who may not see details, only tag and venue name.
     */
    listContacts(caller: Caller, query: ListContactsQuery): { items: ContactListItem[]; total: number; page: number; pageSize: number } {
      const visible = seesContactDetails(caller);
      const words = visible ? [] : foldedWords(query.q ?? '');
      // Search text without a word matches nothing (as the read model's search answers it).
      if (!visible && query.q && words.length === 0) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const prefixes = words.map((word) => ` ${word}`);
      const seenWordsMatch = (entry: ContactEntry): boolean => prefixes.every((prefix) => entry.publicWords.includes(prefix));
      return readPage(
        readModel,
        { ...(visible ? { text: query.q ?? '' } : {}), tags: ['listed'], ...(visible || words.length === 0 ? {} : { filter: seenWordsMatch }), sort: 'name' },
        query,
        (entry) => contactListItemForCaller(entry, visible),
      );
    },

    /** Soft-deleted contacts grouped by venue: newest deleted first within a group, groups by their newest deletion. */
    async listDeletedContacts(caller: Caller): Promise<DeletedContactGroup[]> {
      const visible = seesContactDetails(caller);
      const groups = new Map<string, DeletedContactGroup>();
      for (const entry of readModel.query({ tags: ['deleted'], sort: 'deleted', offset: 0, limit: ALL }).items) {
        let group = groups.get(entry.venueId);
        if (!group) {
          // A deleted venue is not in the venue read model: its name from its document (one `{_id}` read per such venue).
          const venueName = entry.venueName || (await venues.findAny(entry.venueId))?.name || '';
          group = { venueId: entry.venueId, venueName, contacts: [] };
          groups.set(entry.venueId, group);
        }
        group.contacts.push(contactForCaller(entry, visible));
      }
      return [...groups.values()];
    },

    /**
     * A purge hook of the venue use cases (VenuePurgeHook): the venue's contacts go with it, each with its event
     * and audit entry. Runs under the venue's lock (taken by the purge); idempotent.
     */
    async purgeVenueContacts(venueId: string, caller: Caller): Promise<void> {
      for (const id of await contacts.idsOfVenue(venueId)) {
        const before = await contacts.findAny(id);
        if (before && (await contacts.purge(id))) await written(caller, 'purged', before, null);
      }
    },

    listContactTags(): string[] {
      return tags();
    },
  };
}

export type ContactUseCases = ReturnType<typeof createContactUseCases>;
