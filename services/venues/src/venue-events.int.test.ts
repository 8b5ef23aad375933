// Venue events (shows at a venue) on real servers (FerretDB, NATS): create, update, delete with their rules,
// events and audit entries; the venue's list and the all-events list (search, leagues, dates, sorts, paging)
// against an expectation computed here; venue renames, deletes and restores seen at once; a replica follows.
import { randomUUID } from 'node:crypto';
import { eventsSince, rejection } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { nameKey } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import { VenueEventSort } from '@venuebook/contracts/venues/v1/events';
import type { VenueEvent } from '@venuebook/contracts/venues/v1/events';
import type { Venue, VenuesService } from '@venuebook/contracts/venues/v1';
import { seededRandom } from '@venuebook/domain/testing';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ListEventsRequestSchema } from '@venuebook/contracts/venues/v1/events';
import { venuesUnderTest } from './testing/venues-harness.ts';

const harness = venuesUnderTest('events');
const EDITOR = harness.user('editor');
const ADMIN = harness.user('admin');

const editor = harness.clientOf('primary', EDITOR);
const admin = harness.clientOf('primary', ADMIN);
const replicaViewer = harness.clientOf('replica', 'viewer');

async function createVenue(name: string, fields: Record<string, unknown> = {}): Promise<Venue> {
  const { venue } = await editor.createVenue({ venue: { name, ...fields } });
  if (!venue) throw new Error('no venue');
  return venue;
}

async function createEvent(venueId: string, fields: { name: string; eventDate?: string; description?: string }, client = editor): Promise<VenueEvent> {
  const { event } = await client.createEvent({ venueId, event: fields });
  if (!event) throw new Error('no event');
  return event;
}

const idsOf = (events: { id: string }[]) => events.map((event) => event.id);
const listIds = async (client: Client<typeof VenuesService>, request: MessageInitShape<typeof ListEventsRequestSchema>) =>
  (await client.listEvents({ pageSize: 200, ...request })).items.map((item) => item.event!.id);

describe('CreateEvent, UpdateEvent, DeleteEvent', () => {
  it('creates an event (name trimmed, date and description optional), publishes venue_event.created and records the audit entry', async () => {
    const since = new Date();
    const venue = await createVenue(`Create ${randomUUID().slice(0, 6)} Hall`);
    const event = await createEvent(venue.id, { name: '  Opening Night  ', eventDate: '2026-03-01', description: 'Doors at 7' });
    expect(event).toMatchObject({ venueId: venue.id, name: 'Opening Night', eventDate: '2026-03-01', description: 'Doors at 7', createdBy: EDITOR.userId });
    expect(event.createdAt).toBe(event.updatedAt);
    const undated = await createEvent(venue.id, { name: 'TBD show' });
    expect(undated).toMatchObject({ eventDate: '', description: '' });

    const published = await eventsSince(harness.nc, SUBJECTS.venueEventCreated, since);
    expect(published.map(({ envelope }) => envelope.data)).toEqual([
      { eventId: event.id, venueId: venue.id, name: 'Opening Night' },
      { eventId: undated.id, venueId: venue.id, name: 'TBD show' },
    ]);
    expect(published[0]?.envelope.actor).toEqual({ userId: EDITOR.userId, email: EDITOR.email });
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(({ envelope }) => envelope.data.recordId === event.id);
    expect(audit.map(({ envelope }) => envelope.data)).toEqual([
      expect.objectContaining({
        service: 'venues',
        action: 'create',
        table: 'events',
        oldValues: null,
        newValues: expect.objectContaining({ name: 'Opening Night', eventDate: '2026-03-01' }),
      }),
    ]);
  });

  it('refuses a blank name, an impossible date and an unknown or deleted venue', async () => {
    const venue = await createVenue(`Refuse ${randomUUID().slice(0, 6)} Hall`);
    const blank = await rejection(editor.createEvent({ venueId: venue.id, event: { name: '   ' } }));
    expect(blank.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(blank.fieldErrors).toEqual([{ field: 'name', message: 'Event name is required' }]);
    for (const eventDate of ['2026-02-30', '2025-02-29', '2026-13-01', '01/02/2026', '2026-1-2']) {
      const bad = await rejection(editor.createEvent({ venueId: venue.id, event: { name: 'Show', eventDate } }));
      expect(bad.code, eventDate).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(bad.fieldErrors).toEqual([{ field: 'eventDate', message: 'Invalid date' }]);
    }
    expect((await createEvent(venue.id, { name: 'Leap', eventDate: '2028-02-29' })).eventDate).toBe('2028-02-29');
    const long = await rejection(editor.createEvent({ venueId: venue.id, event: { name: 'x'.repeat(201) } }));
    expect(long.fieldErrors?.[0]?.field).toBe('name');

    expect((await rejection(editor.createEvent({ venueId: randomUUID(), event: { name: 'Show' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.createEvent({ venueId: 'not-a-uuid', event: { name: 'Show' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    await editor.deleteVenue({ id: venue.id });
    const deleted = await rejection(editor.createEvent({ venueId: venue.id, event: { name: 'Show' } }));
    expect(deleted.code).toBe(GrpcStatus.NOT_FOUND);
    expect(deleted.message).toContain('Venue not found');
  });

  it('updates every field (a date can be cleared) and deletes for good, with events and audit entries; unknown ids are NOT_FOUND', async () => {
    const since = new Date();
    const venue = await createVenue(`Update ${randomUUID().slice(0, 6)} Hall`);
    const event = await createEvent(venue.id, { name: 'Matinee', eventDate: '2026-05-05', description: 'old' });
    const { event: updated } = await editor.updateEvent({ id: event.id, event: { name: ' Evening ', description: 'new' } });
    expect(updated).toMatchObject({
      id: event.id,
      venueId: venue.id,
      name: 'Evening',
      eventDate: '',
      description: 'new',
      createdAt: event.createdAt,
      createdBy: EDITOR.userId,
    });
    expect(updated!.updatedAt >= event.updatedAt).toBe(true);
    expect((await rejection(editor.updateEvent({ id: event.id, event: { name: '' } }))).fieldErrors).toEqual([
      { field: 'name', message: 'Event name is required' },
    ]);
    expect((await rejection(editor.updateEvent({ id: event.id, event: { name: 'X', eventDate: '2026-04-31' } }))).fieldErrors).toEqual([
      { field: 'eventDate', message: 'Invalid date' },
    ]);

    const { event: deleted } = await editor.deleteEvent({ id: event.id });
    expect(deleted).toMatchObject({ id: event.id, name: 'Evening' });
    expect(idsOf((await editor.listVenueEvents({ venueId: venue.id })).events)).toEqual([]);
    for (const call of [
      () => editor.deleteEvent({ id: event.id }),
      () => editor.updateEvent({ id: event.id, event: { name: 'Again' } }),
      () => editor.deleteEvent({ id: randomUUID() }),
      () => editor.deleteEvent({ id: 'nope' }),
    ]) {
      const error = await rejection(call());
      expect(error.code).toBe(GrpcStatus.NOT_FOUND);
      expect(error.message).toContain('Event not found');
    }

    expect((await eventsSince(harness.nc, SUBJECTS.venueEventUpdated, since)).map(({ envelope }) => envelope.data)).toEqual([
      { eventId: event.id, venueId: venue.id, name: 'Evening' },
    ]);
    expect((await eventsSince(harness.nc, SUBJECTS.venueEventDeleted, since)).map(({ envelope }) => envelope.data)).toEqual([
      { eventId: event.id, venueId: venue.id, name: 'Evening' },
    ]);
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(({ envelope }) => envelope.data.recordId === event.id);
    expect(audit.map(({ envelope }) => [envelope.data.action, envelope.data.table])).toEqual([
      ['create', 'events'],
      ['update', 'events'],
      ['delete', 'events'],
    ]);
    expect(audit[1]?.envelope.data).toMatchObject({ oldValues: { name: 'Matinee', eventDate: '2026-05-05' }, newValues: { name: 'Evening', eventDate: null } });
    expect(audit[2]?.envelope.data).toMatchObject({ oldValues: { name: 'Evening' }, newValues: null });
  });

  it('leaves no trace of an event deleted while it is updated (20 racing update/delete pairs, on two instances)', async () => {
    const venue = await createVenue(`Race ${randomUUID().slice(0, 6)} Hall`);
    const replicaEditor = harness.client(harness.replica, EDITOR);
    for (let round = 0; round < 20; round++) {
      const event = await createEvent(venue.id, { name: `Race ${round}` });
      const outcomes = await Promise.allSettled([
        (round % 2 ? replicaEditor : editor).updateEvent({ id: event.id, event: { name: `Raced ${round}` } }),
        (round % 2 ? editor : replicaEditor).deleteEvent({ id: event.id }),
      ]);
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome.reason as { code: number }).code);
      for (const code of failures) expect([GrpcStatus.NOT_FOUND, GrpcStatus.ABORTED]).toContain(code);
      if (outcomes[1]!.status === 'rejected') await editor.deleteEvent({ id: event.id });
    }
    for (const client of [editor, replicaViewer]) {
      await expect.poll(async () => (await client.listVenueEvents({ venueId: venue.id })).total, { timeout: 5000, interval: 50 }).toBe(0);
      await expect.poll(async () => (await client.listEvents({ query: venue.name })).total, { timeout: 5000, interval: 50 }).toBe(0);
    }
  });

  it('lets every role list and only surveyors, editors, admins and owners write', async () => {
    const venue = await createVenue(`Roles ${randomUUID().slice(0, 6)} Hall`);
    const viewer = harness.client(harness.primary, harness.user('viewer'));
    const own = await createEvent(venue.id, { name: 'Owned' });
    expect((await rejection(viewer.createEvent({ venueId: venue.id, event: { name: 'Nope' } }))).code).toBe(GrpcStatus.PERMISSION_DENIED);
    expect((await rejection(viewer.updateEvent({ id: own.id, event: { name: 'Nope' } }))).code).toBe(GrpcStatus.PERMISSION_DENIED);
    expect((await rejection(viewer.deleteEvent({ id: own.id }))).code).toBe(GrpcStatus.PERMISSION_DENIED);
    expect(idsOf((await viewer.listVenueEvents({ venueId: venue.id })).events)).toEqual([own.id]);
    expect((await viewer.listEvents({ query: venue.name })).total).toBe(1);
    for (const role of ['surveyor', 'editor', 'admin', 'owner']) {
      const client = harness.client(harness.primary, harness.user(role));
      const event = await createEvent(venue.id, { name: `By ${role}` }, client);
      await client.updateEvent({ id: event.id, event: { name: `By ${role} 2` } });
      await client.deleteEvent({ id: event.id });
    }
  });
});

describe('PurgeVenue', () => {
  it("deletes the venue's events for good, with venue_event.deleted and an audit entry each", async () => {
    const since = new Date();
    const venue = await createVenue(`Purge ${randomUUID().slice(0, 6)} Hall`);
    const kept = await createVenue(`Kept ${randomUUID().slice(0, 6)} Hall`);
    const first = await createEvent(venue.id, { name: 'One', eventDate: '2026-01-01' });
    const second = await createEvent(venue.id, { name: 'Two' });
    const other = await createEvent(kept.id, { name: 'Other' });
    await editor.deleteVenue({ id: venue.id });
    await admin.purgeVenue({ id: venue.id });
    const deleted = (await eventsSince(harness.nc, SUBJECTS.venueEventDeleted, since)).map(({ envelope }) => envelope.data.eventId);
    expect(deleted.sort()).toEqual([first.id, second.id].sort());
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(
      ({ envelope }) => envelope.data.table === 'events' && envelope.data.action === 'delete',
    );
    expect(audit.map(({ envelope }) => envelope.data.recordId).sort()).toEqual([first.id, second.id].sort());
    expect((await rejection(editor.updateEvent({ id: first.id, event: { name: 'Back?' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect(idsOf((await editor.listVenueEvents({ venueId: kept.id })).events)).toEqual([other.id]);
    await expect.poll(async () => (await replicaViewer.listEvents({ query: venue.name })).total, { timeout: 5000, interval: 50 }).toBe(0);
  });
});

describe('ListVenueEvents', () => {
  it("lists the venue's events by event date descending, undated last, then newest created, paged; NOT_FOUND for an unknown or deleted venue", async () => {
    const venue = await createVenue(`Order ${randomUUID().slice(0, 6)} Hall`);
    const other = await createVenue(`Other ${randomUUID().slice(0, 6)} Hall`);
    await createEvent(other.id, { name: 'Elsewhere', eventDate: '2030-01-01' });
    const a = await createEvent(venue.id, { name: 'A', eventDate: '2026-01-10' });
    const undated1 = await createEvent(venue.id, { name: 'U1' });
    const b = await createEvent(venue.id, { name: 'B', eventDate: '2027-06-01' });
    const c = await createEvent(venue.id, { name: 'C', eventDate: '2026-01-10' });
    const undated2 = await createEvent(venue.id, { name: 'U2' });
    const expected = [b.id, c.id, a.id, undated2.id, undated1.id];
    const listed = await editor.listVenueEvents({ venueId: venue.id });
    expect(idsOf(listed.events)).toEqual(expected);
    expect(listed).toMatchObject({ total: 5, page: 1, pageSize: 100 });
    const page2 = await editor.listVenueEvents({ venueId: venue.id, page: 2, pageSize: 2 });
    expect(idsOf(page2.events)).toEqual(expected.slice(2, 4));
    expect((await rejection(editor.listVenueEvents({ venueId: venue.id, pageSize: 500 }))).fieldErrors?.[0]?.field).toBe('pageSize');

    // The replica lists them too once it has the events.
    await expect
      .poll(async () => idsOf((await replicaViewer.listVenueEvents({ venueId: venue.id })).events), { timeout: 5000, interval: 50 })
      .toEqual(expected);

    expect((await rejection(editor.listVenueEvents({ venueId: randomUUID() }))).code).toBe(GrpcStatus.NOT_FOUND);
    await editor.deleteVenue({ id: venue.id });
    expect((await rejection(editor.listVenueEvents({ venueId: venue.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejection(editor.updateEvent({ id: a.id, event: { name: 'A2' } }))).code).toBe(GrpcStatus.NOT_FOUND);
    await admin.restoreVenue({ id: venue.id });
    expect(idsOf((await editor.listVenueEvents({ venueId: venue.id })).events)).toEqual(expected);
  });
});

describe('ListEvents', () => {
  type Made = { id: string; name: string; eventDate: string; description: string; createdAt: string; venueName: string; leagues: string[] };

  /** The expectation: the documented order and filters over what this test made. */
  function expectedIds(
    made: Made[],
    options: { words?: string[]; leagues?: string[]; from?: string; to?: string; sort: 'newest' | 'oldest' | 'a-z' | 'z-a' },
  ): string[] {
    const text = (event: Made) => `${event.name} ${event.description} ${event.venueName}`.toLowerCase().split(/[^a-z0-9]+/);
    const dateOrder = (x: Made, y: Made, direction: 1 | -1) =>
      x.eventDate === y.eventDate ? 0 : !x.eventDate ? 1 : !y.eventDate ? -1 : x.eventDate < y.eventDate ? -direction : direction;
    const newest = (x: Made, y: Made) => (x.createdAt === y.createdAt ? (x.id < y.id ? 1 : -1) : x.createdAt < y.createdAt ? 1 : -1);
    const byName = (x: Made, y: Made, direction: 1 | -1) =>
      nameKey(x.name) === nameKey(y.name) ? 0 : nameKey(x.name) < nameKey(y.name) ? -direction : direction;
    const compare = {
      newest: (x: Made, y: Made) => dateOrder(x, y, -1) || newest(x, y),
      oldest: (x: Made, y: Made) => dateOrder(x, y, 1) || newest(x, y),
      'a-z': (x: Made, y: Made) => byName(x, y, 1) || dateOrder(x, y, -1) || newest(x, y),
      'z-a': (x: Made, y: Made) => byName(x, y, -1) || dateOrder(x, y, -1) || newest(x, y),
    }[options.sort];
    return made
      .filter((event) => (options.words ?? []).every((word) => text(event).some((token) => token.startsWith(word))))
      .filter((event) => !options.leagues?.length || event.leagues.some((league) => options.leagues!.includes(league)))
      .filter(
        (event) =>
          (!options.from && !options.to) ||
          (!!event.eventDate && (!options.from || event.eventDate >= options.from) && (!options.to || event.eventDate <= options.to)),
      )
      .sort(compare)
      .map((event) => event.id);
  }

  it('searches, filters by league and date range, sorts and pages exactly as computed here', async () => {
    const token = `ev${randomUUID().slice(0, 6)}`;
    const random = seededRandom(11);
    const leagueSets = [['OTE'], ['OTX'], ['OTE', 'OT7'], []];
    const words = ['Gala', 'Finals', 'Concert', 'Rehearsal', 'Broadcast'];
    const venues = await Promise.all(leagueSets.map((leagues, index) => createVenue(`${token} Venue${index} ${words[index]}`, { leagues })));
    const made: Made[] = [];
    for (let index = 0; index < 24; index++) {
      const venueIndex = Math.floor(random() * venues.length);
      const venue = venues[venueIndex]!;
      const dated = random() < 0.8;
      const eventDate = dated ? `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}` : '';
      const name = `${words[Math.floor(random() * words.length)]} ${index}`;
      const description = random() < 0.5 ? `with ${words[Math.floor(random() * words.length)]} crew` : '';
      const event = await createEvent(venue.id, { name, eventDate, description });
      made.push({ id: event.id, name, eventDate, description, createdAt: event.createdAt, venueName: venue.name, leagues: leagueSets[venueIndex]! });
    }
    const sortEnum = { newest: VenueEventSort.NEWEST, oldest: VenueEventSort.OLDEST, 'a-z': VenueEventSort.A_Z, 'z-a': VenueEventSort.Z_A } as const;
    for (const sort of ['newest', 'oldest', 'a-z', 'z-a'] as const) {
      const cases: { request: MessageInitShape<typeof ListEventsRequestSchema>; words: string[]; leagues?: string[]; from?: string; to?: string }[] = [
        { request: {}, words: [] },
        { request: { query: 'concert' }, words: ['concert'] },
        { request: { query: 'GAL venue1' }, words: ['gal', 'venue1'] },
        { request: { leagues: ['OT7', 'OTX'] }, words: [], leagues: ['OT7', 'OTX'] },
        { request: { from: '2026-03-11', to: '2026-07-15' }, words: [], from: '2026-03-11', to: '2026-07-15' },
        { request: { from: '2026-05-01' }, words: [], from: '2026-05-01' },
        { request: { to: '2026-02-18', leagues: ['OTE'], query: 'crew' }, words: ['crew'], leagues: ['OTE'], to: '2026-02-18' },
      ];
      for (const { request, ...options } of cases) {
        const expected = expectedIds(made, { ...options, words: [token, ...options.words], sort });
        const query = [token, request.query ?? ''].join(' ').trim();
        const answer = await editor.listEvents({ ...request, query, sort: sortEnum[sort], pageSize: 200 });
        expect(
          answer.items.map((item) => item.event!.id),
          `${sort} ${JSON.stringify(request)}`,
        ).toEqual(expected);
        expect(answer.total).toBe(expected.length);
      }
      // Pages of 5 add up to the whole order.
      const all = expectedIds(made, { words: [token], sort });
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 5); page++) {
        const answer = await editor.listEvents({ query: token, sort: sortEnum[sort], page, pageSize: 5 });
        expect(answer).toMatchObject({ total: all.length, page, pageSize: 5 });
        pages.push(...answer.items.map((item) => item.event!.id));
      }
      expect(pages).toEqual(all);
    }
    const first = (await editor.listEvents({ query: token, pageSize: 1 })).items[0]!;
    const venue = venues.find((candidate) => candidate.id === first.event!.venueId)!;
    expect(first).toMatchObject({ venueName: venue.name, venueLeagues: venue.leagues });
    // The default sort is newest; the replica answers the same once it has the events.
    expect(await listIds(editor, { query: token })).toEqual(expectedIds(made, { words: [token], sort: 'newest' }));
    await expect
      .poll(() => listIds(replicaViewer, { query: token }), { timeout: 5000, interval: 50 })
      .toEqual(expectedIds(made, { words: [token], sort: 'newest' }));
  });

  it('refuses bad queries: an unknown sort, bad dates, an unknown league, a page size over the maximum', async () => {
    const cases: [MessageInitShape<typeof ListEventsRequestSchema>, string][] = [
      [{ sort: 99 as VenueEventSort }, 'sort'],
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ leagues: ['NBA'] }, 'leagues'],
      [{ pageSize: 201 }, 'pageSize'],
    ];
    for (const [request, field] of cases) {
      const error = await rejection(editor.listEvents(request));
      expect(error.code, field).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(error.fieldErrors?.[0]?.field.split('.')[0]).toBe(field);
    }
  });

  it("shows a renamed venue under its new name at once (and finds it by it), hides a deleted venue's events and brings them back on restore", async () => {
    const token = `rn${randomUUID().slice(0, 6)}`;
    const venue = await createVenue(`${token} Old Name`, { leagues: ['OTE'] });
    const event = await createEvent(venue.id, { name: 'Recital', eventDate: '2026-09-09' });
    const item = async (client: Client<typeof VenuesService>, query: string) =>
      (await client.listEvents({ query })).items.map((entry) => ({ id: entry.event!.id, venueName: entry.venueName, venueLeagues: entry.venueLeagues }));
    expect(await item(editor, `${token} old`)).toEqual([{ id: event.id, venueName: `${token} Old Name`, venueLeagues: ['OTE'] }]);

    await editor.updateVenue({ id: venue.id, venue: { name: `${token} Fresh Name`, leagues: ['OTX'] } });
    expect(await item(editor, `${token} old`)).toEqual([]);
    expect(await item(editor, `${token} fresh`)).toEqual([{ id: event.id, venueName: `${token} Fresh Name`, venueLeagues: ['OTX'] }]);
    expect(idsOf((await editor.listEvents({ query: token, leagues: ['OTE'] })).items.map((entry) => entry.event!))).toEqual([]);
    await expect
      .poll(() => item(replicaViewer, `${token} fresh`), { timeout: 5000, interval: 50 })
      .toEqual([{ id: event.id, venueName: `${token} Fresh Name`, venueLeagues: ['OTX'] }]);

    await editor.deleteVenue({ id: venue.id });
    expect(await item(editor, token)).toEqual([]);
    await expect.poll(() => item(replicaViewer, token), { timeout: 5000, interval: 50 }).toEqual([]);
    await admin.restoreVenue({ id: venue.id });
    expect(await item(editor, token)).toEqual([{ id: event.id, venueName: `${token} Fresh Name`, venueLeagues: ['OTX'] }]);
    await expect
      .poll(() => item(replicaViewer, token), { timeout: 5000, interval: 50 })
      .toEqual([{ id: event.id, venueName: `${token} Fresh Name`, venueLeagues: ['OTX'] }]);
  });

  it('finds events by words of their description', async () => {
    const token = `ds${randomUUID().slice(0, 6)}`;
    const venue = await createVenue('Plain Hall');
    const event = await createEvent(venue.id, { name: 'Show', description: `Load-in via ${token} dock` });
    expect(await listIds(editor, { query: `${token} dock` })).toEqual([event.id]);
    expect(await listIds(editor, { query: `${token} nothing` })).toEqual([]);
  });
});
