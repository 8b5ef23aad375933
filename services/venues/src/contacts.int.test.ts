// Contacts of the venues service on real servers (FerretDB, NATS), two instances on one database as replicas:
// the main contact kept from the venue's contact fields (spec §4, §5 name-change rule), the contact RPCs, the
// lists from the read model, details withheld from viewers, the events and the audit log, and the
// one-main-contact invariant under concurrent venue updates across instances.
import { randomUUID } from 'node:crypto';
import { eventsSince, rejection } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_TAGS, MAIN_CONTACT_DELETE_REFUSED } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import type { Contact } from '@venuebook/contracts/venues/v1/contacts';
import type { Venue, VenuesService } from '@venuebook/contracts/venues/v1';
import { contactModel } from './repositories/contact.model.ts';
import { venueModel } from './repositories/venue.model.ts';
import { venuesUnderTest } from './testing/venues-harness.ts';

const harness = venuesUnderTest('contacts');
const USERS = {
  editor: harness.user('editor'),
  admin: harness.user('admin'),
  surveyor: harness.user('surveyor'),
  viewer: harness.user('viewer'),
  owner: harness.user('owner'),
};

const editor = harness.clientOf('primary', USERS.editor);
const admin = harness.clientOf('primary', USERS.admin);
const surveyor = harness.clientOf('primary', USERS.surveyor);
const viewer = harness.clientOf('primary', USERS.viewer);
const replicaEditor = harness.clientOf('replica', USERS.editor);

const token = () => `c${randomUUID().slice(0, 7)}`;

async function createVenue(client: Client<typeof VenuesService>, name: string, fields: Record<string, unknown> = {}): Promise<Venue> {
  const { venue } = await client.createVenue({ venue: { name, ...fields } });
  if (!venue) throw new Error('no venue');
  return venue;
}

async function contactsOf(client: Client<typeof VenuesService>, venueId: string): Promise<Contact[]> {
  return (await client.listVenueContacts({ venueId })).contacts;
}

const brief = (contact: Contact) => ({ name: contact.name, main: contact.isCurrentMainContact });

/** The venue's stored contacts that are flagged current main and active, straight from the database. */
async function storedMainContacts(venueId: string): Promise<{ ids: string[]; pointer: string }> {
  const all = await contactModel(harness.connection).find({ venueId }).lean().exec();
  const venue = await venueModel(harness.connection).findById(venueId).lean().exec();
  return {
    ids: all.filter((contact) => contact.isCurrentMainContact && !contact.deletedAt).map((contact) => contact._id),
    pointer: venue?.mainContactId ?? '',
  };
}

describe('the main contact (spec §4, §5)', () => {
  it('is created with the venue from its contact fields, and the venue keeps a copy', async () => {
    const venue = await createVenue(editor, `${token()} Hall`, {
      contactName: 'Jane Doe',
      contactTitle: 'GM',
      contactPhone: '(555) 123-4567',
      contactEmail: 'jane@example.com',
    });
    const contacts = await contactsOf(editor, venue.id);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      venueId: venue.id,
      name: 'Jane Doe',
      title: 'GM',
      phone: '(555) 123-4567',
      email: 'jane@example.com',
      isCurrentMainContact: true,
      detailsHidden: false,
      createdBy: USERS.editor.userId,
      deletedAt: '',
    });
    expect((await editor.getVenue({ id: venue.id })).venue).toMatchObject({ contactName: 'Jane Doe', contactTitle: 'GM', contactDetailsHidden: false });
    expect(await storedMainContacts(venue.id)).toEqual({ ids: [contacts[0]!.id], pointer: contacts[0]!.id });
    // No contact name, no main contact.
    const bare = await createVenue(editor, `${token()} Bare`);
    expect(await contactsOf(editor, bare.id)).toEqual([]);
  });

  it('updates the main contact on a small name change, and keeps a former contact when the name changed substantially', async () => {
    const venue = await createVenue(editor, `${token()} Arena`, { contactName: 'Jon Smith', contactTitle: 'Manager' });
    const [first] = await contactsOf(editor, venue.id);
    // 'Jon Smith' → 'John Smith': one edit, the same person (threshold 2 up to 10 letters).
    await editor.updateVenue({ id: venue.id, venue: { name: venue.name, contactName: 'John Smith', contactTitle: 'Director' } });
    let contacts = await contactsOf(editor, venue.id);
    expect(contacts.map((contact) => ({ id: contact.id, name: contact.name, title: contact.title, main: contact.isCurrentMainContact }))).toEqual([
      { id: first!.id, name: 'John Smith', title: 'Director', main: true },
    ]);
    expect(contacts[0]!.formerMainContact).toBe(false);

    // A new person: the old one is kept as a former contact, a new current one is created; main first, then newest.
    const extra = (await editor.addContact({ venueId: venue.id, contact: { name: 'Al Extra' } })).contact!;
    await editor.updateVenue({ id: venue.id, venue: { name: venue.name, contactName: 'Maria Garcia', contactEmail: 'maria@example.com' } });
    contacts = await contactsOf(editor, venue.id);
    expect(contacts.map(brief)).toEqual([
      { name: 'Maria Garcia', main: true },
      { name: 'Al Extra', main: false },
      { name: 'John Smith', main: false },
    ]);
    expect(contacts[1]!.id).toBe(extra.id);
    // Only the unflagged one is a former main contact (the 'former contact' badge); the added contact is not.
    expect(contacts.map((contact) => ({ name: contact.name, former: contact.formerMainContact }))).toEqual([
      { name: 'Maria Garcia', former: false },
      { name: 'Al Extra', former: false },
      { name: 'John Smith', former: true },
    ]);
    const stored = await contactModel(harness.connection).findById(first!.id).lean().exec();
    expect(stored).toMatchObject({ isCurrentMainContact: false, formerMainContact: true });
    expect((await editor.getVenue({ id: venue.id })).venue).toMatchObject({ contactName: 'Maria Garcia', contactEmail: 'maria@example.com', contactTitle: '' });
    expect((await storedMainContacts(venue.id)).ids).toEqual([contacts[0]!.id]);

    // An emptied name is not a change of person: the main contact keeps its name and the venue shows it.
    await editor.updateVenue({ id: venue.id, venue: { name: venue.name, contactName: '', contactPhone: '555 0000' } });
    contacts = await contactsOf(editor, venue.id);
    expect(contacts[0]).toMatchObject({ name: 'Maria Garcia', phone: '555 0000', email: '', isCurrentMainContact: true });
    expect((await editor.getVenue({ id: venue.id })).venue).toMatchObject({ contactName: 'Maria Garcia', contactPhone: '555 0000' });

    // The replica's lists follow through the events.
    await expect.poll(async () => (await contactsOf(replicaEditor, venue.id)).map(brief), { timeout: 5000, interval: 50 }).toEqual(contacts.map(brief));
    expect((await contactsOf(replicaEditor, venue.id)).map((contact) => contact.formerMainContact)).toEqual([false, false, true]);
  });

  it("keeps one current main contact when a replica's contact list is behind (the main contact is read from the database under the lock)", async () => {
    const venue = await createVenue(editor, `${token()} Stale`, { contactName: 'Start Person' });
    await expect.poll(async () => (await contactsOf(replicaEditor, venue.id)).length, { timeout: 5000, interval: 50 }).toBe(1);
    // The replica stops following the events: it does not see the primary's next main contact.
    await harness.replica.contactReadModel.stop();
    try {
      await editor.updateVenue({ id: venue.id, venue: { name: venue.name, contactName: 'Alice Andrews' } });
      await replicaEditor.updateVenue({ id: venue.id, venue: { name: venue.name, contactName: 'Bob Brown' } });
    } finally {
      await harness.replica.contactReadModel.resume();
    }
    const stored = await storedMainContacts(venue.id);
    expect(stored.ids).toHaveLength(1);
    expect((await contactsOf(editor, venue.id)).map(brief)).toEqual([
      { name: 'Bob Brown', main: true },
      { name: 'Alice Andrews', main: false },
      { name: 'Start Person', main: false },
    ]);
    await expect
      .poll(async () => (await contactsOf(replicaEditor, venue.id)).map(brief), { timeout: 5000, interval: 50 })
      .toEqual((await contactsOf(editor, venue.id)).map(brief));
  });

  it('keeps exactly one current main contact when 10 updates changing the contact name race on two instances (5 venues at once)', async () => {
    const names = [
      'Alice Andrews',
      'Bob Brown',
      'Carla Chavez',
      'Dmitri Dvorak',
      'Eve Edwards',
      'Farah Fahmy',
      'Gus Grant',
      'Hana Hori',
      'Ivan Ilic',
      'Judy Jones',
    ];
    const venues = await Promise.all(Array.from({ length: 5 }, (_, index) => createVenue(editor, `${token()} Race ${index}`, { contactName: 'Start Person' })));
    const rounds = await Promise.all(
      venues.map(async (venue) => ({
        venue,
        results: await Promise.allSettled(
          names.map((contactName, index) => (index % 2 ? editor : replicaEditor).updateVenue({ id: venue.id, venue: { name: venue.name, contactName } })),
        ),
      })),
    );
    for (const { venue, results } of rounds) {
      const succeeded = results.filter((result) => result.status === 'fulfilled').length;
      expect(succeeded).toBeGreaterThan(0);
      const stored = await storedMainContacts(venue.id);
      expect(stored.ids, venue.name).toHaveLength(1);
      expect(stored.pointer).toBe(stored.ids[0]);
      const contacts = await contactsOf(editor, venue.id);
      expect(contacts.filter((contact) => contact.isCurrentMainContact)).toHaveLength(1);
      // The venue's copy is the current main contact's name, on both instances.
      const main = contacts.find((contact) => contact.isCurrentMainContact)!;
      expect((await editor.getVenue({ id: venue.id })).venue?.contactName).toBe(main.name);
      await expect.poll(async () => (await replicaEditor.getVenue({ id: venue.id })).venue?.contactName, { timeout: 5000, interval: 50 }).toBe(main.name);
      // Every answered update made one new main contact: the start one plus one per success, all kept.
      expect(contacts).toHaveLength(1 + succeeded);
    }
  });
});

describe('contact RPCs', () => {
  it('adds a contact (never main), validates with the §5 messages, and refuses unknown or deleted venues', async () => {
    const venue = await createVenue(editor, `${token()} Club`, { contactName: 'Main Person' });
    const { contact } = await editor.addContact({
      venueId: venue.id,
      contact: { name: '  Sam Sound ', title: 'Audio lead', phone: '555-0101', email: 'sam@example.com', tag: 'Audio' },
    });
    expect(contact).toMatchObject({
      venueId: venue.id,
      name: 'Sam Sound',
      title: 'Audio lead',
      tag: 'Audio',
      isCurrentMainContact: false,
      createdBy: USERS.editor.userId,
    });

    const missingName = await rejection(editor.addContact({ venueId: venue.id, contact: { name: '  ', email: 'nope' } }));
    expect(missingName.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(missingName.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Invalid email' },
      ]),
    );
    expect((await rejection(editor.addContact({ venueId: randomUUID(), contact: { name: 'Ghost' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.addContact({ venueId: 'not-a-uuid', contact: { name: 'Ghost' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(viewer.addContact({ venueId: venue.id, contact: { name: 'Viewer' } }))).code).toBe(GrpcStatus.PERMISSION_DENIED);

    const updated = (await editor.updateContact({ id: contact!.id, contact: { name: 'Samuel Sound', tag: 'Tech' } })).contact!;
    expect(updated).toMatchObject({ id: contact!.id, name: 'Samuel Sound', title: '', email: '', tag: 'Tech' });
    expect((await rejection(editor.updateContact({ id: contact!.id, contact: { name: '' } }))).fieldErrors).toEqual([
      { field: 'name', message: 'Name is required' },
    ]);
    expect((await rejection(editor.updateContact({ id: randomUUID(), contact: { name: 'Ghost' } }))).code).toBe(GrpcStatus.NOT_FOUND);

    await editor.deleteVenue({ id: venue.id });
    expect((await rejection(editor.addContact({ venueId: venue.id, contact: { name: 'Late' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.listVenueContacts({ venueId: venue.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.listVenueContacts({ venueId: randomUUID() }))).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it("updates the venue's copy when its main contact is edited directly", async () => {
    const venue = await createVenue(editor, `${token()} Copy`, { contactName: 'Copy Person' });
    const [main] = await contactsOf(editor, venue.id);
    await editor.updateContact({ id: main!.id, contact: { name: 'Copy Person', phone: '555 1111', email: 'copy@example.com' } });
    expect((await editor.getVenue({ id: venue.id })).venue).toMatchObject({
      contactName: 'Copy Person',
      contactPhone: '555 1111',
      contactEmail: 'copy@example.com',
    });
    await expect.poll(async () => (await replicaEditor.getVenue({ id: venue.id })).venue?.contactPhone, { timeout: 5000, interval: 50 }).toBe('555 1111');
  });

  it("re-reads the venue on another replica for its main contact's changes only (other contacts leave it as it is)", async () => {
    const venue = await createVenue(editor, `${token()} Quiet`, { contactName: 'Quiet Main' });
    await expect.poll(() => harness.replica.readModel.get(venue.id), { timeout: 5000, interval: 50 }).toBeDefined();
    const before = harness.replica.readModel.eventRereads;
    for (let n = 0; n < 5; n++) await editor.addContact({ venueId: venue.id, contact: { name: `Extra Person${n}` } });
    const [main] = await contactsOf(editor, venue.id);
    await editor.updateContact({ id: main!.id, contact: { name: 'Quiet Main', phone: '555 2222' } });
    // Events apply in stream order: once the main contact's change shows on the replica, the five before it were applied too.
    await expect.poll(async () => (await replicaEditor.getVenue({ id: venue.id })).venue?.contactPhone, { timeout: 5000, interval: 50 }).toBe('555 2222');
    expect(harness.replica.readModel.eventRereads - before).toBe(1);
  });

  it('lets only admins and editors type a custom tag; a tag in use is then offered to everyone', async () => {
    const venue = await createVenue(editor, `${token()} Tags`);
    const custom = `Rigging ${token()}`;
    const refused = await rejection(surveyor.addContact({ venueId: venue.id, contact: { name: 'Sue Surveyor', tag: custom } }));
    expect(refused.code).toBe(GrpcStatus.PERMISSION_DENIED);
    expect((await surveyor.addContact({ venueId: venue.id, contact: { name: 'Sue Surveyor', tag: 'Field' } })).contact?.tag).toBe('Field');
    expect((await editor.addContact({ venueId: venue.id, contact: { name: 'Ed Editor', tag: custom } })).contact?.tag).toBe(custom);
    const { tags } = await viewer.listContactTags({});
    expect(tags.slice(0, DEFAULT_CONTACT_TAGS.length)).toEqual([...DEFAULT_CONTACT_TAGS]);
    expect(tags).toContain(custom);
    expect(new Set(tags).size).toBe(tags.length);
    expect((await surveyor.addContact({ venueId: venue.id, contact: { name: 'Sue Again', tag: custom } })).contact?.tag).toBe(custom);
  });

  it('soft-deletes, restores and purges a contact; refuses to delete the main contact of an active venue', async () => {
    const since = new Date(Date.now() - 1000);
    const venue = await createVenue(editor, `${token()} Life`, { contactName: 'Mona Main' });
    const [main] = await contactsOf(editor, venue.id);
    const refused = await rejection(editor.deleteContact({ id: main!.id }));
    expect(refused.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(refused.message).toBe(MAIN_CONTACT_DELETE_REFUSED);

    const extra = (await editor.addContact({ venueId: venue.id, contact: { name: 'Otto Other' } })).contact!;
    expect((await rejection(editor.purgeContact({ id: extra.id }))).code).toBe(GrpcStatus.PERMISSION_DENIED);
    expect((await rejection(admin.purgeContact({ id: extra.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(admin.restoreContact({ id: extra.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    const deleted = (await editor.deleteContact({ id: extra.id })).contact!;
    expect(deleted.deletedAt).not.toBe('');
    expect((await contactsOf(editor, venue.id)).map((contact) => contact.id)).toEqual([main!.id]);
    expect((await rejection(editor.deleteContact({ id: extra.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.updateContact({ id: extra.id, contact: { name: 'Zombie' } }))).code).toBe(GrpcStatus.NOT_FOUND);

    const groups = (await admin.listDeletedContacts({})).groups;
    expect(groups.find((group) => group.venueId === venue.id)).toMatchObject({ venueName: venue.name, contacts: [expect.objectContaining({ id: extra.id })] });
    expect((await rejection(editor.listDeletedContacts({}))).code).toBe(GrpcStatus.PERMISSION_DENIED);
    expect((await rejection(editor.restoreContact({ id: extra.id }))).code).toBe(GrpcStatus.PERMISSION_DENIED);

    expect((await admin.restoreContact({ id: extra.id })).contact).toMatchObject({ id: extra.id, deletedAt: '', isCurrentMainContact: false });
    expect((await contactsOf(editor, venue.id)).map((contact) => contact.id)).toEqual([main!.id, extra.id]);
    await editor.deleteContact({ id: extra.id });
    await admin.purgeContact({ id: extra.id });
    expect((await rejection(admin.restoreContact({ id: extra.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await admin.listDeletedContacts({})).groups.some((group) => group.venueId === venue.id)).toBe(false);

    // Nor while the venue is soft-deleted: its restore would bring back a venue without a main contact.
    await editor.deleteVenue({ id: venue.id });
    expect((await rejection(editor.deleteContact({ id: main!.id }))).message).toBe(MAIN_CONTACT_DELETE_REFUSED);

    const subjects = [SUBJECTS.contactCreated, SUBJECTS.contactDeleted, SUBJECTS.contactRestored, SUBJECTS.contactPurged] as const;
    const seen = await Promise.all(
      subjects.map(async (subject) => (await eventsSince(harness.nc, subject, since)).filter(({ envelope }) => envelope.data.venueId === venue.id).length),
    );
    expect(seen).toEqual([2, 2, 1, 1]);
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(
      ({ envelope }) => envelope.data.table === 'contacts' && envelope.data.recordId === extra.id,
    );
    expect(audit.map(({ envelope }) => envelope.data.action)).toEqual(['create', 'delete', 'restore', 'delete', 'purge']);
    expect(audit[0]?.envelope.actor).toEqual({ userId: USERS.editor.userId, email: USERS.editor.email });
    expect(audit[4]?.envelope.data).toMatchObject({ oldValues: expect.objectContaining({ name: 'Otto Other' }), newValues: null });
  });
});

describe('a purged venue', () => {
  it('takes its contacts with it (each purged, with its event)', async () => {
    const since = new Date(Date.now() - 1000);
    const venue = await createVenue(editor, `${token()} Purged`, { contactName: 'Pia Purge' });
    const extra = (await editor.addContact({ venueId: venue.id, contact: { name: 'Gone Too' } })).contact!;
    await editor.deleteContact({ id: extra.id });
    await editor.deleteVenue({ id: venue.id });
    await admin.purgeVenue({ id: venue.id });
    expect(await contactModel(harness.connection).find({ venueId: venue.id }).lean().exec()).toEqual([]);
    expect((await admin.listDeletedContacts({})).groups.some((group) => group.venueId === venue.id)).toBe(false);
    const purged = (await eventsSince(harness.nc, SUBJECTS.contactPurged, since)).filter(({ envelope }) => envelope.data.venueId === venue.id);
    expect(purged).toHaveLength(2);
    await expect
      .poll(async () => (await harness.client(harness.replica, USERS.admin).listDeletedContacts({})).groups.some((group) => group.venueId === venue.id), {
        timeout: 5000,
        interval: 50,
      })
      .toBe(false);
  });
});

describe('the all-contacts list', () => {
  it('lists active contacts of active venues with the venue name, by the last word of the name, searchable and paged', async () => {
    const t = token();
    const venue = await createVenue(editor, `${t} Théâtre Royal`, { contactName: 'Zoe Adams' });
    await editor.addContact({ venueId: venue.id, contact: { name: 'Émile Zola', title: 'Stage manager', email: 'emile@example.com', tag: 'Tech' } });
    await editor.addContact({ venueId: venue.id, contact: { name: 'Aaron Miller' } });
    const page = await editor.listContacts({ query: t });
    expect(page.total).toBe(3);
    expect(page.contacts.map((contact) => contact.name)).toEqual(['Zoe Adams', 'Aaron Miller', 'Émile Zola']);
    expect(page.contacts.every((contact) => contact.venueName === venue.name)).toBe(true);
    // Prefix, accents and case folded, every word must match (venue name + contact fields).
    expect((await editor.listContacts({ query: `${t} emil` })).contacts.map((contact) => contact.name)).toEqual(['Émile Zola']);
    expect((await editor.listContacts({ query: `${t.toUpperCase()} stage` })).total).toBe(1);
    expect((await editor.listContacts({ query: `theatre ${t} tech` })).total).toBe(1);
    const second = await editor.listContacts({ query: t, page: 2, pageSize: 2 });
    expect({ total: second.total, page: second.page, pageSize: second.pageSize, names: second.contacts.map((contact) => contact.name) }).toEqual({
      total: 3,
      page: 2,
      pageSize: 2,
      names: ['Émile Zola'],
    });
    expect((await rejection(editor.listContacts({ pageSize: 1000 }))).code).toBe(GrpcStatus.INVALID_ARGUMENT);

    // A rename shows in the list and its search (also on the replica); a deleted venue's contacts leave it.
    await editor.updateVenue({ id: venue.id, venue: { name: `${t} Odeon`, contactName: 'Zoe Adams' } });
    expect((await editor.listContacts({ query: `${t} odeon` })).total).toBe(3);
    await expect.poll(async () => (await replicaEditor.listContacts({ query: `${t} odeon` })).total, { timeout: 5000, interval: 50 }).toBe(3);
    await editor.deleteVenue({ id: venue.id });
    expect((await editor.listContacts({ query: t })).total).toBe(0);
    await expect.poll(async () => (await replicaEditor.listContacts({ query: t })).total, { timeout: 5000, interval: 50 }).toBe(0);
    await admin.restoreVenue({ id: venue.id });
    expect((await editor.listContacts({ query: t })).total).toBe(3);
  });
});

describe('contact details for viewers (spec §5)', () => {
  it('withholds name, title, phone and e-mail on contacts and venues, and does not search them', async () => {
    const t = token();
    const venue = await createVenue(editor, `${t} Secret Stadium`, {
      contactName: 'Hidden Person',
      contactTitle: 'Boss',
      contactPhone: '555 9999',
      contactEmail: 'hidden@example.com',
    });
    await editor.addContact({ venueId: venue.id, contact: { name: 'Quentin Quiet', tag: 'Security' } });

    const seen = (await viewer.getVenue({ id: venue.id })).venue!;
    expect(seen).toMatchObject({ contactName: '', contactTitle: '', contactPhone: '', contactEmail: '', contactDetailsHidden: true, name: venue.name });
    for (const answer of [(await viewer.listVenueContacts({ venueId: venue.id })).contacts, (await viewer.listContacts({ query: t })).contacts]) {
      expect(answer).toHaveLength(2);
      for (const contact of answer) expect(contact).toMatchObject({ name: '', title: '', phone: '', email: '', detailsHidden: true });
    }
    expect((await viewer.listContacts({ query: t })).contacts.map((contact) => contact.tag).sort()).toEqual(['', 'Security']);
    // A viewer's search covers only what a viewer sees (tag, venue name).
    expect((await viewer.listContacts({ query: `${t} quentin` })).total).toBe(0);
    expect((await viewer.listContacts({ query: `${t} hidden` })).total).toBe(0);
    expect((await viewer.listContacts({ query: `${t} secu` })).total).toBe(1);
    expect((await viewer.listContacts({ query: `secret ${t}` })).total).toBe(2);
    expect((await viewer.listContacts({ query: '!!' })).total).toBe(0);
    expect((await editor.listContacts({ query: `${t} quentin` })).total).toBe(1);
    // Every other role sees them.
    for (const client of [editor, surveyor, admin, harness.client(harness.primary, USERS.owner)]) {
      expect((await client.getVenue({ id: venue.id })).venue).toMatchObject({ contactName: 'Hidden Person', contactDetailsHidden: false });
    }
  });
});
