// What the cards service does when a venue is deleted or purged, on real servers (two cards replicas on one database,
// the venues service as its own process): with the venue check cached (VENUE_CHECK_CACHE_MS a minute), a deleted
// venue stops answering on both replicas as soon as venue.deleted arrives; a purged venue's cards, orders, value
// versions and field notes leave the database and both replicas' memory, and other venues keep theirs; a permanently
// deleted template's values and notes leave every venue.
import { GrpcStatus } from '@venuebook/grpc';
import { eventually, rejection } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { cardsUnderTest } from './testing/cards-harness.ts';

const harness = cardsUnderTest('venue-lifecycle', { env: { VENUE_CHECK_CACHE_MS: '60000' } });
const editor = harness.clientOf('primary', 'editor');
const replicaViewer = harness.clientOf('replica', 'viewer');
const primaryViewer = harness.clientOf('primary', 'viewer');
const admin = harness.clientOf('replica', 'admin');
/** The seeded 'Network' template (IT): internet_provider, bandwidth, dedicated_wifi, notes. */
const NETWORK = '7ed2da07-9fd0-4cd6-939a-deb28b760712';
const COLLECTIONS = ['data_cards', 'card_orders', 'venue_data', 'venue_field_notes'] as const;

/** A venue with the Network template and a custom card in IT, a saved value, notes and a saved card order. */
async function venueWithData(): Promise<{ venueId: string; customId: string }> {
  const venueId = await harness.createVenue();
  await editor.addTemplatesToVenue({ venueId, department: 'IT', templateIds: [NETWORK] });
  const custom = (await editor.createVenueCard({ venueId, department: 'IT', card: { title: 'Comms Room' } })).card!;
  await editor.saveVenueCardOrder({ venueId, department: 'IT', cardIds: [custom.id, NETWORK] });
  await editor.saveCardValues({ venueId, cardId: NETWORK, values: [{ fieldKey: 'internet_provider', value: 'Fiber One', baseVersion: 0 }] });
  await editor.saveFieldNotes({ venueId, cardId: NETWORK, fieldKey: 'notes', department: 'IT', baseText: '', text: 'Dock on the left\nPower 63A' });
  return { venueId, customId: custom.id };
}

/** How many documents of the venue each collection holds (read behind the service's back). */
async function documentsOf(venueId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of COLLECTIONS) counts[name] = (await harness.connection.collection(name).find({ venueId }).toArray()).length;
  return counts;
}

describe('venue deleted or purged', () => {
  it('forgets a deleted venue at once on both replicas although its active answer is cached for a minute', async () => {
    const { venueId } = await venueWithData();
    // Both replicas have checked (and cached) the venue as active.
    expect((await primaryViewer.listVenueValues({ venueId })).values).toHaveLength(1);
    await eventually(async () => expect((await replicaViewer.listVenueValues({ venueId })).values).toHaveLength(1));
    const deletedAt = Date.now();
    await harness.deleteVenue(venueId);
    await eventually(async () => {
      expect(await rejection(primaryViewer.listVenueValues({ venueId }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
      expect(await rejection(replicaViewer.getCardValues({ venueId, cardId: NETWORK }))).toMatchObject({
        code: GrpcStatus.NOT_FOUND,
        message: 'Venue not found',
      });
    });
    expect(Date.now() - deletedAt).toBeLessThan(10_000);
    // A save is refused as well (the cached answer is gone, not only the reads').
    expect(
      await rejection(editor.saveCardValues({ venueId, cardId: NETWORK, values: [{ fieldKey: 'bandwidth', value: '1 Gbps', baseVersion: 0 }] })),
    ).toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });

  it("refuses changing a deleted venue's cards (update, delete, remove from a department), as its values and notes", async () => {
    // An editor who kept a card id of a venue since deleted (hidden from them) could rewrite or delete its cards.
    const { venueId, customId } = await venueWithData();
    await harness.deleteVenue(venueId);
    const venueGone = { code: GrpcStatus.NOT_FOUND, message: 'Venue not found' };
    await eventually(async () => expect(await rejection(editor.updateVenueCard({ id: customId, card: { title: 'Tampered' } }))).toMatchObject(venueGone));
    expect(await rejection(editor.deleteVenueCard({ id: customId }))).toMatchObject(venueGone);
    expect(await rejection(editor.removeCardFromDepartment({ id: customId, department: 'IT' }))).toMatchObject(venueGone);
    const stored = await harness.connection.collection('data_cards').findOne({ _id: customId as never });
    expect(stored).toMatchObject({ title: 'Comms Room', deletedAt: null });
  });

  it("removes a purged venue's cards, orders, values and notes from the database and both replicas' memory; other venues keep theirs", async () => {
    const gone = await venueWithData();
    const kept = await venueWithData();
    const before = await documentsOf(gone.venueId);
    expect(before).toEqual({ data_cards: 1, card_orders: 2, venue_data: 1, venue_field_notes: 2 });
    await eventually(() => expect(harness.replica.fieldValues.readModel.groupSize(gone.venueId)).toBe(1));

    await harness.deleteVenue(gone.venueId);
    await harness.purgeVenue(gone.venueId);

    await eventually(
      async () => expect(await documentsOf(gone.venueId)).toEqual({ data_cards: 0, card_orders: 0, venue_data: 0, venue_field_notes: 0 }),
      30_000,
    );
    for (const instance of [harness.primary, harness.replica]) {
      await eventually(() => {
        expect(instance.readModel.groupSize(gone.venueId)).toBe(0);
        expect(instance.fieldValues.readModel.groupSize(gone.venueId)).toBe(0);
        expect(instance.fieldNotes.readModel.groupSize(gone.venueId)).toBe(0);
        expect(instance.orderReadModel.latest(gone.venueId, 'IT')).toBeUndefined();
        expect(instance.readModel.get(gone.customId)).toBeUndefined();
      });
      expect(instance.fieldValues.readModel.groupSize(kept.venueId)).toBe(1);
      expect(instance.orderReadModel.latest(kept.venueId, 'IT')?.cardIds).toEqual([kept.customId, NETWORK]);
    }
    expect(await documentsOf(kept.venueId)).toEqual(before);
    expect((await replicaViewer.listVenueCards({ venueId: kept.venueId, department: 'IT' })).cards.map((card) => card.title)).toEqual([
      'Comms Room',
      'Network',
    ]);
  });

  it("deletes a purged template's values and notes at every venue, from the database and both replicas' memory", async () => {
    const template = (await admin.createTemplate({ card: { title: 'Rigging Points', departments: ['IT'], fields: [{ label: 'Max Load', type: 'text' }] } }))
      .card!;
    const venues = [await harness.createVenue(), await harness.createVenue()];
    for (const venueId of venues) {
      await editor.addTemplatesToVenue({ venueId, department: 'IT', templateIds: [template.id, NETWORK] });
      await editor.saveCardValues({ venueId, cardId: template.id, values: [{ fieldKey: 'max_load', value: '2 t', baseVersion: 0 }] });
      await editor.saveCardValues({ venueId, cardId: NETWORK, values: [{ fieldKey: 'bandwidth', value: '1 Gbps', baseVersion: 0 }] });
      await editor.saveFieldNotes({ venueId, cardId: template.id, fieldKey: 'notes', department: 'IT', baseText: '', text: 'Beam over the stage' });
    }
    const ofTemplate = async () => {
      let count = 0;
      for (const name of ['venue_data', 'venue_field_notes'])
        count += (await harness.connection.collection(name).find({ cardId: template.id }).toArray()).length;
      return count;
    };
    expect(await ofTemplate()).toBe(4);
    await eventually(() => expect(harness.primary.fieldValues.currentValues(venues[1]!)).toHaveLength(2));

    await admin.deleteTemplate({ id: template.id });
    await admin.purgeCard({ id: template.id });

    expect(await ofTemplate()).toBe(0);
    for (const instance of [harness.primary, harness.replica]) {
      await eventually(() => {
        for (const venueId of venues) {
          expect(instance.fieldValues.currentValues(venueId).map((value) => value.cardId)).toEqual([NETWORK]);
          expect(instance.fieldNotes.readModel.groupSize(venueId)).toBe(0);
        }
      });
    }
    expect((await primaryViewer.listVenueValues({ venueId: venues[0]! })).values.map((value) => value.fieldKey)).toEqual(['bandwidth']);
  });
});
