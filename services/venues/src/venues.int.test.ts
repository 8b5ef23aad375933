import { randomBytes, randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { eventsSince, rejection } from '@venuebook/service-kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS } from '@venuebook/contracts/events';
import { createClient, GrpcStatus } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import { VenueSort, VenuesService } from '@venuebook/contracts/venues/v1';
import { createLogger, signUserContext, userContextSigner } from '@venuebook/service-kit';
import { start } from './main.ts';
import { venueModel } from './repositories/venue.model.ts';
import { VenueRepository } from './repositories/venue.repository.ts';
import { venuesUnderTest } from './testing/venues-harness.ts';
import { venuesClient } from './testing/venues-under-test.ts';

const harness = venuesUnderTest('venues', { replica: false });
const EDITOR = { userId: randomUUID(), email: 'editor@example.com', role: 'editor', requestId: 'venues-int' };

let client: Client<typeof VenuesService>;
let repository: VenueRepository;

beforeAll(() => {
  client = harness.client(harness.primary, EDITOR);
  repository = new VenueRepository(venueModel(harness.connection));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function create(name: string, fields: Record<string, unknown> = {}) {
  const response = await client.createVenue({ venue: { name, ...fields } });
  if (!response.venue) throw new Error('no venue in response');
  return response.venue;
}

describe('CreateVenue / GetVenue', () => {
  it('creates a normalised venue and reads it back', async () => {
    const created = await create('  Madison Square Garden ', {
      address: '4 Pennsylvania Plaza\nNew York, NY 10001',
      website: 'msg.com',
      leagues: ['OTE', 'OT Select'],
      venueTypes: ['Arena'],
      links: [{ displayText: 'Seating', url: 'msg.com/seating' }],
      contactName: 'Jane Doe',
      contactEmail: 'jane@msg.com',
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.name).toBe('Madison Square Garden');
    expect(created.country).toBe('United States');
    expect(created.website).toBe('https://msg.com');
    expect(created.links.map((link) => [link.displayText, link.url])).toEqual([['Seating', 'https://msg.com/seating']]);
    expect(created.deletedAt).toBe('');
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    expect(created.activityAt).toBe(created.createdAt);

    const fetched = await client.getVenue({ id: created.id });
    expect(fetched.venue).toEqual(created);
  });

  it('answers NOT_FOUND for an unknown id and for a malformed id', async () => {
    const unknown = await rejection(client.getVenue({ id: randomUUID() }));
    expect(unknown.code).toBe(GrpcStatus.NOT_FOUND);
    expect(unknown.message).toBe('Venue not found');
    const malformed = await rejection(client.getVenue({ id: 'nope' }));
    expect(malformed.code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('does not return a soft-deleted venue', async () => {
    const venue = await create('Deleted Hall');
    await venueModel(harness.connection).updateOne({ _id: venue.id }, { $set: { deletedAt: new Date() } });
    await harness.primary.readModel.refresh(venue.id); // a write behind the service's back: re-read it by id (drops the cached copy too)
    const error = await rejection(client.getVenue({ id: venue.id }));
    expect(error.code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('reads one venue by _id alone (FerretDB v1 pushes only that down; any other filter scans the collection)', async () => {
    const venue = await create('Point Read Hall');
    harness.primary.venueCache.invalidate(venue.id); // the instance that created it keeps it cached: read it from the database
    const filters: unknown[] = [];
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
      if (collection === 'venues' && method === 'findOne') filters.push(filter);
    });
    try {
      expect((await client.getVenue({ id: venue.id })).venue?.name).toBe('Point Read Hall');
    } finally {
      mongoose.set('debug', false);
    }
    expect(filters).toEqual([{ _id: venue.id }]);
  });

  it('rejects invalid input with INVALID_ARGUMENT and field errors', async () => {
    const error = await rejection(client.createVenue({ venue: { name: '   ', leagues: ['OTE', 'NBA'], contactEmail: 'x' } }));
    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldErrors.map((fieldError) => fieldError.field).sort()).toEqual(['contactEmail', 'leagues.1', 'name']);
    expect(error.fieldErrors.find((fieldError) => fieldError.field === 'name')?.message).toBe('Venue name is required');

    const missing = await rejection(client.createVenue({}));
    expect(missing.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(missing.fieldErrors).toEqual([{ field: 'name', message: 'Venue name is required' }]);
  });

  it('refuses, without the gateway, a website that is not http(s) and a venue over the size limit', async () => {
    const scripted = await rejection(client.createVenue({ venue: { name: 'Scripted', website: 'javascript://x' } }));
    expect([scripted.code, scripted.fieldErrors]).toEqual([GrpcStatus.INVALID_ARGUMENT, [{ field: 'website', message: 'Invalid URL: javascript://x' }]]);
    const large = await rejection(client.createVenue({ venue: { name: 'Too large', generalNotes: '€'.repeat(90_000) } }));
    expect(large.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(large.fieldErrors).toEqual([{ field: '', message: expect.stringMatching(/^A venue can hold at most 256 KB of text and links/) }]);
  });

  it('publishes venuebook.venues.venue.created.v1 to the venues stream', async () => {
    const startedAt = new Date(Date.now() - 1000);
    const venue = await create('Event Center', { leagues: ['OTX'] });

    const found = (await eventsSince(harness.nc, SUBJECTS.venueCreated, startedAt)).filter(({ envelope }) => envelope.data.venueId === venue.id);
    expect(found).toHaveLength(1);
    expect(found[0]?.envelope.data).toEqual({ venueId: venue.id, name: 'Event Center', leagues: ['OTX'] });
    expect(found[0]?.msgId).toBe(found[0]?.envelope.id);
  });
});

describe('ListVenues', () => {
  it('searches name, address, country and display city case-insensitively', async () => {
    const token = `zq${randomUUID().slice(0, 6)}`;
    const byName = await create(`The ${token.toUpperCase()} Dome`);
    const byAddress = await create('Hall A', { address: `1 Main St\n${token} Springs, CO 80001` });
    const byCountry = await create('Hall B', { country: `Republic of ${token}` });
    const byCity = await create('Hall C', { displayCityAs: `${token}ville` });
    await create('Hall D', { generalNotes: token }); // notes are not searched

    const result = await client.listVenues({ query: token.toUpperCase(), pageSize: 50 });
    expect(result.venues.map((venue) => venue.id).sort()).toEqual([byName.id, byAddress.id, byCountry.id, byCity.id].sort());
    expect(result.total).toBe(4);
  });

  it('matches the search text literally (regex characters are escaped)', async () => {
    const token = randomUUID().slice(0, 6);
    const dotted = await create(`Crypto.com Arena ${token}`);
    await create(`CryptoXcom Arena ${token}`);
    const result = await client.listVenues({ query: `crypto.com arena ${token}` });
    expect(result.venues.map((venue) => venue.id)).toEqual([dotted.id]);
    const weird = await client.listVenues({ query: '(*[' });
    expect(weird.total).toBe(0);
  });

  it('filters by leagues (any of) and returns all for no league', async () => {
    const token = `lg${randomUUID().slice(0, 6)}`;
    const ote = await create(`${token} one`, { leagues: ['OTE'] });
    await create(`${token} two`, { leagues: ['OTX'] });
    const studio = await create(`${token} three`, { leagues: ['OT7', 'Studio'] });
    await create(`${token} four`);

    const filtered = await client.listVenues({ query: token, leagues: ['OTE', 'Studio'] });
    expect(filtered.venues.map((venue) => venue.id).sort()).toEqual([ote.id, studio.id].sort());
    expect(filtered.total).toBe(2);
    const all = await client.listVenues({ query: token });
    expect(all.total).toBe(4);
    const unknown = await rejection(client.listVenues({ leagues: ['NBA'] }));
    expect(unknown.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(unknown.fieldErrors[0]?.field).toBe('leagues');
  });

  it('sorts by newest, by activity (updated) and by name', async () => {
    const token = `st${randomUUID().slice(0, 6)}`;
    const first = await create(`b ${token}`);
    await pause(15);
    const second = await create(`C ${token}`);
    await pause(15);
    const third = await create(`a ${token}`);
    // Data-card activity on the oldest venue moves it to the top of 'Updated'.
    expect(await repository.recordActivity(first.id, new Date(Date.now() + 1000))).toBe(true);
    await harness.primary.readModel.refresh(first.id); // a write behind the service's back: re-read it by id

    const ids = async (sort: VenueSort) => (await client.listVenues({ query: token, sort })).venues.map((venue) => venue.id);
    expect(await ids(VenueSort.NEWEST)).toEqual([third.id, second.id, first.id]);
    expect(await ids(VenueSort.UNSPECIFIED)).toEqual([third.id, second.id, first.id]);
    expect(await ids(VenueSort.UPDATED)).toEqual([first.id, third.id, second.id]);
    expect(await ids(VenueSort.NAME)).toEqual([third.id, first.id, second.id]);
  });

  it('pages with a stable order and reports the total', async () => {
    const token = `pg${randomUUID().slice(0, 6)}`;
    const created: string[] = [];
    for (let index = 0; index < 5; index += 1) created.push((await create(`${token} ${index}`)).id);

    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await client.listVenues({ query: token, sort: VenueSort.NAME, page, pageSize: 2 }));
    expect(pages.map((page) => page.venues.length)).toEqual([2, 2, 1, 0]);
    expect(pages.every((page) => page.total === 5 && page.pageSize === 2)).toBe(true);
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4]);
    expect(pages.flatMap((page) => page.venues.map((venue) => venue.id))).toEqual(created);

    const defaults = await client.listVenues({ query: token });
    expect(defaults.page).toBe(1);
    expect(defaults.pageSize).toBe(50);

    const tooBig = await rejection(client.listVenues({ pageSize: 500 }));
    expect(tooBig.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(tooBig.fieldErrors.map((fieldError) => fieldError.field)).toEqual(['pageSize']);
  });

  it('leaves soft-deleted venues out of lists', async () => {
    const token = `dl${randomUUID().slice(0, 6)}`;
    const kept = await create(`${token} kept`);
    const gone = await create(`${token} gone`);
    await venueModel(harness.connection).updateOne({ _id: gone.id }, { $set: { deletedAt: new Date() } });
    await harness.primary.readModel.refresh(gone.id); // a write behind the service's back: re-read it by id
    const result = await client.listVenues({ query: token });
    expect(result.venues.map((venue) => venue.id)).toEqual([kept.id]);
    expect(result.total).toBe(1);
  });
});

describe('ListVenues from the read model', () => {
  it('lists a created venue at once (read after write) and searches by word prefixes, accents folded', async () => {
    const token = `rw${randomUUID().slice(0, 6)}`;
    const created = await create(`Zürich ${token} Hallenstadion`, { address: 'Wallisellenstrasse 45\n8050 Zürich' });
    for (const query of [token, `zurich ${token.slice(0, 4)}`, `ZÜR ${token} halle`, `${token} 805`]) {
      expect(
        (await client.listVenues({ query })).venues.map((venue) => venue.id),
        query,
      ).toEqual([created.id]);
    }
    expect((await client.listVenues({ query: `${token} stadion` })).total).toBe(0);
  });

  it('a second instance (a replica on the same database and NATS) lists a venue created through the first', async () => {
    const replica = await start(harness.config, { logger: createLogger('venues-replica', { level: 'warn' }) });
    const replicaClient = venuesClient(replica, EDITOR, harness.userContextKey);
    try {
      const token = `rp${randomUUID().slice(0, 6)}`;
      const created = await create(`${token} Replica Arena`, { leagues: ['Studio'] });
      await expect
        .poll(async () => (await replicaClient.listVenues({ query: token, leagues: ['Studio'] })).venues.map((venue) => venue.id), {
          timeout: 5000,
          interval: 50,
        })
        .toEqual([created.id]);
      expect(replica.readModel.rebuilds).toBe(0);
    } finally {
      replicaClient.close();
      await replica.stop();
    }
  });
});

describe('indexes', () => {
  it('declares no index beyond _id: every query is by _id, lists come from the read model', async () => {
    // A secondary index would only cost writes (FerretDB v1 uses none; the read model answers lists and counts).
    const keys = (await venueModel(harness.connection).collection.indexes()).map((index) => JSON.stringify(index.key));
    expect(keys).toEqual([JSON.stringify({ _id: 1 })]);
  });
});

describe('authorisation on the service itself (without the gateway)', () => {
  const address = () => `127.0.0.1:${harness.primary.port}`;

  it('refuses every call that carries no valid signed user context', async () => {
    const unsigned = createClient(VenuesService, address(), { deadlineMs: 5000 });
    const forged = createClient(VenuesService, address(), {
      deadlineMs: 5000,
      metadata: (method) => ({ ...signUserContext({ ...EDITOR, role: 'viewer' }, harness.userContextKey, method), 'x-vb-user-role': 'owner' }),
    });
    const otherKey = createClient(VenuesService, address(), { deadlineMs: 5000, metadata: userContextSigner(EDITOR, randomBytes(32).toString('hex')) });
    try {
      for (const candidate of [unsigned, forged, otherKey]) {
        expect((await rejection(candidate.createVenue({ venue: { name: 'Sneaky Hall' } }))).code).toBe(GrpcStatus.UNAUTHENTICATED);
        expect((await rejection(candidate.listVenues({}))).code).toBe(GrpcStatus.UNAUTHENTICATED);
        expect((await rejection(candidate.getVenue({ id: randomUUID() }))).code).toBe(GrpcStatus.UNAUTHENTICATED);
      }
      expect(await venueModel(harness.connection).countDocuments({ name: 'Sneaky Hall' })).toBe(0);
    } finally {
      for (const candidate of [unsigned, forged, otherKey]) candidate.close();
    }
  });

  it('checks the permission table: viewers and anonymous callers cannot create, every role can read', async () => {
    for (const role of ['owner', 'admin', 'editor', 'surveyor', 'viewer'] as const) {
      const asRole = createClient(VenuesService, address(), { deadlineMs: 5000, metadata: userContextSigner({ ...EDITOR, role }, harness.userContextKey) });
      try {
        const name = `Perm ${role} ${randomUUID().slice(0, 6)}`;
        const attempt = asRole.createVenue({ venue: { name } });
        if (role === 'viewer') expect((await rejection(attempt)).code).toBe(GrpcStatus.PERMISSION_DENIED);
        else expect((await attempt).venue?.createdBy).toBe(EDITOR.userId);
        expect((await asRole.listVenues({ query: 'Perm' })).total).toBeGreaterThan(0);
      } finally {
        asRole.close();
      }
    }
    const anonymous = createClient(VenuesService, address(), {
      deadlineMs: 5000,
      metadata: userContextSigner({ userId: '', email: '', role: '', requestId: 'r' }, harness.userContextKey),
    });
    try {
      expect((await rejection(anonymous.createVenue({ venue: { name: 'Anon Hall' } }))).code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect((await rejection(anonymous.listVenues({}))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    } finally {
      anonymous.close();
    }
  });
});

// Venues writes the audit log through the kit's recorder: every mutation publishes one audit event on the
// audit stream, which identity stores (services/identity/src/audit-log.int.test.ts covers the storing).
describe('venues audit log', () => {
  it('records a created venue once: who, action, table, record id and the new values', async () => {
    const since = new Date(Date.now() - 1000);
    const { venue } = await client.createVenue({ venue: { name: 'Audit Arena', leagues: ['OTE'], generalNotes: 'x'.repeat(5000) } });
    if (!venue) throw new Error('no venue');

    const found = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(({ envelope }) => envelope.data.recordId === venue.id);
    expect(found).toHaveLength(1);
    const [{ envelope, msgId }] = found as [(typeof found)[number]];
    expect(msgId).toBe(envelope.id);
    expect(envelope.actor).toEqual({ userId: EDITOR.userId, email: EDITOR.email });
    expect(envelope.data).toMatchObject({ service: 'venues', action: 'create', table: 'venues', recordId: venue.id, oldValues: null });
    expect(envelope.data.newValues).toMatchObject({ name: 'Audit Arena', leagues: ['OTE'], createdBy: EDITOR.userId });
    // Long values are cut, so that a page of entries stays small.
    expect(String(envelope.data.newValues?.generalNotes)).toMatch(/^x{1000}… \(5000 characters\)$/);
  });
});
