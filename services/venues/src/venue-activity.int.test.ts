// The 'Updated' sort follows the venue's card data (spec §5): the cards service's venue_data.updated events, published
// here with the NATS client as the cards service will, raise the venue's activityAt through a durable consumer (on
// real servers), move it in the home list (also on a replica), and an older or repeated event changes nothing.
import { randomUUID } from 'node:crypto';
import { eventsSince } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { createEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import type { Client } from '@venuebook/grpc';
import { VenueSort } from '@venuebook/contracts/venues/v1';
import type { Venue, VenuesService } from '@venuebook/contracts/venues/v1';
import { publishEvent } from '@venuebook/service-kit';
import { MAX_CLOCK_SKEW_MS } from './consumers/venue-data-consumer.ts';
import { venueModel } from './repositories/venue.model.ts';
import { venuesUnderTest } from './testing/venues-harness.ts';

// A consumer name of this test's own: the durable consumer's position is per name on the shared NATS.
const harness = venuesUnderTest('activity', { config: { VENUE_DATA_CONSUMER_NAME: `venues-venue-data-${randomUUID().slice(0, 8)}` } });
const EDITOR = { userId: randomUUID(), email: 'editor@example.com', role: 'editor', requestId: 'activity-editor' };

const editor = harness.clientOf('primary', EDITOR);
const replicaEditor = harness.clientOf('replica', EDITOR);

async function createVenue(name: string): Promise<Venue> {
  const { venue } = await editor.createVenue({ venue: { name } });
  if (!venue) throw new Error('no venue');
  return venue;
}

/** What the cards service publishes when a venue's card data is written. */
async function venueDataUpdated(venueId: string, updatedAt: Date, id?: string): Promise<void> {
  const envelope = createEnvelope(SUBJECTS.venueDataUpdated, { venueId, updatedAt: updatedAt.toISOString() }, id ? { id } : {});
  await publishEvent(harness.nc.jetstream(), SUBJECTS.venueDataUpdated, envelope);
}

const updatedOrder = async (client: Client<typeof VenuesService>, token: string) =>
  (await client.listVenues({ query: token, sort: VenueSort.UPDATED, pageSize: 50 })).venues.map((venue) => venue.id);

describe("venue_data.updated → the venue's activityAt", () => {
  it("moves the venue up the 'updated' sort on every replica, once; an older time, a repeat or an unknown venue changes nothing", async () => {
    const since = new Date();
    const token = `act${randomUUID().slice(0, 6)}`;
    const first = await createVenue(`${token} First`);
    const second = await createVenue(`${token} Second`);
    expect(await updatedOrder(editor, token)).toEqual([second.id, first.id]);

    const later = new Date(Date.now() + 60_000);
    await venueDataUpdated(first.id, later);
    await expect.poll(() => updatedOrder(editor, token), { timeout: 10_000, interval: 50 }).toEqual([first.id, second.id]);
    await expect.poll(() => updatedOrder(replicaEditor, token), { timeout: 10_000, interval: 50 }).toEqual([first.id, second.id]);
    expect((await editor.getVenue({ id: first.id })).venue?.activityAt).toBe(later.toISOString());
    await expect.poll(async () => (await replicaEditor.getVenue({ id: first.id })).venue?.activityAt, { timeout: 5000 }).toBe(later.toISOString());
    // updatedAt is the venue's own update; only activityAt moved.
    expect((await editor.getVenue({ id: first.id })).venue?.updatedAt).toBe(first.updatedAt);

    // An older update of the second venue than its own creation, a repeat of the first event and an unknown venue: nothing moves.
    const marker = await createVenue(`${token} Marker`);
    await venueDataUpdated(second.id, new Date(Date.parse(second.activityAt) - 60_000));
    await venueDataUpdated(first.id, later);
    await venueDataUpdated(randomUUID(), new Date());
    await venueDataUpdated(first.id, new Date(later.getTime() - 1000));
    // The consumer takes events in order: once a later event for the marker has moved it, the ones before were handled.
    const markerTime = new Date(Date.now() + 30_000);
    await venueDataUpdated(marker.id, markerTime);
    await expect
      .poll(async () => (await editor.getVenue({ id: marker.id })).venue?.activityAt, { timeout: 10_000, interval: 50 })
      .toBe(markerTime.toISOString());
    expect(await updatedOrder(editor, token)).toEqual([first.id, marker.id, second.id]);
    expect((await editor.getVenue({ id: second.id })).venue?.activityAt).toBe(second.activityAt);
    expect((await editor.getVenue({ id: first.id })).venue?.activityAt).toBe(later.toISOString());

    // One venue.activity_changed per raise (the first venue once, the marker once).
    const changed = (await eventsSince(harness.nc, SUBJECTS.venueActivityChanged, since)).map(({ envelope }) => envelope.data);
    expect(changed).toEqual([
      { venueId: first.id, activityAt: later.toISOString() },
      { venueId: marker.id, activityAt: markerTime.toISOString() },
    ]);
    const stored = await venueModel(harness.connection).findById(first.id).lean().exec();
    expect(stored?.activityAt.toISOString()).toBe(later.toISOString());
  });

  it('takes a time far in the future as now plus the allowed clock skew (a forged event cannot pin a venue to the top)', async () => {
    const venue = await createVenue(`far${randomUUID().slice(0, 6)} Future`);
    const before = Date.now();
    await venueDataUpdated(venue.id, new Date('9999-12-31T00:00:00.000Z'));
    await expect.poll(async () => (await editor.getVenue({ id: venue.id })).venue?.activityAt, { timeout: 10_000, interval: 50 }).not.toBe(venue.activityAt);
    const activityAt = Date.parse((await editor.getVenue({ id: venue.id })).venue!.activityAt);
    expect(activityAt).toBeGreaterThanOrEqual(before + MAX_CLOCK_SKEW_MS);
    expect(activityAt).toBeLessThanOrEqual(Date.now() + MAX_CLOCK_SKEW_MS);
  });

  it("keeps the time of a deleted venue's card data for its restore", async () => {
    const token = `del${randomUUID().slice(0, 6)}`;
    const venue = await createVenue(`${token} Gone`);
    const other = await createVenue(`${token} Stays`);
    const admin = harness.client(harness.primary, { ...EDITOR, role: 'admin' });
    await editor.deleteVenue({ id: venue.id });
    const later = new Date(Date.now() + 120_000);
    await venueDataUpdated(venue.id, later);
    await expect
      .poll(async () => (await venueModel(harness.connection).findById(venue.id).lean().exec())?.activityAt.toISOString(), { timeout: 10_000, interval: 50 })
      .toBe(later.toISOString());
    expect(await updatedOrder(editor, token)).toEqual([other.id]);
    await admin.restoreVenue({ id: venue.id });
    expect(await updatedOrder(editor, token)).toEqual([venue.id, other.id]);
    admin.close();
  });
});
