// Writes that race a purge or a soft delete: a contact or an event added
// through a replica whose read model has not seen the venue's delete and purge yet must be refused (it would be
// listed nowhere and never purged: the check reads the venue from the database under its lock), and the main
// contact of a soft-deleted venue cannot be deleted (its restore would bring back a venue without one).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Venue } from '@venuebook/contracts/venues/v1';
import { contactModel } from './repositories/contact.model.ts';
import { venueEventModel } from './repositories/venue-event.model.ts';
import { venuesUnderTest } from './testing/venues-harness.ts';

const harness = venuesUnderTest('purge-races');
const editor = harness.clientOf('primary', 'editor');
const admin = harness.clientOf('primary', 'admin');
const replicaEditor = harness.clientOf('replica', 'editor');

async function createVenue(name: string): Promise<Venue> {
  const { venue } = await editor.createVenue({ venue: { name } });
  if (!venue) throw new Error('no venue');
  return venue;
}

/** A venue known to the replica's read model, then deleted and purged on the primary while the replica lags. */
async function purgedWhileReplicaLags(): Promise<Venue> {
  const venue = await createVenue(`Orphan ${randomUUID().slice(0, 6)}`);
  await expect.poll(() => harness.replica.readModel.get(venue.id), { timeout: 5000, interval: 50 }).toBeDefined();
  await harness.replica.readModel.stop(); // the replica has not seen the delete yet (event lag, a slow consumer, a restart)
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
      const orphans = await contactModel(harness.connection).find({ venueId: venue.id }).lean().exec();
      expect({ outcome, orphans: orphans.length }).toEqual({ outcome: 'refused', orphans: 0 });
    } finally {
      await harness.replica.readModel.resume();
    }
  });

  it('createEvent on a replica whose read model still lists a purged venue is refused (no orphan event)', async () => {
    const venue = await purgedWhileReplicaLags();
    try {
      const outcome = await replicaEditor.createEvent({ venueId: venue.id, event: { name: 'Orphan Show' } }).then(
        () => 'created',
        () => 'refused',
      );
      const orphans = await venueEventModel(harness.connection).find({ venueId: venue.id }).lean().exec();
      expect({ outcome, orphans: orphans.length }).toEqual({ outcome: 'refused', orphans: 0 });
    } finally {
      await harness.replica.readModel.resume();
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
