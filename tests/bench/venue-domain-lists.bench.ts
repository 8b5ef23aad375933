// The venues domain's other lists through the gateway (issue 11: "the same figures as the home list at 10,000
// venues, 50,000 contacts and 20,000 events"): an editor creates BENCH_VENUES venues (default 10,000; smoke 30),
// each with its main contact, then more contacts up to BENCH_CONTACTS (default 50,000; smoke 150) and
// BENCH_EVENTS events (default 20,000; smoke 60), all through the public API, 8 in parallel; deletes 1 % of the
// venues and some contacts; waits for the machine to settle; then times each list shape as venue-list does
// (BENCH_REQUESTS per shape, default 500, smoke 20; 10 connections; rounds; target p99 ≤ 30 ms).
//
// Every answer is checked: its total against what was created (search terms are words only the seeded names
// hold), its order by the shape's sort key where the API defines one, and its page equal to the shape's first
// answer (a page that changes between identical requests fails the benchmark).
import { DEMO_VENUES } from '@venuebook/local';
import { contactSortKey } from '@venuebook/proto/domain';
import type {
  Contact,
  DeletedContactsResult,
  ListContactsResult,
  ListDeletedVenuesResult,
  ListEventsResult,
  ListVenueEventsResult,
  Venue,
  VenueContactsResult,
  VenueEvent,
} from '@venuebook/proto/domain';
import { BenchError, expectEqual, expectTrue, runBench, runConcurrently, sized, timeShapes } from './support.ts';
import type { ApiClient, ReadShape } from './support.ts';

const VENUES = sized({ full: 10_000, smoke: 30 }, process.env.BENCH_VENUES);
const CONTACTS = sized({ full: 50_000, smoke: 150 }, process.env.BENCH_CONTACTS);
const EVENTS = sized({ full: 20_000, smoke: 60 }, process.env.BENCH_EVENTS);
const REQUESTS = sized({ full: 500, smoke: 20 }, process.env.BENCH_REQUESTS);
const WARM_UP = sized({ full: 50, smoke: 5 }, process.env.BENCH_WARM_UP);
const ROUNDS = sized({ full: 5, smoke: 1 }, process.env.BENCH_ROUNDS);
const CONNECTIONS = 10;
const CONCURRENCY = 8;
const TARGET_P99_MS = 30;
const PAGE_SIZE = 50;
const DELETED_VENUES = Math.max(2, Math.floor(VENUES / 100));
const DELETED_CONTACTS = Math.max(3, Math.floor(CONTACTS / 250));

// Names no demo venue, tag or title contains, so a search for one finds exactly the records seeded with it.
const FIRST_NAMES = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jordan', 'Kendall', 'Morgan'];
const LAST_NAMES = ['Abernathy', 'Brightwater', 'Castellano', 'Drummond', 'Eastwick', 'Fairbanks', 'Galloway', 'Hollister', 'Ingersoll', 'Jablonski', 'Kowalczyk', 'Lindqvist', 'Montgomery', 'Nakamura', 'Okonkwo', 'Pemberton', 'Quintero', 'Rasmussen', 'Szczepanski', 'Thorvaldsen'];
const TOURS = ['Zephyrine', 'Quillon', 'Marivelle', 'Thornbury', 'Ostrava'];
const TAGS = ['Audio', 'Lighting', 'Security', 'Tech', 'Management'];

interface SeededContact {
  id: string;
  venueId: string;
  name: string;
  main: boolean;
  deleted: boolean;
}
interface SeededEvent {
  id: string;
  venueId: string;
  name: string;
  eventDate: string | null;
}

const contactName = (n: number): string => `${FIRST_NAMES[n % FIRST_NAMES.length]!} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!}`;
/** Days from 2020-01-01 spread over six years; every tenth event has no date. */
const eventDate = (n: number): string | null => (n % 10 === 9 ? null : new Date(Date.UTC(2020, 0, 1) + ((n * 7919) % 2190) * 86_400_000).toISOString().slice(0, 10));

const query = (path: string, params: Record<string, string | number>): string => `${path}?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString()}`;

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
  for (const [key, value] of Object.entries({ venues: VENUES, contacts: CONTACTS, events: EVENTS, requests: REQUESTS, warmUpRequests: WARM_UP, rounds: ROUNDS, connections: CONNECTIONS, pageSize: PAGE_SIZE, deletedVenues: DELETED_VENUES, deletedContacts: DELETED_CONTACTS })) {
    bench.parameter(key, value);
  }
  const editor = await bench.signIn('editor');

  // Venues, each with its main contact (from the venue form's contact fields).
  const venues: Venue[] = [];
  const contacts: SeededContact[] = [];
  let ms = await runConcurrently(VENUES, CONCURRENCY, async (index) => {
    const template = DEMO_VENUES[index % DEMO_VENUES.length]!;
    const name = contactName(index);
    const { body } = await editor.post<Venue>('/api/v1/venues', { ...template, name: `${template.name} ${index}`, contactName: name, contactEmail: '', contactPhone: '', contactTitle: 'Production Manager' });
    venues.push(body);
  });
  bench.figure('createVenuesSeconds', ms / 1000, `created ${VENUES} venues in ${(ms / 1000).toFixed(1)} s`);
  const venueIds = venues.map((venue) => venue.id);
  const mainContacts = await runConcurrentlyCollect(venues, CONCURRENCY, async (venue) => (await editor.get<VenueContactsResult>(`/api/v1/venues/${venue.id}/contacts`)).body.items);
  for (const [position, items] of mainContacts.entries()) {
    expectEqual(items.length, 1, `venue ${venueIds[position]}: contacts after creation`);
    const main = items[0]!;
    expectTrue(main.isCurrentMainContact, `venue ${venueIds[position]}: its contact is the main contact`);
    contacts.push({ id: main.id, venueId: main.venueId, name: main.name ?? '', main: true, deleted: false });
  }

  // More contacts, spread over the venues.
  const extra = Math.max(0, CONTACTS - VENUES);
  ms = await runConcurrently(extra, CONCURRENCY, async (index) => {
    const venueId = venueIds[index % venueIds.length]!;
    const name = contactName(VENUES + index);
    const { body } = await editor.post<Contact>(`/api/v1/venues/${venueId}/contacts`, { name, title: 'Stage Manager', phone: '(212) 555-0100', email: `${name.toLowerCase().replace(' ', '.')}@example.com`, tag: TAGS[index % TAGS.length] });
    contacts.push({ id: body.id, venueId, name, main: false, deleted: false });
  });
  bench.figure('createContactsSeconds', ms / 1000, `created ${extra} more contacts in ${(ms / 1000).toFixed(1)} s (${Math.round(extra / (ms / 1000))}/s)`);

  const events: SeededEvent[] = [];
  ms = await runConcurrently(EVENTS, CONCURRENCY, async (index) => {
    const venueId = venueIds[index % venueIds.length]!;
    const name = `${TOURS[index % TOURS.length]!} Tour ${index}`;
    const date = eventDate(index);
    const { body } = await editor.post<VenueEvent>(`/api/v1/venues/${venueId}/events`, { name, eventDate: date, description: 'Load-in at 8am' });
    events.push({ id: body.id, venueId, name, eventDate: date });
  });
  bench.figure('createEventsSeconds', ms / 1000, `created ${EVENTS} events in ${(ms / 1000).toFixed(1)} s (${Math.round(EVENTS / (ms / 1000))}/s)`);

  // Deleted venues (the last ones) and deleted contacts (additional contacts of active venues).
  const deletedVenueIds = new Set(venueIds.slice(-DELETED_VENUES));
  await runConcurrently(DELETED_VENUES, CONCURRENCY, async (index) => {
    await editor.request('DELETE', `/api/v1/venues/${venueIds[venueIds.length - 1 - index]!}`, { expectStatus: 204 });
  });
  const deletable = contacts.filter((contact) => !contact.main && !deletedVenueIds.has(contact.venueId)).slice(0, DELETED_CONTACTS);
  expectEqual(deletable.length, DELETED_CONTACTS, 'contacts to delete');
  await runConcurrently(deletable.length, CONCURRENCY, async (index) => {
    await editor.request('DELETE', `/api/v1/contacts/${deletable[index]!.id}`, { expectStatus: 204 });
    deletable[index]!.deleted = true;
  });
  await bench.settle('settleAfterCreate');

  const activeContacts = contacts.filter((contact) => !contact.deleted && !deletedVenueIds.has(contact.venueId));
  const activeEvents = events.filter((event) => !deletedVenueIds.has(event.venueId));
  const someVenue = venueIds.find((id) => !deletedVenueIds.has(id))!;
  const admin = await bench.signIn('admin');
  const viewer = await bench.signIn('viewer');
  const lastName = LAST_NAMES[3]!;
  const tour = TOURS[2]!;
  const deepContactPage = Math.max(2, Math.floor(activeContacts.length / PAGE_SIZE / 2));
  const deepEventPage = Math.max(2, Math.floor(activeEvents.length / PAGE_SIZE / 2));
  const [from, to] = ['2021-01-01', '2022-12-31'];

  const shapes: ReadShape[] = [
    await listShape<ListContactsResult>(editor, 'contacts, page 1', query('/api/v1/contacts', { pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeContacts.length, 'contacts: total');
      expectOrdered(body.items, (contact) => contactSortKey(contact.name), false, 'contacts by last name');
    }),
    await listShape<ListContactsResult>(editor, `contacts, page ${deepContactPage}`, query('/api/v1/contacts', { page: deepContactPage, pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeContacts.length, 'contacts (deep page): total');
      expectOrdered(body.items, (contact) => contactSortKey(contact.name), false, 'contacts by last name (deep page)');
    }),
    await listShape<ListContactsResult>(editor, `contacts, search '${lastName}'`, query('/api/v1/contacts', { q: lastName, pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeContacts.filter((contact) => contact.name.endsWith(` ${lastName}`)).length, `contacts named ${lastName}: total`);
      expectTrue(body.items.every((contact) => contact.name?.endsWith(` ${lastName}`)), `contacts search '${lastName}': every item matches`);
    }),
    await listShape<VenueContactsResult>(viewer, "a venue's contacts", `/api/v1/venues/${someVenue}/contacts`, (body) => {
      expectEqual(body.items.length, activeContacts.filter((contact) => contact.venueId === someVenue).length, "a venue's contacts: count");
      expectTrue(body.items[0]?.isCurrentMainContact === true, "a venue's contacts: the main contact first");
    }),
    await listShape<ListEventsResult>(viewer, 'events, newest, page 1', query('/api/v1/events', { sort: 'newest', pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeEvents.length, 'events: total');
      expectOrdered(body.items, (event) => event.eventDate ?? '', true, 'events newest first');
    }),
    await listShape<ListEventsResult>(viewer, `events, a-z, page ${deepEventPage}`, query('/api/v1/events', { sort: 'a-z', page: deepEventPage, pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeEvents.length, 'events a-z: total');
    }),
    await listShape<ListEventsResult>(viewer, `events, search '${tour}'`, query('/api/v1/events', { q: tour, pageSize: PAGE_SIZE }), (body) => {
      expectEqual(body.total, activeEvents.filter((event) => event.name.startsWith(`${tour} `)).length, `events of the ${tour} tour: total`);
    }),
    await listShape<ListEventsResult>(viewer, 'events, OTX + Studio, 2021–2022', query('/api/v1/events', { leagues: 'OTX,Studio', from, to, sort: 'oldest', pageSize: PAGE_SIZE }), (body) => {
      const leaguesOf = new Map(venues.map((venue) => [venue.id, venue.leagues as readonly string[]]));
      const expected = activeEvents.filter((event) => event.eventDate !== null && event.eventDate >= from && event.eventDate <= to && leaguesOf.get(event.venueId)!.some((league) => league === 'OTX' || league === 'Studio'));
      expectEqual(body.total, expected.length, 'events by league and dates: total');
      expectOrdered(body.items, (event) => event.eventDate ?? '', false, 'events oldest first');
    }),
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
      (body) => expectEqual(body.groups.reduce((sum, group) => sum + group.contacts.length, 0), DELETED_CONTACTS, 'deleted contacts: count'),
      (body) => body.groups.flatMap((group) => group.contacts.map((contact) => contact.id)),
    ),
  ];
  await timeShapes(bench, shapes, { requests: REQUESTS, warmUp: WARM_UP, rounds: ROUNDS, connections: CONNECTIONS, targetP99Ms: TARGET_P99_MS });
  bench.log('before issue 11: none of these lists existed');
});

/** runConcurrently, keeping each task's result at its item's position. */
async function runConcurrentlyCollect<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  await runConcurrently(items.length, concurrency, async (index) => {
    results[index] = await task(items[index]!);
  });
  return results;
}
