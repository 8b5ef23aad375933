// The venue's main contact (spec §4, §5): the contacts collection is the truth, the venue document keeps a copy
// of the current main contact's name, title, phone and e-mail (GetVenue and lists read it) and, in
// mainContactId, which contact that is. Creating a venue with a contact name creates its main contact; updating
// a venue updates the current main contact, or, when the name changed substantially (isMainContactNameChanged),
// unflags it (kept as a former contact: formerMainContact true, the 'former contact' badge) and creates a new current one. Callers hold the venue's lock.
import { randomUUID } from 'node:crypto';
import { isMainContactNameChanged } from '@venuebook/domain';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder } from '@venuebook/service-kit';
import type { ContactFields, ContactRecord } from '../domain/contact.ts';
import type { VenueFields } from '../domain/venue.ts';
import type { ContactChange, ContactEvents } from '../events/contact.events.ts';
import { contactEntry } from '../read-model/contact-read-model.ts';
import type { ContactReadModel } from '../read-model/contact-read-model.ts';
import type { VenueReadModel } from '../read-model/venue-read-model.ts';
import type { ContactRepository } from '../repositories/contact.repository.ts';

export interface ContactWriteDeps {
  contacts: ContactRepository;
  readModel: ContactReadModel;
  venueReadModel: VenueReadModel;
  events: ContactEvents;
  audit: AuditRecorder;
}

export function eventContextOf(caller: Caller) {
  return { actor: { userId: caller.userId, email: caller.email }, requestId: caller.requestId };
}

/**
 * After a contact write (the lock still held): the read model takes it at once, then the event and the audit
 * entry. `before` null: a creation; `after` null: a permanent deletion.
 */
export function contactWritten(deps: ContactWriteDeps) {
  return async function written(caller: Caller, change: ContactChange, before: ContactRecord | null, after: ContactRecord | null): Promise<void> {
    const contact = (after ?? before)!;
    if (after) deps.readModel.upsert(contactEntry(after, deps.venueReadModel));
    else deps.readModel.remove(contact.id);
    await deps.events.contactChanged(change, contact, eventContextOf(caller));
    const action = { created: 'create', updated: 'update', deleted: 'delete', restored: 'restore', purged: 'purge' }[change];
    const context = auditContextOf(caller);
    if (before && after && change === 'updated') await deps.audit.recordUpdate({ action, table: 'contacts', recordId: contact.id, before, after }, context);
    else await deps.audit.record({ action, table: 'contacts', recordId: contact.id, oldValues: before, newValues: after }, context);
  };
}

/** What a venue write does to its main contact: the venue's fields with the copy, and the contact writes. */
export interface MainContactPlan {
  /** The venue's fields to store: the contact fields are the main contact's after `apply`. */
  fields: VenueFields;
  /** Writes the main contact (and the venue's mainContactId) after the venue write, the venue's lock still held. */
  apply(caller: Caller, venueId: string): Promise<void>;
}

type Details = Pick<ContactFields, 'name' | 'title' | 'phone' | 'email'>;

const detailsOf = (fields: VenueFields): Details => ({
  name: fields.contactName,
  title: fields.contactTitle,
  phone: fields.contactPhone,
  email: fields.contactEmail,
});
const sameDetails = (a: Details, b: Details): boolean => a.name === b.name && a.title === b.title && a.phone === b.phone && a.email === b.email;

export function createMainContacts(deps: ContactWriteDeps) {
  const { contacts } = deps;
  const written = contactWritten(deps);

  /**
   * The venue's current main contact (by its mainContactId, read from the database under the lock: another
   * replica's read model may not have the last write yet). `stale`: the contact the venue names that is no
   * longer its current main contact (deleted, e.g. with its venue) and still flagged: it is unflagged.
   */
  async function currentOf(venueId: string): Promise<{ main: ContactRecord | null; stale: ContactRecord | null }> {
    const id = await contacts.mainContactIdOf(venueId);
    const contact = id ? await contacts.findAny(id) : null;
    if (!contact || contact.venueId !== venueId) return { main: null, stale: null };
    if (contact.isCurrentMainContact && !contact.deletedAt) return { main: contact, stale: null };
    return { main: null, stale: contact.isCurrentMainContact ? contact : null };
  }

  async function unflag(caller: Caller, contact: ContactRecord): Promise<void> {
    const after = await contacts.set(contact.id, { isCurrentMainContact: false, formerMainContact: true });
    if (after) await written(caller, 'updated', contact, after);
  }

  async function createMain(caller: Caller, venueId: string, details: Details): Promise<void> {
    const id = randomUUID();
    // The venue names its new main contact first: a crash before the insert leaves a name that reads as "none".
    await contacts.setMainContactId(venueId, id);
    const created = await contacts.create(venueId, { ...details, tag: '' }, { id, createdBy: caller.userId, isCurrentMainContact: true });
    await written(caller, 'created', null, created);
  }

  return {
    /** Reads the venue's main contact (`venueId` null: a venue being created) and decides what `fields` do to it. */
    async prepare(venueId: string | null, fields: VenueFields): Promise<MainContactPlan> {
      const { main, stale } = venueId ? await currentOf(venueId) : { main: null, stale: null };
      const wanted = detailsOf(fields);
      if (!main) {
        return {
          fields,
          async apply(caller, id) {
            if (stale) await unflag(caller, stale);
            if (wanted.name) await createMain(caller, id, wanted);
          },
        };
      }
      if (isMainContactNameChanged(main.name, wanted.name)) {
        return {
          fields,
          async apply(caller, id) {
            await unflag(caller, main);
            await createMain(caller, id, wanted);
          },
        };
      }
      // The same person: the main contact takes the fields; an emptied name keeps the contact's (a contact has a name).
      const next: Details = { ...wanted, name: wanted.name || main.name };
      return {
        fields: { ...fields, contactName: next.name },
        async apply(caller) {
          if (sameDetails(next, main)) return;
          const after = await contacts.set(main.id, next);
          if (after) await written(caller, 'updated', main, after);
        },
      };
    },
  };
}

export type MainContacts = ReturnType<typeof createMainContacts>;
