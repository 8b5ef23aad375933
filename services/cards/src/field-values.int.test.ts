// Card field values over gRPC on real servers, two replicas of the cards service on one database (and the venues
// service it asks about venues): save rules, the per-field compare-and-set across replicas, history, restore and
// 'last verified' with their audit entries and venue_data.updated events, the values moved and cleared by card changes.
import { randomUUID } from 'node:crypto';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { eventsSince, eventually, rejection } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { cardsUnderTest } from './testing/cards-harness.ts';

const harness = cardsUnderTest('field-values');
const editor = harness.user('editor');
const surveyor = harness.user('surveyor');
const primary = harness.clientOf('primary', editor);
const replica = harness.clientOf('replica', surveyor);
const viewer = harness.clientOf('primary', 'viewer');
/** The seeded 'Network' template (IT): internet_provider (text), bandwidth (text), dedicated_wifi (yesno), notes (textarea). */
const NETWORK = '7ed2da07-9fd0-4cd6-939a-deb28b760712';

const input = (values: Record<string, { value?: string; baseVersion: number }>) =>
  Object.entries(values).map(([fieldKey, field]) => ({
    fieldKey,
    baseVersion: field.baseVersion,
    ...(field.value === undefined ? {} : { value: field.value }),
  }));

/** A new venue with the Network template added to IT (values are written only to cards added to the venue). */
async function venueWithNetwork(): Promise<string> {
  const venueId = await harness.createVenue();
  await primary.addTemplatesToVenue({ venueId, department: 'IT', templateIds: [NETWORK] });
  return venueId;
}

describe('card field values', () => {
  it('saves per spec §5: text stored, empty non-textarea skipped, empty textarea saved; read back on the other replica', async () => {
    const venueId = await venueWithNetwork();
    const since = new Date();
    const saved = await primary.saveCardValues({
      venueId,
      cardId: NETWORK,
      values: input({
        internet_provider: { value: 'Fiber One', baseVersion: 0 },
        bandwidth: { value: '', baseVersion: 0 },
        notes: { value: '', baseVersion: 0 },
      }),
    });
    expect(saved.conflicts).toBe(0);
    expect(saved.results.map((result) => [result.fieldKey, result.status, result.value])).toEqual([
      ['internet_provider', 'saved', 'Fiber One'],
      ['bandwidth', 'skipped', undefined],
      ['notes', 'saved', ''],
    ]);
    expect(saved.results[0]!.current).toMatchObject({ value: 'Fiber One', version: 1, kind: 'value', savedBy: editor.userId, savedByEmail: editor.email });
    await eventually(async () => {
      const { values } = await replica.getCardValues({ venueId, cardId: NETWORK });
      expect(values.map((value) => [value.fieldKey, value.value, value.version]).sort()).toEqual([
        ['internet_provider', 'Fiber One', 1],
        ['notes', '', 1],
      ]);
    });
    const { values: all } = await replica.listVenueValues({ venueId });
    expect(all).toHaveLength(2);
    // Every stored version: one venue_data.updated (the venues service's 'Updated' sort) and one audit entry.
    const events = await eventsSince(harness.nc, SUBJECTS.venueDataUpdated, since);
    expect(events.filter((event) => event.envelope.data.venueId === venueId)).toHaveLength(2);
    const audits = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(
      (event) => event.envelope.data.table === 'venue_data' && event.envelope.data.recordId?.startsWith(venueId),
    );
    expect(audits.map((event) => [event.envelope.data.action, event.envelope.data.newValues?.value, event.envelope.actor?.userId])).toEqual(
      expect.arrayContaining([
        ['create', 'Fiber One', editor.userId],
        ['create', '', editor.userId],
      ]),
    );
  });

  it('refuses unknown keys (400 with field details), an unknown card (Card not found), an unknown venue, and viewers', async () => {
    const venueId = await venueWithNetwork();
    const unknownKey = await rejection(primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ ghost: { value: 'x', baseVersion: 0 } }) }));
    expect(unknownKey.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(unknownKey.fieldErrors).toEqual([{ field: 'values.ghost', message: 'This card has no such field' }]);
    const noCard = await rejection(primary.saveCardValues({ venueId, cardId: randomUUID(), values: input({ notes: { value: 'x', baseVersion: 0 } }) }));
    expect([noCard.code, noCard.message]).toEqual([GrpcStatus.NOT_FOUND, 'Card not found']);
    const noVenue = await rejection(
      primary.saveCardValues({ venueId: randomUUID(), cardId: NETWORK, values: input({ notes: { value: 'x', baseVersion: 0 } }) }),
    );
    expect([noVenue.code, noVenue.message]).toEqual([GrpcStatus.NOT_FOUND, 'Venue not found']);
    const tooLong = await rejection(
      primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ notes: { value: 'x'.repeat(10_001), baseVersion: 0 } }) }),
    );
    expect(tooLong.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    const refused = await rejection(viewer.saveCardValues({ venueId, cardId: NETWORK, values: input({ notes: { value: 'x', baseVersion: 0 } }) }));
    expect(refused.code).toBe(GrpcStatus.PERMISSION_DENIED);
    expect((await viewer.getCardValues({ venueId, cardId: NETWORK })).values).toEqual([]);
  });

  it('refuses a base version far above the newest known, and a restore of a version above it, without a database read (security review)', async () => {
    const venueId = await venueWithNetwork();
    await primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ internet_provider: { value: 'a', baseVersion: 0 } }) });
    const started = performance.now();
    const restore = await rejection(primary.restoreFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', version: 2_000_000_000 }));
    expect([restore.code, restore.message]).toEqual([GrpcStatus.NOT_FOUND, 'Version not found']);
    const far = await rejection(
      primary.saveCardValues({
        venueId,
        cardId: NETWORK,
        values: input({ internet_provider: { value: 'b', baseVersion: 1_999_999_999 }, bandwidth: { value: 'b', baseVersion: 7 } }),
      }),
    );
    expect(far.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(far.fieldErrors).toEqual([{ field: 'values.internet_provider.baseVersion', message: 'This version of the field does not exist' }]);
    expect(performance.now() - started).toBeLessThan(2_000);
    // Within the gap (another replica's save whose event has not come yet) the base is still looked up.
    const near = await rejection(primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ internet_provider: { value: 'b', baseVersion: 3 } }) }));
    expect(near.fieldErrors).toEqual([{ field: 'values.internet_provider.baseVersion', message: 'This version of the field does not exist' }]);
  });

  it("answers 'Venue not found' for the values and history of a deleted venue, even to a viewer (security review)", async () => {
    const venueId = await venueWithNetwork();
    await primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ internet_provider: { value: 'secret-ish', baseVersion: 0 } }) });
    await harness.deleteVenue(venueId);
    for (const read of [
      viewer.listVenueValues({ venueId }),
      viewer.getCardValues({ venueId, cardId: NETWORK }),
      viewer.getFieldHistory({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', page: 1, pageSize: 10 }),
    ]) {
      expect(await rejection(read)).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
    }
  });

  it('answers a save based on an old version with a conflict naming the current value; Overwrite (the current version as base) saves', async () => {
    const venueId = await venueWithNetwork();
    await primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ bandwidth: { value: '1 Gbps', baseVersion: 0 } }) });
    const theirs = await replica.saveCardValues({ venueId, cardId: NETWORK, values: input({ bandwidth: { value: '10 Gbps', baseVersion: 1 } }) });
    expect(theirs.results[0]).toMatchObject({ status: 'saved', current: { version: 2 } });
    // The editor still has version 1 open: a conflict with the surveyor's value, their own kept in the answer.
    const mine = await primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ bandwidth: { value: '2 Gbps', baseVersion: 1 } }) });
    expect(mine.conflicts).toBe(1);
    expect(mine.results[0]).toMatchObject({
      fieldKey: 'bandwidth',
      label: 'Bandwidth',
      status: 'conflict',
      value: '2 Gbps',
      current: { value: '10 Gbps', version: 2, savedByEmail: surveyor.email },
    });
    // Saving the value that is already current is no conflict and no new version.
    expect(
      (await primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ bandwidth: { value: '10 Gbps', baseVersion: 1 } }) })).results[0],
    ).toMatchObject({ status: 'unchanged', current: { version: 2 } });
    const overwrite = await primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ bandwidth: { value: '2 Gbps', baseVersion: 2 } }) });
    expect(overwrite.results[0]).toMatchObject({ status: 'saved', current: { value: '2 Gbps', version: 3 } });
    // A base version that does not exist is refused.
    const bogus = await rejection(primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ bandwidth: { value: 'x', baseVersion: 9 } }) }));
    expect(bogus.fieldErrors).toEqual([{ field: 'values.bandwidth.baseVersion', message: 'This version of the field does not exist' }]);
  });

  it('keeps every value of 20 concurrent saves of different fields through two replicas, and lets one of 10 saves of one field win', async () => {
    const venueId = await harness.createVenue();
    const fields = Array.from({ length: 20 }, (_, i) => ({ key: `field_${i}`, label: `Field ${i}`, type: 'text', options: [], required: false }));
    const { card } = await primary.createVenueCard({
      venueId,
      department: 'IT',
      card: { title: 'Twenty Fields', departments: ['IT'], primaryDepartment: 'IT', fields },
    });
    const cardId = card!.id;
    await eventually(async () => expect((await replica.getCardValues({ venueId, cardId })).values).toEqual([]));
    const results = await Promise.all(
      fields.map((field, i) =>
        (i % 2 ? replica : primary).saveCardValues({ venueId, cardId, values: input({ [field.key]: { value: `value ${i}`, baseVersion: 0 } }) }),
      ),
    );
    expect(results.every((result) => result.results[0]!.status === 'saved')).toBe(true);
    await eventually(async () => {
      for (const client of [primary, replica]) {
        const { values } = await client.getCardValues({ venueId, cardId });
        expect(values.map((value) => value.value).sort()).toEqual(fields.map((_, i) => `value ${i}`).sort());
      }
    });

    const same = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? replica : primary).saveCardValues({ venueId, cardId, values: input({ field_0: { value: `writer ${i}`, baseVersion: 1 } }) }),
      ),
    );
    const winners = same.filter((result) => result.results[0]!.status === 'saved');
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.results[0]!.value;
    for (const result of same.filter((candidate) => candidate.results[0]!.status === 'conflict')) expect(result.results[0]!.current?.value).toBe(winner);
    expect(same.filter((result) => result.results[0]!.status === 'conflict')).toHaveLength(9);
  });

  it("keeps the history newest first, restores an earlier value and marks it verified ('last verified'), each audited", async () => {
    const venueId = await venueWithNetwork();
    const since = new Date();
    for (const [base, value] of [
      [0, 'Comcast'],
      [1, 'Verizon'],
      [2, 'AT&T'],
    ] as const) {
      await primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ internet_provider: { value, baseVersion: base } }) });
    }
    await eventually(async () =>
      expect((await replica.getFieldHistory({ venueId, cardId: NETWORK, fieldKey: 'internet_provider' })).items.map((item) => item.value)).toEqual([
        'AT&T',
        'Verizon',
        'Comcast',
      ]),
    );

    const restored = await primary.restoreFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', version: 1, baseVersion: 3 });
    expect(restored.result).toMatchObject({ status: 'saved', current: { value: 'Comcast', version: 4, kind: 'restored' } });
    // Restoring from a stale view is a conflict.
    expect((await primary.restoreFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', version: 2, baseVersion: 3 })).result).toMatchObject({
      status: 'conflict',
      current: { value: 'Comcast', version: 4 },
    });
    expect((await rejection(primary.restoreFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', version: 99 }))).message).toBe(
      'Version not found',
    );

    const verified = await replica.verifyFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', source: 'site visit', baseVersion: 4 });
    expect(verified.result).toMatchObject({
      status: 'saved',
      current: { value: 'Comcast', version: 5, kind: 'verified', verifiedSource: 'site visit', verifiedBy: surveyor.email, savedByEmail: editor.email },
    });
    expect((await rejection(primary.verifyFieldValue({ venueId, cardId: NETWORK, fieldKey: 'bandwidth' }))).fieldErrors).toEqual([
      { field: 'fieldKey', message: 'This field has no value to verify' },
    ]);
    expect((await rejection(viewer.restoreFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', version: 1 }))).code).toBe(
      GrpcStatus.PERMISSION_DENIED,
    );

    const page = await primary.getFieldHistory({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', page: 1, pageSize: 2 });
    expect([page.total, page.items.map((item) => [item.version, item.kind, item.restoredFrom])]).toEqual([
      5,
      [
        [5, 'verified', 0],
        [4, 'restored', 1],
      ],
    ]);
    const audits = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(
      (event) => event.envelope.data.table === 'venue_data' && event.envelope.data.recordId?.startsWith(venueId),
    );
    expect(audits.map((event) => event.envelope.data.action)).toEqual(['create', 'update', 'update', 'restore', 'verify']);
    expect(audits[3]!.envelope.data).toMatchObject({
      oldValues: { value: 'AT&T', version: 3 },
      newValues: { value: 'Comcast', version: 4, kind: 'restored', restoredFrom: 1 },
    });
  });

  it("moves a template's values to its customised venue copy and clears a removed card's values (history kept)", async () => {
    const venueId = await harness.createVenue();
    await primary.addTemplatesToVenue({ venueId, department: 'IT', templateIds: [NETWORK] });
    await primary.saveCardValues({
      venueId,
      cardId: NETWORK,
      values: input({ internet_provider: { value: 'Fiber One', baseVersion: 0 }, bandwidth: { value: '1 Gbps', baseVersion: 0 } }),
    });
    const { card } = await primary.customizeTemplate({
      venueId,
      department: 'IT',
      templateId: NETWORK,
      card: {
        title: 'Network (ours)',
        departments: ['IT'],
        primaryDepartment: 'IT',
        fields: [
          { key: 'internet_provider', label: 'Internet provider', type: 'text', options: [], required: false },
          { key: 'bandwidth', label: 'Bandwidth', type: 'text', options: [], required: false },
        ],
      },
    });
    const copy = card!.id;
    expect((await primary.getCardValues({ venueId, cardId: copy })).values.map((value) => [value.fieldKey, value.value]).sort()).toEqual([
      ['bandwidth', '1 Gbps'],
      ['internet_provider', 'Fiber One'],
    ]);
    expect((await primary.getCardValues({ venueId, cardId: NETWORK })).values.map((value) => [value.kind, value.value])).toEqual([
      ['cleared', ''],
      ['cleared', ''],
    ]);
    expect((await primary.getFieldHistory({ venueId, cardId: NETWORK, fieldKey: 'bandwidth' })).items.map((item) => item.kind)).toEqual(['cleared', 'value']);
    // Customised away: the template's values are no longer written (its history is still read).
    expect(await rejection(primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ bandwidth: { value: 'x', baseVersion: 2 } }) }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Card not found',
    });
  });

  it('writes values of a template only while it is added to the venue (never added, or removed: Card not found), added on the other replica a moment ago included (security review)', async () => {
    const venueId = await harness.createVenue();
    const refused = (department?: string) =>
      rejection(
        primary.saveCardValues({
          venueId,
          cardId: NETWORK,
          ...(department ? { department } : {}),
          values: input({ internet_provider: { value: 'planted', baseVersion: 0 } }),
        }),
      );
    expect(await refused()).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    expect(await rejection(primary.verifyFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider' }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Card not found',
    });
    expect(await rejection(primary.restoreFieldValue({ venueId, cardId: NETWORK, fieldKey: 'internet_provider', version: 1 }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Card not found',
    });
    // Added to Security (on the replica): writable, but not as edited in another department it is not in.
    await harness.clientOf('replica', editor).addTemplatesToVenue({ venueId, department: 'Security', templateIds: [NETWORK] });
    expect(
      (
        await primary.saveCardValues({
          venueId,
          cardId: NETWORK,
          department: 'Security',
          values: input({ internet_provider: { value: 'Fiber', baseVersion: 0 } }),
        })
      ).results[0],
    ).toMatchObject({ status: 'saved' });
    expect(await refused('Events')).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    await primary.removeTemplateFromVenue({ venueId, department: 'Security', templateId: NETWORK });
    expect(
      await rejection(primary.saveCardValues({ venueId, cardId: NETWORK, values: input({ internet_provider: { value: 'again', baseVersion: 2 } }) })),
    ).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    expect((await viewer.getFieldHistory({ venueId, cardId: NETWORK, fieldKey: 'internet_provider' })).items.length).toBeGreaterThan(0);
  });
});
