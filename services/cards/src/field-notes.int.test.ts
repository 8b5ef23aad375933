// Field notes over gRPC on real servers: two replicas of the cards service on one database (FerretDB/MongoDB, NATS).
// Saves are insert-only (a line per document, a soft delete an inserted tombstone); concurrent saves of one field by
// two users on the two replicas both keep their new lines, the later one answering the merge; Clean Field Notes
// removes soft-deleted lines only; audit entries and venue_data.updated per save.
import { randomUUID } from 'node:crypto';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { eventsSince, eventually, rejection } from '@venuebook/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { cardsUnderTest } from './testing/cards-harness.ts';

const harness = cardsUnderTest('field-notes');
const editor = harness.user('editor');
const surveyor = harness.user('surveyor');
const primary = harness.clientOf('primary', editor);
const replica = harness.clientOf('replica', surveyor);
const viewer = harness.clientOf('primary', 'viewer');
const admin = harness.clientOf('replica', 'admin');
/** The seeded 'Network' template (IT): notes (textarea). */
const NETWORK = '7ed2da07-9fd0-4cd6-939a-deb28b760712';
const field = (venueId: string) => ({ venueId, cardId: NETWORK, fieldKey: 'notes', department: 'IT' });

/** A new venue with the Network template added to IT (notes are saved only to templates added to the venue). */
async function venueWithNetwork(): Promise<string> {
  const venueId = await harness.createVenue();
  await primary.addTemplatesToVenue({ venueId, department: 'IT', templateIds: [NETWORK] });
  return venueId;
}

describe('field notes', () => {
  it('appends, edits the last line, replaces; removed lines are soft-deleted; audit and venue_data.updated per save', async () => {
    const venueId = await venueWithNetwork();
    const since = new Date();
    const first = await primary.saveFieldNotes({ ...field(venueId), baseText: '', text: 'Dock on the left\nPower 63A' });
    expect(first).toMatchObject({ kind: 'append', added: 2, removed: 0, text: 'Dock on the left\nPower 63A', message: '' });
    const edit = await primary.saveFieldNotes({ ...field(venueId), baseText: first.text, text: 'Dock on the left\nPower 125A' });
    expect(edit).toMatchObject({ kind: 'edit-last', added: 1, removed: 1, text: 'Dock on the left\nPower 125A' });
    const replace = await primary.saveFieldNotes({ ...field(venueId), baseText: edit.text, text: 'Dock on the right\nPower 125A' });
    expect(replace).toMatchObject({ kind: 'replace', added: 2, removed: 2, text: 'Dock on the right\nPower 125A' });
    const unchanged = await primary.saveFieldNotes({ ...field(venueId), baseText: replace.text, text: replace.text });
    expect(unchanged).toMatchObject({ kind: 'unchanged', added: 0, removed: 0 });
    await eventually(async () => expect((await replica.getFieldNotes(field(venueId))).text).toBe('Dock on the right\nPower 125A'));
    expect((await viewer.getFieldNotes({ ...field(venueId), department: 'Security' })).lines).toEqual([]);
    // Lines and soft deletes: 2 + 2 (edit: 1 line, 1 delete) + 4 (replace) documents; nothing updated.
    expect(harness.primary.fieldNotes.readModel.groupSize(venueId)).toBe(2 + 2 + 4);
    const updates = (await eventsSince(harness.nc, SUBJECTS.venueDataUpdated, since)).filter((event) => event.envelope.data.venueId === venueId);
    expect(updates).toHaveLength(3);
    const audits = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).filter(
      (event) => event.envelope.data.table === 'venue_field_notes' && event.envelope.data.recordId?.startsWith(venueId),
    );
    expect(audits.map((event) => event.envelope.data.action)).toEqual(['create', 'update', 'update']);
  });

  it('concurrent saves of one field by two users on two replicas both keep their new lines; the later one is a merge', async () => {
    const venueId = await venueWithNetwork();
    const start = await primary.saveFieldNotes({ ...field(venueId), baseText: '', text: 'Shared line' });
    await eventually(async () => expect((await replica.getFieldNotes(field(venueId))).text).toBe('Shared line'));
    // Five rounds: both users add their own lines to the same text at the same moment.
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([
        primary.saveFieldNotes({ ...field(venueId), baseText: start.text, text: `${start.text}\nA ${round}` }),
        replica.saveFieldNotes({ ...field(venueId), baseText: start.text, text: `${start.text}\nB ${round}` }),
      ]);
      expect(a.added + b.added).toBe(2);
    }
    await eventually(async () => {
      for (const client of [primary, replica]) {
        const lines = (await client.getFieldNotes(field(venueId))).lines.map((line) => line.text);
        expect([...lines].sort()).toEqual(['A 0', 'A 1', 'A 2', 'A 3', 'A 4', 'B 0', 'B 1', 'B 2', 'B 3', 'B 4', 'Shared line']);
      }
    });
    // A save from the first text meets the ten lines added by others: a merge that keeps them.
    const merged = await primary.saveFieldNotes({ ...field(venueId), baseText: start.text, text: `${start.text}\nMine 1\nMine 2` });
    expect(merged).toMatchObject({ kind: 'merge', added: 2, removed: 0, othersAdded: 10, message: 'Merged your 2 new lines with 10 lines added by others' });
    expect(merged.lines).toHaveLength(13);
  });

  it('two users removing the same line at once: one soft delete, both answers without it', async () => {
    const venueId = await venueWithNetwork();
    const start = await primary.saveFieldNotes({ ...field(venueId), baseText: '', text: 'keep\nremove me please, it is long' });
    await eventually(async () => expect((await replica.getFieldNotes(field(venueId))).text).toBe(start.text));
    const [a, b] = await Promise.all([
      primary.saveFieldNotes({ ...field(venueId), baseText: start.text, text: 'keep' }),
      replica.saveFieldNotes({ ...field(venueId), baseText: start.text, text: 'keep' }),
    ]);
    expect(a.removed + b.removed).toBe(1);
    await eventually(async () => expect((await replica.getFieldNotes(field(venueId))).text).toBe('keep'));
  });

  it('refuses bad input (spec §5 texts), unknown cards and fields, deleted venues; viewers may not save', async () => {
    const venueId = await venueWithNetwork();
    const bad = await rejection(primary.saveFieldNotes({ ...field('not-a-uuid'), baseText: '', text: 'x' }));
    expect(bad).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, message: 'Invalid venue ID format: not-a-uuid' });
    const badCard = await rejection(primary.saveFieldNotes({ ...field(venueId), cardId: 'card-1', baseText: '', text: 'x' }));
    expect(badCard).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, message: 'Invalid card ID format: card-1' });
    expect(await rejection(primary.saveFieldNotes({ ...field(venueId), department: '', baseText: '', text: 'x' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    expect(await rejection(primary.saveFieldNotes({ ...field(venueId), fieldKey: '', baseText: '', text: 'x' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    expect(await rejection(primary.saveFieldNotes({ ...field(venueId), cardId: randomUUID(), baseText: '', text: 'x' }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Card not found',
    });
    expect(await rejection(primary.saveFieldNotes({ ...field(venueId), fieldKey: 'nope', baseText: '', text: 'x' }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    expect(await rejection(primary.saveFieldNotes({ ...field(randomUUID()), baseText: '', text: 'x' }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Venue not found',
    });
    expect(await rejection(viewer.saveFieldNotes({ ...field(venueId), baseText: '', text: 'x' }))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      message: 'You do not have permission to modify data for this venue',
    });
    expect((await primary.getFieldNotes(field(venueId))).lines).toEqual([]);
  });

  it('Clean Field Notes removes the soft-deleted lines of the venue only (a higher-privilege user: owner, admin, editor); surveyors may not', async () => {
    const venueId = await venueWithNetwork();
    const other = await venueWithNetwork();
    const start = await primary.saveFieldNotes({ ...field(venueId), baseText: '', text: 'one\ntwo\nthree' });
    await primary.saveFieldNotes({ ...field(venueId), baseText: start.text, text: 'one\nTWO\nthree' });
    const otherStart = await primary.saveFieldNotes({ ...field(other), baseText: '', text: 'a\nb' });
    await primary.saveFieldNotes({ ...field(other), baseText: otherStart.text, text: 'a\nB' });
    expect(await rejection(replica.cleanFieldNotes({ venueId }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await eventually(async () => expect(harness.replica.fieldNotes.readModel.groupSize(venueId)).toBe(3 + 3 + 3));
    const cleaned = await admin.cleanFieldNotes({ venueId });
    expect(cleaned).toMatchObject({ removed: 3, message: 'Successfully cleaned up old field note data' });
    expect((await admin.getFieldNotes(field(venueId))).text).toBe('one\nTWO\nthree');
    await eventually(async () => expect(harness.primary.fieldNotes.readModel.groupSize(venueId)).toBe(3));
    expect(harness.primary.fieldNotes.readModel.groupSize(other)).toBe(2 + 1 + 1);
    expect(await admin.cleanFieldNotes({ venueId })).toMatchObject({ removed: 0 });
    expect(await rejection(admin.cleanFieldNotes({ venueId: 'x' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Invalid venue ID format: x',
    });
  });

  it("answers 'Venue not found' for the notes of a deleted venue, even to a viewer, and to Clean Field Notes (security review)", async () => {
    const venueId = await venueWithNetwork();
    await primary.saveFieldNotes({ ...field(venueId), baseText: '', text: 'secret-ish' });
    expect((await viewer.getFieldNotes(field(venueId))).text).toBe('secret-ish');
    await harness.deleteVenue(venueId);
    expect(await rejection(viewer.getFieldNotes(field(venueId)))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
    expect(await rejection(viewer.getFieldNotes(field(randomUUID())))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
    expect(await rejection(admin.cleanFieldNotes({ venueId }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
  });

  it('saves notes of a template only while it is added to the venue (never added, another department, removed: Card not found) (security review)', async () => {
    const venueId = await harness.createVenue();
    const save = (department = 'IT') => primary.saveFieldNotes({ ...field(venueId), department, baseText: '', text: 'planted' });
    expect(await rejection(save())).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    // Added to Security on the other replica a moment ago: saved there, not as written in a department it is not in.
    await harness.clientOf('replica', editor).addTemplatesToVenue({ venueId, department: 'Security', templateIds: [NETWORK] });
    expect(await save('Security')).toMatchObject({ kind: 'append', added: 1 });
    expect(await rejection(save('Events'))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    await primary.removeTemplateFromVenue({ venueId, department: 'Security', templateId: NETWORK });
    expect(await rejection(save('Security'))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    // Reads stay lenient (the lines written while it was added).
    expect((await viewer.getFieldNotes({ ...field(venueId), department: 'Security' })).text).toBe('planted');
  });
});
