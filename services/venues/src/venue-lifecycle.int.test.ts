// Update, soft delete and restore of a venue, on real servers (FerretDB, NATS): what each does to the venue,
// to every list (of this instance and of a second instance on the same database and NATS, as a replica),
// the events and the audit log, and who may do it.
import { randomUUID } from 'node:crypto';
import { eventsSince, rejection } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import { VenueSort } from '@venuebook/contracts/venues/v1';
import type { Venue, VenuesService } from '@venuebook/contracts/venues/v1';
import { venueModel } from './repositories/venue.model.ts';
import { venuesUnderTest } from './testing/venues-harness.ts';

const harness = venuesUnderTest('lifecycle');
const EDITOR = harness.user('editor');
const ADMIN = harness.user('admin');

const editor = harness.clientOf('primary', EDITOR);
const admin = harness.clientOf('primary', ADMIN);
const replicaEditor = harness.clientOf('replica', EDITOR);

async function create(client: Client<typeof VenuesService>, name: string, fields: Record<string, unknown> = {}): Promise<Venue> {
  const { venue } = await client.createVenue({ venue: { name, ...fields } });
  if (!venue) throw new Error('no venue');
  return venue;
}

/** The ids a venue appears under in every list shape the home page offers (each sort, a search, a league filter). */
async function listedIn(client: Client<typeof VenuesService>, token: string): Promise<Record<string, string[]>> {
  const ids = async (request: Parameters<typeof client.listVenues>[0]) =>
    (await client.listVenues({ pageSize: 100, ...request })).venues.map((venue) => venue.id);
  return {
    searchNewest: await ids({ query: token, sort: VenueSort.NEWEST }),
    searchUpdated: await ids({ query: token, sort: VenueSort.UPDATED }),
    searchName: await ids({ query: token, sort: VenueSort.NAME }),
    searchLeague: await ids({ query: token, leagues: ['OTX'] }),
  };
}

const everywhere = (ids: string[]) => ({ searchNewest: ids, searchUpdated: ids, searchName: ids, searchLeague: ids });

describe('UpdateVenue', () => {
  it('replaces the editable fields, moves updatedAt and activityAt, and every list (also the replica) shows the new version', async () => {
    const token = `up${randomUUID().slice(0, 6)}`;
    const other = await create(editor, `${token} Beaver Hall`, { leagues: ['OTX'] });
    const venue = await create(editor, `${token} Zebra Dome`, { leagues: ['OTX'], generalNotes: 'old notes', website: 'zebra.example' });
    const { venue: updated } = await editor.updateVenue({
      id: venue.id,
      venue: { name: `${token} Abacus Arena`, leagues: ['OTX', 'OTE'], generalNotes: 'new notes', website: 'abacus.example' },
    });
    expect(updated).toMatchObject({
      id: venue.id,
      name: `${token} Abacus Arena`,
      leagues: ['OTX', 'OTE'],
      generalNotes: 'new notes',
      website: 'https://abacus.example',
      createdAt: venue.createdAt,
      createdBy: venue.createdBy,
    });
    expect(Date.parse(updated!.updatedAt)).toBeGreaterThan(Date.parse(venue.updatedAt));
    expect(Date.parse(updated!.activityAt)).toBeGreaterThan(Date.parse(venue.activityAt));
    expect((await editor.getVenue({ id: venue.id })).venue?.name).toBe(`${token} Abacus Arena`);

    // Read after write on the instance that wrote; the replica follows through the events.
    const expected = {
      searchNewest: [venue.id, other.id],
      searchUpdated: [venue.id, other.id],
      searchName: [venue.id, other.id],
      searchLeague: [venue.id, other.id],
    };
    expect(await listedIn(editor, token)).toEqual(expected);
    await expect.poll(() => listedIn(replicaEditor, token), { timeout: 5000, interval: 50 }).toEqual(expected);
    expect((await editor.listVenues({ query: 'abacus' })).venues.map((summary) => summary.id)).toContain(venue.id);
    expect((await editor.listVenues({ query: `${token} zebra` })).total).toBe(0);
  });

  it('publishes venue.updated with the changed fields, venue.renamed on a new name, and records old and new values', async () => {
    const since = new Date(Date.now() - 1000);
    const venue = await create(editor, `Rename ${randomUUID().slice(0, 6)}`);
    await editor.updateVenue({ id: venue.id, venue: { name: `${venue.name} Renamed`, address: '1 Main St' } });
    await editor.updateVenue({ id: venue.id, venue: { name: `${venue.name} Renamed`, address: '2 Main St' } });

    const updated = (await eventsSince(harness.nc, SUBJECTS.venueUpdated, since)).filter(({ envelope }) => envelope.data.venueId === venue.id);
    expect(updated.map(({ envelope }) => envelope.data.changedFields)).toEqual([['name', 'address'], ['address']]);
    expect(updated[0]?.envelope.actor).toEqual({ userId: EDITOR.userId, email: EDITOR.email });
    const renamed = (await eventsSince(harness.nc, SUBJECTS.venueRenamed, since)).filter(({ envelope }) => envelope.data.venueId === venue.id);
    expect(renamed.map(({ envelope }) => envelope.data)).toEqual([{ venueId: venue.id, name: `${venue.name} Renamed`, previousName: venue.name }]);

    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(
      ({ envelope }) => envelope.data.recordId === venue.id && envelope.data.action === 'update',
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]?.envelope.data.oldValues).toMatchObject({ name: venue.name, address: '' });
    expect(audit[0]?.envelope.data.newValues).toMatchObject({ name: `${venue.name} Renamed`, address: '1 Main St' });
  });

  it('refuses bad input, unknown and deleted venues, and keeps the venue as it was', async () => {
    const venue = await create(editor, `Keep ${randomUUID().slice(0, 6)}`);
    const invalid = await rejection(editor.updateVenue({ id: venue.id, venue: { name: '   ', website: 'ftp://x' } }));
    expect(invalid.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(invalid.fieldErrors.map((error) => error.field)).toEqual(expect.arrayContaining(['name', 'website']));
    expect((await editor.getVenue({ id: venue.id })).venue?.name).toBe(venue.name);
    expect((await rejection(editor.updateVenue({ id: randomUUID(), venue: { name: 'Ghost' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.updateVenue({ id: 'not-a-uuid', venue: { name: 'Ghost' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.updateVenue({ id: '', venue: { name: 'Ghost' } }))).code).toBe(GrpcStatus.INVALID_ARGUMENT);
    await editor.deleteVenue({ id: venue.id });
    expect((await rejection(editor.updateVenue({ id: venue.id, venue: { name: 'Back from the dead' } }))).code).toBe(GrpcStatus.NOT_FOUND);
  });
});

describe('DeleteVenue and RestoreVenue', () => {
  it('takes a deleted venue out of every list at once (and out of the replica), and restore brings it back everywhere', async () => {
    const token = `dr${randomUUID().slice(0, 6)}`;
    const kept = await create(editor, `${token} Kept Arena`, { leagues: ['OTX'] });
    const venue = await create(editor, `${token} Gone Arena`, { leagues: ['OTX'] });
    await expect.poll(() => listedIn(replicaEditor, token), { timeout: 5000, interval: 50 }).toEqual(everywhere([venue.id, kept.id]));
    const totalBefore = (await editor.listVenues({})).total;

    const { venue: deleted } = await editor.deleteVenue({ id: venue.id });
    expect(deleted?.deletedAt).not.toBe('');
    expect(await listedIn(editor, token)).toEqual(everywhere([kept.id]));
    expect((await editor.listVenues({})).total).toBe(totalBefore - 1);
    expect((await rejection(editor.getVenue({ id: venue.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    await expect.poll(() => listedIn(replicaEditor, token), { timeout: 5000, interval: 50 }).toEqual(everywhere([kept.id]));
    expect((await rejection(replicaEditor.getVenue({ id: venue.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    // Deleting again: there is no active venue with this id.
    expect((await rejection(editor.deleteVenue({ id: venue.id }))).code).toBe(GrpcStatus.NOT_FOUND);

    const { venue: restored } = await admin.restoreVenue({ id: venue.id });
    expect(restored).toMatchObject({ id: venue.id, name: venue.name, deletedAt: '' });
    expect(await listedIn(editor, token)).toEqual(everywhere([venue.id, kept.id]));
    await expect.poll(() => listedIn(replicaEditor, token), { timeout: 5000, interval: 50 }).toEqual(everywhere([venue.id, kept.id]));
    expect((await editor.getVenue({ id: venue.id })).venue?.name).toBe(venue.name);
    // Restoring an active venue: there is no deleted venue with this id.
    expect((await rejection(admin.restoreVenue({ id: venue.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(admin.restoreVenue({ id: randomUUID() }))).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('publishes venue.deleted and venue.restored and records both in the audit log', async () => {
    const since = new Date(Date.now() - 1000);
    const venue = await create(editor, `Events ${randomUUID().slice(0, 6)}`);
    await editor.deleteVenue({ id: venue.id });
    await admin.restoreVenue({ id: venue.id });
    const deleted = (await eventsSince(harness.nc, SUBJECTS.venueDeleted, since)).filter(({ envelope }) => envelope.data.venueId === venue.id);
    expect(deleted.map(({ envelope }) => envelope.data)).toEqual([{ venueId: venue.id, name: venue.name }]);
    expect(deleted[0]?.envelope.actor).toEqual({ userId: EDITOR.userId, email: EDITOR.email });
    const restored = (await eventsSince(harness.nc, SUBJECTS.venueRestored, since)).filter(({ envelope }) => envelope.data.venueId === venue.id);
    expect(restored.map(({ envelope }) => envelope.data)).toEqual([{ venueId: venue.id, name: venue.name }]);
    expect(restored[0]?.envelope.actor).toEqual({ userId: ADMIN.userId, email: ADMIN.email });
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(({ envelope }) => envelope.data.recordId === venue.id);
    expect(audit.map(({ envelope }) => envelope.data.action)).toEqual(['create', 'delete', 'restore']);
    expect(audit[1]?.envelope.data.oldValues).toMatchObject({ deletedAt: null });
    expect(audit[1]?.envelope.data.newValues?.deletedAt).toEqual(expect.any(String));
  });
});

describe('concurrent writes to one venue (FerretDB v1 rewrites the whole document on every update)', () => {
  it('never loses an answered update or delete when both race on two instances', async () => {
    const venues = await Promise.all(Array.from({ length: 30 }, (_, index) => create(editor, `Race ${index} ${randomUUID().slice(0, 6)}`)));
    const replicaAdmin = harness.client(harness.replica, ADMIN);
    const outcomes = await Promise.all(
      venues.map(async (venue, index) => {
        const [updated, deleted] = await Promise.allSettled([
          (index % 2 ? editor : replicaEditor).updateVenue({ id: venue.id, venue: { name: `${venue.name} edited` } }),
          (index % 2 ? replicaAdmin : admin).deleteVenue({ id: venue.id }),
        ]);
        return { venue, updated: updated.status === 'fulfilled', deleted: deleted.status === 'fulfilled' };
      }),
    );
    const model = venueModel(harness.connection);
    const lost: string[] = [];
    for (const { venue, updated, deleted } of outcomes) {
      const stored = await model.findById(venue.id).lean().exec();
      if (deleted && !stored?.deletedAt) lost.push(`${venue.name}: delete answered OK, venue not deleted`);
      if (updated && stored?.name !== `${venue.name} edited`) lost.push(`${venue.name}: update answered OK, name is '${stored?.name}'`);
    }
    expect(lost).toEqual([]);
    expect(outcomes.every(({ deleted }) => deleted)).toBe(true);
  });
});

describe('who may update, delete and restore (the permission table, on the service itself)', () => {
  it('lets edit rights update, higher privilege delete and admins restore; nobody else', async () => {
    const outcomes: string[] = [];
    for (const role of ['owner', 'admin', 'editor', 'surveyor', 'viewer']) {
      const client = harness.client(harness.primary, harness.user(role));
      const venue = await create(editor, `Perm ${role} ${randomUUID().slice(0, 6)}`);
      const status = async (call: Promise<unknown>) =>
        call.then(
          () => 'OK',
          (error: unknown) => (error instanceof GrpcError ? error.codeName : String(error)),
        );
      outcomes.push(`${role} update ${await status(client.updateVenue({ id: venue.id, venue: { name: `${venue.name} x` } }))}`);
      outcomes.push(`${role} delete ${await status(client.deleteVenue({ id: venue.id }))}`);
      await editor.deleteVenue({ id: venue.id }).catch(() => undefined);
      outcomes.push(`${role} restore ${await status(client.restoreVenue({ id: venue.id }))}`);
    }
    expect(outcomes).toEqual([
      'owner update OK',
      'owner delete OK',
      'owner restore OK',
      'admin update OK',
      'admin delete OK',
      'admin restore OK',
      'editor update OK',
      'editor delete OK',
      'editor restore PERMISSION_DENIED',
      'surveyor update OK',
      'surveyor delete PERMISSION_DENIED',
      'surveyor restore PERMISSION_DENIED',
      'viewer update PERMISSION_DENIED',
      'viewer delete PERMISSION_DENIED',
      'viewer restore PERMISSION_DENIED',
    ]);
  });
});
