// The duplicate check, the links editor, the deleted-venues list and the permanent delete, on real
// servers (FerretDB, NATS), with a second instance on the same database and NATS as a replica.
import { randomUUID } from 'node:crypto';
import { eventsSince, rejection } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import type { Venue, VenuesService } from '@venuebook/contracts/venues/v1';
import { venueModel } from './repositories/venue.model.ts';
import { venuesUnderTest } from './testing/venues-harness.ts';

const harness = venuesUnderTest('housekeeping');
const EDITOR = harness.user('editor');
const ADMIN = harness.user('admin');
const ROLES = ['owner', 'admin', 'editor', 'surveyor', 'viewer'];

const editor = harness.clientOf('primary', EDITOR);
const admin = harness.clientOf('primary', ADMIN);
const replicaEditor = harness.clientOf('replica', EDITOR);
const replicaAdmin = harness.clientOf('replica', ADMIN);

async function create(name: string, fields: Record<string, unknown> = {}): Promise<Venue> {
  const { venue } = await editor.createVenue({ venue: { name, ...fields } });
  if (!venue) throw new Error('no venue');
  return venue;
}

const status = async (call: Promise<unknown>): Promise<string> =>
  call.then(
    () => 'OK',
    (error: unknown) => (error instanceof GrpcError ? error.codeName : String(error)),
  );

/** The matches as `name reason similarity` lines. */
async function duplicates(client: Client<typeof VenuesService>, request: { name: string; leagues?: string[]; excludeId?: string }) {
  const response = await client.checkDuplicates(request);
  return {
    duplicateFound: response.duplicateFound,
    exactMatch: response.exactMatch,
    matches: response.similarVenues.map((venue) => `${venue.name} | ${venue.reason} | ${venue.similarity}`),
  };
}

const deletedIds = async (client: Client<typeof VenuesService>, query = '') =>
  (await client.listDeletedVenues({ query, pageSize: 100 })).venues.map((venue) => venue.summary?.id);

describe('CheckDuplicates', () => {
  it('finds exact and similar names among active venues sharing a league (OTE, OT7, OTX, OT Select by default), best first', async () => {
    const o2 = await create('O2 Arena', { leagues: ['OTE'] });
    const msg = await create('Madison Square Garden', { leagues: ['OTX'] });
    await create('Arena 2', { leagues: ['OT Select'] });
    await create('Rogers Centre', { leagues: ['OTE'] });
    await create('Studio Arena', { leagues: ['Studio'] });
    await create('Arena Nothing Shared');

    expect(await duplicates(editor, { name: 'The O2 Arena' })).toEqual({
      duplicateFound: true,
      exactMatch: true,
      matches: ['O2 Arena | Exact name match | 1'],
    });
    const exact = await editor.checkDuplicates({ name: '  the o2 ARENA ' });
    expect(exact.similarVenues.map(({ id, name, reason, similarity }) => ({ id, name, reason, similarity }))).toEqual([
      { id: o2.id, name: 'O2 Arena', reason: 'Exact name match', similarity: 1 },
    ]);
    expect(await duplicates(editor, { name: 'Madison Sq Garden' })).toEqual({
      duplicateFound: true,
      exactMatch: false,
      matches: ['Madison Square Garden | Very similar name | 0.81'],
    });
    expect(await duplicates(editor, { name: 'Arena' })).toEqual({
      duplicateFound: true,
      exactMatch: false,
      matches: ['Arena 2 | Name contains "Arena" | 0.71', 'O2 Arena | Name contains "Arena" | 0.63'],
    });
    expect(await duplicates(editor, { name: 'Rogers Arena' })).toEqual({ duplicateFound: false, exactMatch: false, matches: [] });

    // League scoping: only venues sharing a chosen league; Studio is outside the defaults.
    expect(await duplicates(editor, { name: 'Madison Sq Garden', leagues: ['OTE'] })).toMatchObject({ duplicateFound: false, matches: [] });
    expect(await duplicates(editor, { name: 'Madison Sq Garden', leagues: ['OTE', 'OTX'] })).toMatchObject({
      matches: ['Madison Square Garden | Very similar name | 0.81'],
    });
    expect(await duplicates(editor, { name: 'Studio Arena' })).toMatchObject({ duplicateFound: false });
    expect(await duplicates(editor, { name: 'Studio Arena', leagues: ['Studio'] })).toMatchObject({
      exactMatch: true,
      matches: ['Studio Arena | Exact name match | 1'],
    });
    // A venue without leagues shares none.
    expect(await duplicates(editor, { name: 'Arena Nothing Shared', leagues: ['OTE', 'OT7', 'OTX', 'OT Select', 'Studio', 'Other'] })).toMatchObject({
      duplicateFound: false,
    });

    // excludeId: the venue being edited is not its own duplicate.
    expect(await duplicates(editor, { name: 'Madison Square Garden', excludeId: msg.id })).toMatchObject({ duplicateFound: false });
    // The replica answers the same from its own read model.
    await expect.poll(() => duplicates(replicaEditor, { name: 'The O2 Arena' }), { timeout: 5000, interval: 50 }).toMatchObject({ exactMatch: true });
  });

  it('leaves deleted venues out (and counts a restored one again), and answers at most 10, best first', async () => {
    const gone = await create('Deleted Dome', { leagues: ['OT7'] });
    expect(await duplicates(editor, { name: 'Deleted Dome' })).toMatchObject({ exactMatch: true });
    await editor.deleteVenue({ id: gone.id });
    expect(await duplicates(editor, { name: 'Deleted Dome' })).toMatchObject({ duplicateFound: false });
    await expect.poll(() => duplicates(replicaEditor, { name: 'Deleted Dome' }), { timeout: 5000, interval: 50 }).toMatchObject({ duplicateFound: false });
    await admin.restoreVenue({ id: gone.id });
    expect(await duplicates(editor, { name: 'Deleted Dome' })).toMatchObject({ exactMatch: true });

    for (let index = 1; index <= 12; index++) await create(`Pavilion ${index}`, { leagues: ['OTX'] });
    const { exactMatch, similarVenues } = await editor.checkDuplicates({ name: 'Pavilion 1' });
    expect(exactMatch).toBe(true);
    expect(similarVenues).toHaveLength(10);
    expect(similarVenues[0]).toMatchObject({ name: 'Pavilion 1', similarity: 1 });
    const scores = similarVenues.map((venue) => venue.similarity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('refuses a blank name and unknown leagues, and is for those who may create venues', async () => {
    const blank = await rejection(editor.checkDuplicates({ name: '   ' }));
    expect(blank.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(blank.fieldErrors).toEqual([{ field: 'name', message: 'Venue name is required' }]);
    const league = await rejection(editor.checkDuplicates({ name: 'Hall', leagues: ['NBA'] }));
    expect(league.fieldErrors.map((error) => error.field)).toEqual(['leagues.0']);
    const outcomes: string[] = [];
    for (const role of ROLES) outcomes.push(`${role} ${await status(harness.client(harness.primary, harness.user(role)).checkDuplicates({ name: 'Any' }))}`);
    expect(outcomes).toEqual(['owner OK', 'admin OK', 'editor OK', 'surveyor OK', 'viewer PERMISSION_DENIED']);
  });
});

describe('UpdateVenueLinks', () => {
  it('drops incomplete rows, adds https:// and keeps every other field; venue.updated and the audit log', async () => {
    const since = new Date(Date.now() - 1000);
    const venue = await create('Links Hall', {
      generalNotes: 'keep me',
      website: 'links.example',
      links: [{ displayText: 'Old', url: 'https://old.example' }],
    });
    const { venue: updated } = await editor.updateVenueLinks({
      id: venue.id,
      links: [
        { displayText: ' Tickets ', url: 'tickets.example/a?b=1' },
        { displayText: '', url: 'dropped.example' },
        { displayText: 'No url', url: '  ' },
        { displayText: 'Plain', url: 'http://plain.example' },
      ],
    });
    expect(updated?.links.map(({ displayText, url }) => ({ displayText, url }))).toEqual([
      { displayText: 'Tickets', url: 'https://tickets.example/a?b=1' },
      { displayText: 'Plain', url: 'http://plain.example' },
    ]);
    expect(updated).toMatchObject({ name: 'Links Hall', generalNotes: 'keep me', website: 'https://links.example' });
    expect(Date.parse(updated!.updatedAt)).toBeGreaterThan(Date.parse(venue.updatedAt));
    expect((await editor.getVenue({ id: venue.id })).venue?.links).toHaveLength(2);
    await expect.poll(async () => (await replicaEditor.getVenue({ id: venue.id })).venue?.links.length, { timeout: 5000, interval: 50 }).toBe(2);

    const { venue: cleared } = await editor.updateVenueLinks({ id: venue.id, links: [] });
    expect(cleared?.links).toEqual([]);

    const updates = (await eventsSince(harness.nc, SUBJECTS.venueUpdated, since)).filter(({ envelope }) => envelope.data.venueId === venue.id);
    expect(updates.map(({ envelope }) => envelope.data.changedFields)).toEqual([['links'], ['links']]);
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(
      ({ envelope }) => envelope.data.recordId === venue.id && envelope.data.action === 'update',
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]?.envelope.data.oldValues).toMatchObject({ links: [{ displayText: 'Old', url: 'https://old.example' }] });
  });

  it("refuses an address that is not http(s) with 'Invalid URL: …', unknown and deleted venues, and keeps the links", async () => {
    const venue = await create('Bad Links Hall', { links: [{ displayText: 'Keep', url: 'https://keep.example' }] });
    const invalid = await rejection(
      editor.updateVenueLinks({
        id: venue.id,
        links: [
          { displayText: 'Ok', url: 'ok.example' },
          { displayText: 'Bad', url: 'ftp://bad.example' },
        ],
      }),
    );
    expect(invalid.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(invalid.fieldErrors).toEqual([{ field: 'links.1.url', message: 'Invalid URL: ftp://bad.example' }]);
    const spaces = await rejection(editor.updateVenueLinks({ id: venue.id, links: [{ displayText: 'Spaces', url: 'not a url' }] }));
    expect(spaces.fieldErrors).toEqual([{ field: 'links.0.url', message: 'Invalid URL: not a url' }]);
    expect((await editor.getVenue({ id: venue.id })).venue?.links.map((link) => link.url)).toEqual(['https://keep.example']);

    expect((await rejection(editor.updateVenueLinks({ id: randomUUID(), links: [] }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.updateVenueLinks({ id: 'nope', links: [] }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.updateVenueLinks({ id: '', links: [] }))).code).toBe(GrpcStatus.INVALID_ARGUMENT);
    await editor.deleteVenue({ id: venue.id });
    expect((await rejection(editor.updateVenueLinks({ id: venue.id, links: [] }))).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('is for edit rights (owner, admin, editor, surveyor)', async () => {
    const venue = await create('Links Perm Hall');
    const outcomes: string[] = [];
    for (const role of ROLES)
      outcomes.push(
        `${role} ${await status(harness.client(harness.primary, harness.user(role)).updateVenueLinks({ id: venue.id, links: [{ displayText: role, url: `${role}.example` }] }))}`,
      );
    expect(outcomes).toEqual(['owner OK', 'admin OK', 'editor OK', 'surveyor OK', 'viewer PERMISSION_DENIED']);
  });
});

describe('ListDeletedVenues and PurgeVenue', () => {
  it('lists a soft-deleted venue at once (newest deleted first, on the replica too); restore takes it out; purge removes it from everything', async () => {
    const since = new Date(Date.now() - 1000);
    const first = await create('Purge First Hall', { leagues: ['OTE'] });
    const second = await create('Purge Second Hall', { leagues: ['OTE'] });
    await editor.deleteVenue({ id: first.id });
    await editor.deleteVenue({ id: second.id });
    // The instance that deleted lists it at once; the replica follows the events.
    expect(await deletedIds(admin, 'purge')).toEqual([second.id, first.id]);
    await expect.poll(() => deletedIds(replicaAdmin, 'purge'), { timeout: 5000, interval: 50 }).toEqual([second.id, first.id]);
    const page = await admin.listDeletedVenues({ query: 'purge second' });
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(page.venues[0]).toMatchObject({ summary: { id: second.id, name: 'Purge Second Hall', leagues: ['OTE'] } });
    expect(Date.parse(page.venues[0]!.deletedAt)).toBeGreaterThan(Date.parse(second.createdAt) - 1);

    // Restore: back in the lists, out of the deleted list (here at once, on the replica through the events).
    await admin.restoreVenue({ id: first.id });
    expect(await deletedIds(admin, 'purge')).toEqual([second.id]);
    await expect.poll(() => deletedIds(replicaAdmin, 'purge'), { timeout: 5000, interval: 50 }).toEqual([second.id]);
    expect((await editor.listVenues({ query: 'purge' })).venues.map((venue) => venue.id)).toEqual([first.id]);

    // Delete again and purge on the replica: gone from every list and read, on both instances.
    await editor.deleteVenue({ id: first.id });
    await expect.poll(() => deletedIds(replicaAdmin, 'purge'), { timeout: 5000, interval: 50 }).toEqual([first.id, second.id]);
    await replicaAdmin.purgeVenue({ id: first.id });
    expect(await deletedIds(replicaAdmin, 'purge')).toEqual([second.id]);
    await expect.poll(() => deletedIds(admin, 'purge'), { timeout: 5000, interval: 50 }).toEqual([second.id]);
    expect((await editor.listVenues({ query: 'purge' })).total).toBe(0);
    for (const client of [editor, replicaEditor]) expect((await rejection(client.getVenue({ id: first.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(admin.restoreVenue({ id: first.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    const again = await rejection(admin.purgeVenue({ id: first.id }));
    expect({ code: again.code, message: again.message }).toEqual({ code: GrpcStatus.NOT_FOUND, message: 'Deleted venue not found' });
    expect(await venueModel(harness.connection).findById(first.id).lean().exec()).toBeNull();

    const purged = (await eventsSince(harness.nc, SUBJECTS.venuePurged, since)).filter(({ envelope }) => envelope.data.venueId === first.id);
    expect(purged.map(({ envelope }) => envelope.data)).toEqual([{ venueId: first.id, name: first.name }]);
    expect(purged[0]?.envelope.actor).toEqual({ userId: ADMIN.userId, email: ADMIN.email });
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(({ envelope }) => envelope.data.recordId === first.id);
    expect(audit.map(({ envelope }) => envelope.data.action)).toEqual(['create', 'delete', 'restore', 'delete', 'permanent_delete']);
    expect(audit.at(-1)?.envelope.data).toMatchObject({ oldValues: { name: first.name }, newValues: null });
  });

  it("soft delete with cleanup: the venue's contacts and events leave every list at once (the replica too) and come back on restore", async () => {
    const token = `cleanup${randomUUID().slice(0, 6)}`;
    const venue = await create(`${token} Hall`, { contactName: `${token} Main` });
    await editor.addContact({ venueId: venue.id, contact: { name: `${token} Extra` } });
    const { event } = await editor.createEvent({ venueId: venue.id, event: { name: `${token} Gala` } });
    const listed = async (client: Client<typeof VenuesService>) => ({
      contacts: (await client.listContacts({ query: token })).total,
      events: (await client.listEvents({ query: token })).items.map((item) => item.event?.id),
    });
    const before = { contacts: 2, events: [event!.id] };
    expect(await listed(admin)).toEqual(before);
    await expect.poll(() => listed(replicaAdmin), { timeout: 5000, interval: 50 }).toEqual(before);

    await editor.deleteVenue({ id: venue.id });
    expect(await listed(admin)).toEqual({ contacts: 0, events: [] });
    await expect.poll(() => listed(replicaAdmin), { timeout: 5000, interval: 50 }).toEqual({ contacts: 0, events: [] });
    await admin.restoreVenue({ id: venue.id });
    expect(await listed(admin)).toEqual(before);
    await expect.poll(() => listed(replicaAdmin), { timeout: 5000, interval: 50 }).toEqual(before);
  });

  it('refuses to purge an active or unknown venue, and keeps the active one', async () => {
    const active = await create('Still Active Hall');
    const refused = await rejection(admin.purgeVenue({ id: active.id }));
    expect({ code: refused.code, message: refused.message }).toEqual({ code: GrpcStatus.NOT_FOUND, message: 'Deleted venue not found' });
    expect((await editor.getVenue({ id: active.id })).venue?.name).toBe('Still Active Hall');
    expect((await rejection(admin.purgeVenue({ id: randomUUID() }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(admin.purgeVenue({ id: 'nope' }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(admin.purgeVenue({ id: '' }))).code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect((await rejection(admin.listDeletedVenues({ pageSize: 500 }))).fieldErrors.map((error) => error.field)).toEqual(['pageSize']);
  });

  it('runs the purge hooks first (contacts, events); a failing hook stops the purge and the venue stays deleted', async () => {
    const venue = await create('Hooked Hall');
    await editor.deleteVenue({ id: venue.id });
    const seen: string[] = [];
    let fail = true;
    const off = harness.primary.onPurge(async (venueId, who) => {
      seen.push(`${venueId} ${who.role}`);
      if (fail) throw new Error('contacts store down');
    });
    try {
      expect((await rejection(admin.purgeVenue({ id: venue.id }))).code).toBe(GrpcStatus.INTERNAL);
      expect(await deletedIds(admin, 'hooked')).toEqual([venue.id]);
      fail = false;
      await admin.purgeVenue({ id: venue.id });
      expect(seen).toEqual([`${venue.id} admin`, `${venue.id} admin`]);
      expect(await deletedIds(admin, 'hooked')).toEqual([]);
    } finally {
      off();
    }
  });

  it("takes the venue's contacts and events with it (their purge hooks, registered in main.ts)", async () => {
    const venue = await create('Contacts Purge Hall', { contactName: 'Mia Main' });
    const { contact: extra } = await editor.addContact({ venueId: venue.id, contact: { name: 'Eli Extra' } });
    const { contact: removed } = await editor.addContact({ venueId: venue.id, contact: { name: 'Sol Soft' } });
    await editor.deleteContact({ id: removed!.id });
    const { event } = await editor.createEvent({ venueId: venue.id, event: { name: 'Purged Gala', eventDate: '2026-05-01' } });
    const ids = (await admin.listVenueContacts({ venueId: venue.id })).contacts.map((contact) => contact.id);
    expect(ids).toHaveLength(2);
    expect((await admin.listVenueEvents({ venueId: venue.id })).events.map((item) => item.id)).toEqual([event!.id]);
    await editor.deleteVenue({ id: venue.id });
    await admin.purgeVenue({ id: venue.id });

    const left = await harness.connection.collection('contacts').findOne({ venueId: venue.id });
    const eventLeft = await harness.connection.collection('venue_events').findOne({ _id: event!.id as never });
    expect(left).toBeNull();
    expect(eventLeft).toBeNull();
    expect((await admin.listEvents({ query: 'Purged Gala' })).items.map((item) => item.event?.id)).not.toContain(event!.id);
    expect((await admin.listContacts({ query: 'Eli Extra' })).contacts.map((contact) => contact.id)).not.toContain(extra!.id);
    expect((await admin.listDeletedContacts({})).groups.map((group) => group.venueId)).not.toContain(venue.id);
  });

  it('is for admins (owner, admin): the list and the permanent delete', async () => {
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const client = harness.client(harness.primary, harness.user(role));
      const venue = await create(`Purge Perm ${role}`);
      await editor.deleteVenue({ id: venue.id });
      outcomes.push(`${role} list ${await status(client.listDeletedVenues({}))}`);
      outcomes.push(`${role} purge ${await status(client.purgeVenue({ id: venue.id }))}`);
    }
    expect(outcomes).toEqual([
      'owner list OK',
      'owner purge OK',
      'admin list OK',
      'admin purge OK',
      'editor list PERMISSION_DENIED',
      'editor purge PERMISSION_DENIED',
      'surveyor list PERMISSION_DENIED',
      'surveyor purge PERMISSION_DENIED',
      'viewer list PERMISSION_DENIED',
      'viewer purge PERMISSION_DENIED',
    ]);
  });
});
