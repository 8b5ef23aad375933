// The venues domain's other lists through the gateway (target: "the same figures as the home list at 10,000
// venues, 50,000 contacts and 20,000 events"): BENCH_VENUES venues (default 10,000; smoke 30), each with its main
// contact (6 in 10) and 5 more contacts (~56,000 at full size) and 2 events (20,000), are written straight into the
// venues database while the service is down (services/venues/src/testing/seed-venues.ts, documents as the
// repositories write them; seeding is set-up, adding one through the API is what the integration tests do), the
// service is started (its read models load them), contacts are added and edited, 1 % of the venues and some contacts
// are deleted through the API (two writers at a time; each write timed: what a save costs at company scale on the
// store, where an update or delete by `_id` scans its whole collection), and once the machine is quiet each list
// shape is timed as venue-list does (BENCH_REQUESTS per shape, default 500, smoke 20; 10 connections; rounds;
// target p99 ≤ 30 ms).
//
// Every answer is checked against the stored documents (read back from the database as the oracle): its total, its
// order by the shape's sort key where the API defines one, and its page equal to the shape's first answer (a page
// that changes between identical requests fails the benchmark).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@venuebook/local';
import { contactSortKey } from '@venuebook/domain';
import type {
  DeletedContactsResult,
  ListContactsResult,
  ListDeletedVenuesResult,
  ListEventsResult,
  ListVenueEventsResult,
  VenueContactsResult,
} from '@venuebook/domain';
import { connectMongo } from '@venuebook/service-kit';
import { BenchError, expectEqual, expectTrue, runBench, runConcurrently, sized, timeShapes } from './support.ts';
import type { ApiClient, ReadShape } from './support.ts';

const VENUES = sized({ full: 10_000, smoke: 30 }, process.env.BENCH_VENUES);
const EXTRA_CONTACTS_PER_VENUE = 5;
const EVENTS_PER_VENUE = 2;
const REQUESTS = sized({ full: 500, smoke: 20 }, process.env.BENCH_REQUESTS);
const WARM_UP = sized({ full: 50, smoke: 5 }, process.env.BENCH_WARM_UP);
const ROUNDS = sized({ full: 5, smoke: 1 }, process.env.BENCH_ROUNDS);
const CONNECTIONS = 10;
const WRITE_CONCURRENCY = 2;
const TARGET_P99_MS = 30;
const PAGE_SIZE = 50;
const DELETED_VENUES = Math.max(2, Math.floor(VENUES / 100));
const DELETED_CONTACTS = Math.max(3, Math.floor(VENUES / 50));
const EDITED_CONTACTS = sized({ full: 40, smoke: 4 }, process.env.BENCH_EDITS);
const SEED_SCRIPT = join(REPO_ROOT, 'services/venues/src/testing/seed-venues.ts');
/** The venues service's database in the stack `npm start` and the benches run. */
const VENUES_DB = 'venuebook_venues';
/** A last name and a show of the seed script's lists (services/venues/src/testing/seed-venues.ts). */
const LAST_NAME = 'Whitfield';
const SHOW = 'Gala';

interface StoredVenue {
  _id: string;
  leagues: string[];
}
interface StoredContact {
  _id: string;
  venueId: string;
  name: string;
  isCurrentMainContact: boolean;
  deletedAt: Date | null;
}
interface StoredEvent {
  _id: string;
  venueId: string;
  name: string;
  eventDate: string | null;
}

const query = (path: string, params: Record<string, string | number>): string =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString()}`;

/**
 * A list shape: the first answer is checked in full by `check` (total, order, filter); every later answer must
 * give the same total and the same ids in the same order.
 */
async function listShape<T extends object>(
  client: ApiClient,
  label: string,
  path: string,
  check: (body: T) => void,
  idsOf: (body: T) => string[] = (body) => ((body as { items?: { id: string }[] }).items ?? []).map((item) => item.id),
): Promise<ReadShape> {
  const totalOf = (body: T): number | undefined => (body as { total?: number }).total;
  const first = (await client.get<T>(path)).body;
  check(first);
  const expectedIds = idsOf(first);
  expectTrue(expectedIds.length > 0, `${label}: the first answer is empty; the seeded data should fill it`);
  return {
    label,
    extra: { total: totalOf(first) ?? expectedIds.length },
    async read() {
      const { body, ms } = await client.get<T>(path);
      if (totalOf(first) !== undefined) expectEqual(totalOf(body), totalOf(first), `${label}: total`);
      const ids = idsOf(body);
      const at = ids.findIndex((id, position) => id !== expectedIds[position]);
      if (ids.length !== expectedIds.length || at >= 0) throw new BenchError(`${label}: the page changed between identical requests (position ${at + 1})`);
      return ms;
    },
  };
}

function expectOrdered<T>(items: readonly T[], key: (item: T) => string, descending: boolean, what: string): void {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [key(items[i - 1]!), key(items[i]!)];
    if (descending ? a < b : a > b) throw new BenchError(`${what}: out of order at position ${i + 1} ('${a}' then '${b}')`);
  }
}

await runBench({ name: 'venue-domain-lists', title: 'Contacts, events and deleted lists through the gateway' }, async (bench) => {
  for (const [key, value] of Object.entries({
    venues: VENUES,
    extraContactsPerVenue: EXTRA_CONTACTS_PER_VENUE,
    eventsPerVenue: EVENTS_PER_VENUE,
    requests: REQUESTS,
    warmUpRequests: WARM_UP,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    pageSize: PAGE_SIZE,
    deletedVenues: DELETED_VENUES,
    deletedContacts: DELETED_CONTACTS,
  })) {
    bench.parameter(key, value);
  }
  // The book, straight into the database while the service is down; its read models load it when it starts.
  const replicas = bench.stack.services.venues.replicas;
  for (const replica of replicas) await replica.stop();
  const mongo = { MONGODB_URI: bench.stack.infra.env.MONGODB_URI ?? '', MONGODB_DB: VENUES_DB };
  const seedStarted = performance.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [SEED_SCRIPT, String(VENUES), '11', String(EXTRA_CONTACTS_PER_VENUE), String(EVENTS_PER_VENUE)],
    { cwd: REPO_ROOT, env: { ...process.env, ...mongo }, maxBuffer: 1024 * 1024 },
  );
  const seeded = JSON.parse(stdout.trim()) as { contacts: number; events: number };
  bench.log(`seeded ${VENUES} venues, ${seeded.contacts} contacts, ${seeded.events} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  bench.parameter('contacts', seeded.contacts);
  bench.parameter('events', seeded.events);
  const startStarted = performance.now();
  for (const replica of replicas) await replica.start();
  bench.figure(
    'startSeconds',
    (performance.now() - startStarted) / 1000,
    `the venues service started on them in ${((performance.now() - startStarted) / 1000).toFixed(1)} s`,
  );

  await bench.settle('settleAfterStart');
  const editor = await bench.signIn('editor');
  const timed =
    (times: number[]) =>
    async (method: string, path: string, body: unknown, expectStatus: number): Promise<void> => {
      times.push((await editor.request(method, path, { body, expectStatus })).ms);
    };

  // Contacts added to venues and then edited, one writer (a user's save), before the oracle is read.
  const before = await connectMongo(mongo.MONGODB_URI, VENUES_DB);
  const editVenues = (
    await before
      .db!.collection<StoredVenue>('venues')
      .find({}, { projection: { _id: 1 } })
      .toArray()
  )
    .filter((_, index) => index % 97 === 5)
    .slice(0, EDITED_CONTACTS);
  await before.close();
  const [addTimes, updateTimes] = [[] as number[], [] as number[]];
  const addedIds: string[] = [];
  for (const [index, venue] of editVenues.entries()) {
    const { body, ms } = await editor.post<{ id: string }>(`/api/v1/venues/${venue._id}/contacts`, {
      name: `Bench Added ${index}`,
      title: 'Rigger',
      phone: '',
      email: '',
      tag: 'Other',
    });
    addTimes.push(ms);
    addedIds.push(body.id);
  }
  const update = timed(updateTimes);
  for (const [index, id] of addedIds.entries())
    await update('PUT', `/api/v1/contacts/${id}`, { name: `Bench Edited ${index}`, title: 'Head Rigger', phone: '', email: '', tag: 'Other' }, 200);

  // The oracle: the stored documents (the demo venues of the stack are in the same collections).
  const connection = await connectMongo(mongo.MONGODB_URI, VENUES_DB);
  const db = connection.db!;
  const venues = await db
    .collection<StoredVenue>('venues')
    .find({}, { projection: { _id: 1, leagues: 1 } })
    .toArray();
  const contacts = await db
    .collection<StoredContact>('contacts')
    .find({}, { projection: { _id: 1, venueId: 1, name: 1, isCurrentMainContact: 1, deletedAt: 1 } })
    .toArray();
  const events = await db
    .collection<StoredEvent>('venue_events')
    .find({}, { projection: { _id: 1, venueId: 1, name: 1, eventDate: 1 } })
    .toArray();
  await connection.close();
  expectTrue(contacts.length >= seeded.contacts + addedIds.length && events.length >= seeded.events, 'the seeded and added contacts and events are stored');

  // Deleted venues and deleted contacts, through the API, two writers at a time (contacts of one venue lie side by
  // side, so the two often wait for one venue's lock).
  const [venueDeleteTimes, contactDeleteTimes] = [[] as number[], [] as number[]];
  const deletedVenueIds = new Set(venues.slice(-DELETED_VENUES).map((venue) => venue._id));
  const deleteVenue = timed(venueDeleteTimes);
  await runConcurrently(DELETED_VENUES, WRITE_CONCURRENCY, async (index) => {
    await deleteVenue('DELETE', `/api/v1/venues/${venues[venues.length - 1 - index]!._id}`, undefined, 204);
  });
  const deletable = contacts
    .filter((contact) => !contact.isCurrentMainContact && contact.deletedAt === null && !deletedVenueIds.has(contact.venueId))
    .slice(0, DELETED_CONTACTS);
  expectEqual(deletable.length, DELETED_CONTACTS, 'contacts to delete');
  const deleteContact = timed(contactDeleteTimes);
  await runConcurrently(deletable.length, WRITE_CONCURRENCY, async (index) => {
    await deleteContact('DELETE', `/api/v1/contacts/${deletable[index]!._id}`, undefined, 204);
  });
  bench.shape('write: contact add (1 writer)', addTimes);
  bench.shape('write: contact update (1 writer)', updateTimes);
  bench.shape(`write: venue delete (${WRITE_CONCURRENCY} writers)`, venueDeleteTimes);
  bench.shape(`write: contact delete (${WRITE_CONCURRENCY} writers)`, contactDeleteTimes);
  const deletedContactIds = new Set(deletable.map((contact) => contact._id));
  await bench.settle('settleAfterSeed');

  const activeContacts = contacts.filter(
    (contact) => contact.deletedAt === null && !deletedContactIds.has(contact._id) && !deletedVenueIds.has(contact.venueId),
  );
  const activeEvents = events.filter((event) => !deletedVenueIds.has(event.venueId));
  const someVenue = contacts.find((contact) => contact.isCurrentMainContact && !deletedVenueIds.has(contact.venueId))!.venueId;
  const admin = await bench.signIn('admin');
  const viewer = await bench.signIn('viewer');
  const lastName = LAST_NAME;
  const tour = SHOW;
  const deepContactPage = Math.max(2, Math.floor(activeContacts.length / PAGE_SIZE / 2));
  const deepEventPage = Math.max(2, Math.floor(activeEvents.length / PAGE_SIZE / 2));
  // The last twelve months (the seeded events lie within a year and a half either side of now).
  const [from, to] = [new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10), new Date().toISOString().slice(0, 10)];

  const shapes: ReadShape[] = [
    await listShape<ListContactsResult>(editor, 'contacts, page 1', query('/api/v1/contacts', { pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeContacts.length, 'contacts: total');
      expectOrdered(body.items, (contact) => contactSortKey(contact.name), false, 'contacts by last name');
    }),
    await listShape<ListContactsResult>(
      editor,
      `contacts, page ${deepContactPage}`,
      query('/api/v1/contacts', { page: deepContactPage, pageSize: PAGE_SIZE }),
      (body) => {
        expectEqual(body.total, activeContacts.length, 'contacts (deep page): total');
        expectOrdered(body.items, (contact) => contactSortKey(contact.name), false, 'contacts by last name (deep page)');
      },
    ),
    await listShape<ListContactsResult>(editor, `contacts, search '${lastName}'`, query('/api/v1/contacts', { q: lastName, pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeContacts.filter((contact) => contact.name.endsWith(` ${lastName}`)).length, `contacts named ${lastName}: total`);
      expectTrue(
        body.items.every((contact) => contact.name?.endsWith(` ${lastName}`)),
        `contacts search '${lastName}': every item matches`,
      );
    }),
    await listShape<VenueContactsResult>(viewer, "a venue's contacts", `/api/v1/venues/${someVenue}/contacts`, (body) => {
      expectEqual(body.items.length, activeContacts.filter((contact) => contact.venueId === someVenue).length, "a venue's contacts: count");
      expectTrue(body.items[0]?.isCurrentMainContact === true, "a venue's contacts: the main contact first");
    }),
    await listShape<ListEventsResult>(viewer, 'events, newest, page 1', query('/api/v1/events', { sort: 'newest', pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeEvents.length, 'events: total');
      expectOrdered(body.items, (event) => event.eventDate ?? '', true, 'events newest first');
    }),
    await listShape<ListEventsResult>(
      viewer,
      `events, a-z, page ${deepEventPage}`,
      query('/api/v1/events', { sort: 'a-z', page: deepEventPage, pageSize: PAGE_SIZE }),
      (body) => {
        expectEqual(body.total, activeEvents.length, 'events a-z: total');
      },
    ),
    await listShape<ListEventsResult>(viewer, `events, search '${tour}'`, query('/api/v1/events', { q: tour, pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeEvents.filter((event) => event.name.startsWith(`${tour} `)).length, `${tour} events: total`);
    }),
    await listShape<ListEventsResult>(
      viewer,
      'events, OTX + Studio, last 12 months',
      query('/api/v1/events', { leagues: 'OTX,Studio', from, to, sort: 'oldest', pageSize: PAGE_SIZE }),
      (body) => {
        const leaguesOf = new Map(venues.map((venue) => [venue._id, venue.leagues as readonly string[]]));
        const expected = activeEvents.filter(
          (event) =>
            event.eventDate !== null &&
            event.eventDate >= from &&
            event.eventDate <= to &&
            leaguesOf.get(event.venueId)!.some((league) => league === 'OTX' || league === 'Studio'),
        );
        expectEqual(body.total, expected.length, 'events by league and dates: total');
        expectOrdered(body.items, (event) => event.eventDate ?? '', false, 'events oldest first');
      },
    ),
    await listShape<ListVenueEventsResult>(viewer, "a venue's events", `/api/v1/venues/${someVenue}/events`, (body) => {
      expectEqual(body.total, activeEvents.filter((event) => event.venueId === someVenue).length, "a venue's events: total");
    }),
    await listShape<ListDeletedVenuesResult>(admin, 'deleted venues', query('/api/v1/deleted-venues', { pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, DELETED_VENUES, 'deleted venues: total');
      expectOrdered(body.items, (venue) => venue.deletedAt, true, 'deleted venues newest deleted first');
    }),
    await listShape<DeletedContactsResult>(
      admin,
      'deleted contacts',
      '/api/v1/deleted-contacts',
      (body) =>
        expectEqual(
          body.groups.reduce((sum, group) => sum + group.contacts.length, 0),
          contacts.filter((contact) => contact.deletedAt !== null).length + DELETED_CONTACTS,
          'deleted contacts: count',
        ),
      (body) => body.groups.flatMap((group) => group.contacts.map((contact) => contact.id)),
    ),
  ];
  await timeShapes(bench, shapes, { requests: REQUESTS, warmUp: WARM_UP, rounds: ROUNDS, connections: CONNECTIONS, targetP99Ms: TARGET_P99_MS });
  bench.log('before their read models: none of these lists existed; writes are timed once, not against the list target');
});
