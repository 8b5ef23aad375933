// Writes that race a purge or a soft delete (found by the issue-11 security review): a contact or an event added
// through a replica whose read model has not seen the venue's delete and purge yet must be refused (it would be
// listed nowhere and never purged: the check reads the venue from the database under its lock), and the main
// contact of a soft-deleted venue cannot be deleted (its restore would bring back a venue without one).
import { randomBytes, randomUUID } from 'node:crypto';
import { testInfra } from '@venuebook/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@venuebook/proto/grpc';
import type { Venue, VenuesService } from '@venuebook/proto/venues/v1';
import { connectMongo, connectNats, createLogger } from '@venuebook/service-kit';
import type { NatsConnection } from '@venuebook/service-kit';
import { start } from './main.ts';
import type { VenuesServiceHandle } from './main.ts';
import { contactModel } from './repositories/contact.model.ts';
import { venueEventModel } from './repositories/venue-event.model.ts';
import { venuesClient, venuesTestConfig } from './testing/venues-under-test.ts';

const infra = testInfra();
const userContextKey = randomBytes(32).toString('base64url');
const dbName = `venuebook_test_purge_races_${randomUUID().slice(0, 8)}`;
const caller = (role: string) => ({ userId: randomUUID(), email: `${role}@example.com`, role, requestId: `purge-races-${role}` });

let primary: VenuesServiceHandle;
let replica: VenuesServiceHandle;
let nc: NatsConnection;
const clients: Client<typeof VenuesService>[] = [];
const clientOf = (service: VenuesServiceHandle, role: string) => {
  const client = venuesClient(service, caller(role), userContextKey);
  clients.push(client);
  return client;
};
let editor: Client<typeof VenuesService>;
let admin: Client<typeof VenuesService>;
let replicaEditor: Client<typeof VenuesService>;

beforeAll(async () => {
  const config = venuesTestConfig(infra, { db: dbName, userContextKey });
  primary = await start(config, { logger: createLogger('purge-races-primary', { level: 'warn' }) });
  replica = await start(config, { logger: createLogger('purge-races-replica', { level: 'warn' }) });
  editor = clientOf(primary, 'editor');
  admin = clientOf(primary, 'admin');
  replicaEditor = clientOf(replica, 'editor');
  nc = await connectNats(infra.natsUrl);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await replica?.stop();
  await primary?.stop();
  await nc?.drain();
  const connection = await connectMongo(infra.mongoUri, dbName);
  await connection.dropDatabase();
  await connection.close();
});

async function createVenue(name: string): Promise<Venue> {
  const { venue } = await editor.createVenue({ venue: { name } });
  if (!venue) throw new Error('no venue');
  return venue;
}

/** A venue known to the replica's read model, then deleted and purged on the primary while the replica lags. */
async function purgedWhileReplicaLags(): Promise<Venue> {
  const venue = await createVenue(`Orphan ${randomUUID().slice(0, 6)}`);
  await expect.poll(() => replica.readModel.get(venue.id), { timeout: 5000, interval: 50 }).toBeDefined();
  await replica.readModel.stop(); // the replica has not seen the delete yet (event lag, a slow consumer, a restart)
  await admin.deleteVenue({ id: venue.id });
  await admin.purgeVenue({ id: venue.id });
  return venue;
}

describe('writes racing a purge on a lagging replica', () => {
  it('addContact on a replica whose read model still lists a purged venue is refused (no orphan contact)', async () => {
    const venue = await purgedWhileReplicaLags();
    try {
      const outcome = await replicaEditor.addContact({ venueId: venue.id, contact: { name: 'Orphan Olive' } }).then(
        () => 'created',
        () => 'refused',
      );
      const connection = await connectMongo(infra.mongoUri, dbName);
      const orphans = await contactModel(connection).find({ venueId: venue.id }).lean().exec();
      await connection.close();
      expect({ outcome, orphans: orphans.length }).toEqual({ outcome: 'refused', orphans: 0 });
    } finally {
      await replica.readModel.resume();
    }
  });

  it('createEvent on a replica whose read model still lists a purged venue is refused (no orphan event)', async () => {
    const venue = await purgedWhileReplicaLags();
    try {
      const outcome = await replicaEditor.createEvent({ venueId: venue.id, event: { name: 'Orphan Show' } }).then(
        () => 'created',
        () => 'refused',
      );
      const connection = await connectMongo(infra.mongoUri, dbName);
      const orphans = await venueEventModel(connection).find({ venueId: venue.id }).lean().exec();
      await connection.close();
      expect({ outcome, orphans: orphans.length }).toEqual({ outcome: 'refused', orphans: 0 });
    } finally {
      await replica.readModel.resume();
    }
  });
});

describe("a soft-deleted venue's main contact", () => {
  it('cannot be deleted either (its restore would bring back a venue without a main contact)', async () => {
    const { venue } = await editor.createVenue({ venue: { name: `Main Kept ${randomUUID().slice(0, 6)}`, contactName: 'Mara Main' } });
    const [main] = (await editor.listVenueContacts({ venueId: venue!.id })).contacts;
    expect(main?.isCurrentMainContact).toBe(true);
    await admin.deleteVenue({ id: venue!.id });
    const outcome = await editor.deleteContact({ id: main!.id }).then(
      () => 'deleted',
      () => 'refused',
    );
    expect(outcome).toBe('refused');
    await admin.restoreVenue({ id: venue!.id });
    const contacts = (await editor.listVenueContacts({ venueId: venue!.id })).contacts;
    expect(contacts.filter((contact) => contact.isCurrentMainContact).map((contact) => contact.name)).toEqual(['Mara Main']);
  });
});
