// Templates management and a venue's cards on real servers (FerretDB, NATS, the venues service as a process):
// create/update/delete/move/order of templates with their refusals, the Data Cards screen's list and every change
// to it (add templates, custom cards, customise with value migration, remove with values cleared, order, soft
// delete → restore → purge), events and audit entries, a replica following, and concurrent order saves.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CARD_PROTECTED, SELECT_CARDS_REQUIRED, SELECT_OPTION_REQUIRED } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { eventsSince, rejection } from '@venuebook/service-kit/testing';
import { GENERAL_NOTES_TEMPLATE_ID } from './domain/seed-templates.ts';
import { cardsUnderTest } from './testing/cards-harness.ts';

const harness = cardsUnderTest('venue-cards');
const ADMIN = harness.user('admin');
const admin = harness.clientOf('primary', ADMIN);
const editor = harness.clientOf('primary', 'editor');
const surveyor = harness.clientOf('primary', 'surveyor');
const viewer = harness.clientOf('primary', 'viewer');
const replicaViewer = harness.clientOf('replica', 'viewer');

const IT = 'IT';
const titles = (cards: { title: string }[]) => cards.map((card) => card.title);

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('templates', () => {
  it('creates, updates, moves, orders and deletes a template (admin), with events and audit entries; refuses editors and bad input', async () => {
    const since = new Date();
    const { card } = await admin.createTemplate({
      card: { title: '  Rigging ', departments: [IT], fields: [{ label: 'Max Load', type: 'number' }, { label: 'max load' }] },
    });
    expect(card).toMatchObject({ title: 'Rigging', isTemplate: true, venueId: '', departments: [IT], primaryDepartment: IT, isSystemProtected: false });
    expect(card!.fields.map((field) => [field.key, field.type])).toEqual([
      ['max_load', 'number'],
      ['notes', 'textarea'],
    ]);
    expect(titles((await viewer.listTemplates({ department: IT })).cards)).toContain('Rigging');

    expect(await rejection(editor.createTemplate({ card: { title: 'No', departments: [IT] } }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    const blank = await rejection(admin.createTemplate({ card: { title: '  ', departments: [IT] } }));
    expect(blank).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(blank.fieldErrors[0]).toMatchObject({ field: 'title' });
    const select = await rejection(
      admin.createTemplate({ card: { title: 'Sel', departments: [IT], fields: [{ label: 'Kind', type: 'select', options: [''] }] } }),
    );
    expect(select.fieldErrors).toEqual([{ field: 'fields.0.options', message: SELECT_OPTION_REQUIRED }]);
    expect((await rejection(admin.createTemplate({ card: { title: 'No department' } }))).fieldErrors[0]).toMatchObject({ field: 'departments' });

    const updated = (
      await admin.updateTemplate({
        id: card!.id,
        card: { title: 'Rigging Points', departments: [IT], fields: [{ key: 'max_load', label: 'Max Load (kg)', type: 'number' }] },
      })
    ).card!;
    expect(updated).toMatchObject({ title: 'Rigging Points' });
    expect(updated.fields.map((field) => field.key)).toEqual(['max_load', 'notes']);

    // Order: Rigging Points first among IT's templates (General Notes stays first of all).
    const ordered = (await admin.saveTemplateOrder({ department: IT, cardIds: [card!.id, 'not-a-template'] })).cards;
    expect(ordered[0]!.id).toBe(GENERAL_NOTES_TEMPLATE_ID);
    expect(ordered[1]!.id).toBe(card!.id);

    const moved = (await admin.moveTemplate({ id: card!.id, department: 'Security' })).card!;
    expect(moved).toMatchObject({ primaryDepartment: 'Security', departments: ['Security'] });
    expect(titles((await viewer.listTemplates({ department: IT })).cards)).not.toContain('Rigging Points');
    await until(async () => titles((await replicaViewer.listTemplates({ department: 'Security' })).cards).includes('Rigging Points'));

    const deleted = (await admin.deleteTemplate({ id: card!.id })).card!;
    expect(deleted.deletedAt).not.toBe('');
    expect(titles((await viewer.listTemplates({ department: 'Security' })).cards)).not.toContain('Rigging Points');
    expect(await rejection(admin.updateTemplate({ id: card!.id, card: { title: 'x' } }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });

    const count = async (subject: typeof SUBJECTS.cardCreated | typeof SUBJECTS.cardUpdated | typeof SUBJECTS.cardDeleted) =>
      (await eventsSince(harness.nc, subject, since)).filter(({ envelope }) => envelope.data.cardId === card!.id).length;
    expect([await count(SUBJECTS.cardCreated), await count(SUBJECTS.cardUpdated), await count(SUBJECTS.cardDeleted)]).toEqual([1, 2, 1]);
    const audit = (await eventsSince(harness.nc, SUBJECTS.auditRecorded, since)).map(({ envelope }) => envelope.data);
    expect(audit.filter((entry) => entry.recordId === card!.id).map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit.some((entry) => entry.table === 'template_card_order' && entry.action === 'reorder')).toBe(true);
  });

  it('refuses to move or delete the system-protected General Notes card', async () => {
    const move = await rejection(admin.moveTemplate({ id: GENERAL_NOTES_TEMPLATE_ID, department: IT }));
    expect(move).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, message: CARD_PROTECTED });
    expect(await rejection(admin.deleteTemplate({ id: GENERAL_NOTES_TEMPLATE_ID }))).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      message: CARD_PROTECTED,
    });
    expect(await rejection(admin.removeCardFromDepartment({ id: GENERAL_NOTES_TEMPLATE_ID, department: IT }))).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
    });
  });
});

describe("a venue's cards", () => {
  it('adds templates, creates a custom card, orders them by §9 and refuses an empty selection, an unknown venue and a viewer', async () => {
    const venueId = await harness.createVenue();
    expect((await viewer.listVenueCards({ venueId, department: IT })).cards).toEqual([]);
    const network = (await viewer.listTemplates({ department: IT })).cards.find((card) => card.title === 'Network')!;
    const phones = (await viewer.listTemplates({ department: IT })).cards.find((card) => card.title === 'Phones and Radios')!;

    expect(await rejection(editor.addTemplatesToVenue({ venueId, department: IT, templateIds: [] }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: SELECT_CARDS_REQUIRED,
    });
    expect(await rejection(viewer.addTemplatesToVenue({ venueId, department: IT, templateIds: [network.id] }))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    expect(await rejection(editor.addTemplatesToVenue({ venueId: randomUUID(), department: IT, templateIds: [network.id] }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
      message: 'Venue not found',
    });

    const added = await editor.addTemplatesToVenue({ venueId, department: IT, templateIds: [phones.id, network.id, GENERAL_NOTES_TEMPLATE_ID, phones.id] });
    expect(added.added).toBe(3);
    expect(titles(added.cards)).toEqual(['General Notes', 'Phones and Radios', 'Network']);
    expect((await editor.addTemplatesToVenue({ venueId, department: IT, templateIds: [network.id] })).added).toBe(0);

    const custom = (
      await editor.createVenueCard({ venueId, department: IT, card: { title: ' AV Closet ', fields: [{ label: 'Rack Units', type: 'number' }] } })
    ).card!;
    expect(custom).toMatchObject({ title: 'AV Closet', venueId, isTemplate: false, departments: [IT], primaryDepartment: IT });
    // Missing order (999999) puts the custom card after the saved ones.
    expect(titles((await viewer.listVenueCards({ venueId, department: IT })).cards)).toEqual(['General Notes', 'Phones and Radios', 'Network', 'AV Closet']);
    const reordered = (await editor.saveVenueCardOrder({ venueId, department: IT, cardIds: [custom.id, network.id] })).cards;
    expect(titles(reordered)).toEqual(['General Notes', 'AV Closet', 'Network', 'Phones and Radios']);
    await until(async () => titles((await replicaViewer.listVenueCards({ venueId, department: IT })).cards).join() === titles(reordered).join());

    const renamed = (
      await editor.updateVenueCard({ id: custom.id, card: { title: 'AV Room', fields: [{ key: 'rack_units', label: 'Rack Units', type: 'number' }] } })
    ).card!;
    expect(renamed.title).toBe('AV Room');
    expect(await rejection(editor.updateVenueCard({ id: network.id, card: { title: 'Templates are not venue cards' } }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });

    await harness.deleteVenue(venueId);
    expect(await rejection(viewer.listVenueCards({ venueId, department: IT }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Venue not found' });
    // A card of a deleted venue: 'Card not found' but to callers with card.view_deleted.
    expect(await rejection(viewer.getCard({ id: custom.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    expect((await admin.getCard({ id: custom.id })).card!.title).toBe('AV Room');
  });

  it("customises a template: a venue copy takes the template's place and its values; removing a template clears its values", async () => {
    const venueId = await harness.createVenue();
    const templates = (await viewer.listTemplates({ department: IT })).cards;
    const network = templates.find((card) => card.title === 'Network')!;
    const phones = templates.find((card) => card.title === 'Phones and Radios')!;
    await editor.addTemplatesToVenue({ venueId, department: IT, templateIds: [network.id, phones.id] });
    await surveyor.saveCardValues({ venueId, cardId: network.id, department: IT, values: [{ fieldKey: 'bandwidth', value: '1 Gbps', baseVersion: 0 }] });
    await surveyor.saveCardValues({ venueId, cardId: phones.id, department: IT, values: [{ fieldKey: 'phone_lines', value: '12', baseVersion: 0 }] });

    const copy = (
      await editor.customizeTemplate({
        venueId,
        department: IT,
        templateId: network.id,
        card: { title: 'Network (Arena)', fields: [...network.fields.map((field) => ({ ...field }))] },
      })
    ).card!;
    expect(copy).toMatchObject({ title: 'Network (Arena)', venueId, templateId: network.id, isTemplate: false, departments: [IT] });
    expect((await viewer.listVenueCards({ venueId, department: IT })).cards.map((card) => card.id)).toEqual([copy.id, phones.id]);
    const moved = (await viewer.getCardValues({ venueId, cardId: copy.id })).values.find((value) => value.fieldKey === 'bandwidth');
    expect(moved?.value).toBe('1 Gbps');
    const left = (await viewer.getCardValues({ venueId, cardId: network.id })).values.find((value) => value.fieldKey === 'bandwidth');
    expect(left?.value ?? '').toBe('');

    await editor.removeTemplateFromVenue({ venueId, department: IT, templateId: phones.id });
    expect((await viewer.listVenueCards({ venueId, department: IT })).cards.map((card) => card.id)).toEqual([copy.id]);
    expect((await viewer.getCardValues({ venueId, cardId: phones.id })).values.find((value) => value.fieldKey === 'phone_lines')?.value ?? '').toBe('');
    expect(await rejection(editor.removeTemplateFromVenue({ venueId, department: IT, templateId: phones.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(await rejection(editor.removeTemplateFromVenue({ venueId, department: IT, templateId: GENERAL_NOTES_TEMPLATE_ID }))).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
    });
    // The template stays in the master set and can be added again.
    expect((await editor.addTemplatesToVenue({ venueId, department: IT, templateIds: [phones.id] })).added).toBe(1);
  });

  it('soft-deletes a venue card, lists it for admins with deletedAt, restores it, and purges it (admin) only once deleted', async () => {
    const venueId = await harness.createVenue();
    const card = (await editor.createVenueCard({ venueId, department: 'Events', card: { title: 'Green Room' } })).card!;
    expect(await rejection(admin.purgeCard({ id: card.id }))).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });
    const deleted = (await editor.deleteVenueCard({ id: card.id })).card!;
    expect(deleted.deletedAt).not.toBe('');
    // GetCard answers a deleted card only to callers with card.view_deleted.
    for (const client of [viewer, editor])
      expect(await rejection(client.getCard({ id: card.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND, message: 'Card not found' });
    expect((await admin.getCard({ id: card.id })).card!.deletedAt).toBe(deleted.deletedAt);
    expect(titles((await viewer.listVenueCards({ venueId, department: 'Events' })).cards)).not.toContain('Green Room');
    expect(await rejection(editor.listDeletedCards({}))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    const list = (await admin.listDeletedCards({})).cards;
    expect(list[0]).toMatchObject({ id: card.id, deletedAt: deleted.deletedAt });
    expect(await rejection(editor.restoreCard({ id: card.id }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect((await admin.restoreCard({ id: card.id })).card!.deletedAt).toBe('');
    expect(titles((await viewer.listVenueCards({ venueId, department: 'Events' })).cards)).toContain('Green Room');
    await editor.deleteVenueCard({ id: card.id });
    await admin.purgeCard({ id: card.id });
    expect(await harness.connection.collection('data_cards').findOne({ _id: card.id as never })).toBeNull();
    expect(await rejection(viewer.getCard({ id: card.id }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await admin.listDeletedCards({})).cards.map((each) => each.id)).not.toContain(card.id);
  });

  it('removes a card from one of its departments but not from its last', async () => {
    const { card } = await admin.createTemplate({ card: { title: `Multi ${randomUUID().slice(0, 4)}`, departments: [IT, 'Security'], primaryDepartment: IT } });
    const left = (await admin.removeCardFromDepartment({ id: card!.id, department: IT })).card!;
    expect(left).toMatchObject({ departments: ['Security'], primaryDepartment: 'Security' });
    expect(await rejection(admin.removeCardFromDepartment({ id: card!.id, department: 'Security' }))).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });
    expect(await rejection(editor.removeCardFromDepartment({ id: card!.id, department: 'Security' }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    // The permission is decided on the card as the database has it: a template the other replica created a moment
    // ago (not yet in this replica's read model) is still the admins'.
    const fresh = (
      await harness
        .clientOf('replica', ADMIN)
        .createTemplate({ card: { title: `Fresh ${randomUUID().slice(0, 4)}`, departments: [IT, 'Security'], primaryDepartment: IT } })
    ).card!;
    expect(await rejection(editor.removeCardFromDepartment({ id: fresh.id, department: IT }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await rejection(viewer.removeCardFromDepartment({ id: fresh.id, department: IT }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    // A venue card's departments are its editors' (past the permission check, its last department is kept).
    const venueId = await harness.createVenue();
    const own = (await editor.createVenueCard({ venueId, department: IT, card: { title: 'One Department' } })).card!;
    expect(await rejection(editor.removeCardFromDepartment({ id: own.id, department: IT }))).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });
  });

  it("refuses a field keyed 'constructor', '__proto__' or 'prototype' (security review: such a field broke every save of its card)", async () => {
    const venueId = await harness.createVenue();
    const refused = await rejection(
      editor.createVenueCard({
        venueId,
        department: IT,
        card: { title: 'Builder', fields: [{ key: '', label: 'Constructor', type: 'textarea', options: [], required: false }] },
      }),
    );
    expect(refused).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(refused.fieldErrors).toContainEqual({ field: 'fields.0.label', message: "'constructor' cannot be a field key: choose another key or label" });
  });

  it('serializes concurrent order saves on FerretDB: every save is stored as its own version and no card is lost', async () => {
    const venueId = await harness.createVenue();
    const templates = (await viewer.listTemplates({})).cards.filter((card) => !card.isSystemProtected).slice(0, 6);
    const replicaEditor = harness.clientOf('replica', 'editor');
    // Twelve additions of one template each from both replicas at once: each is applied on top of the others.
    await Promise.all(
      templates.flatMap((template, index) =>
        [editor, replicaEditor].map((client, which) =>
          index % 2 === which ? client.addTemplatesToVenue({ venueId, department: IT, templateIds: [template.id] }) : Promise.resolve(),
        ),
      ),
    );
    const ids = (await viewer.listVenueCards({ venueId, department: IT })).cards.map((card) => card.id);
    expect(new Set(ids)).toEqual(new Set(templates.map((template) => template.id)));
    // Two full reorders at once: one is the last stored version and the list is one of the two, with every card.
    const forward = templates.map((template) => template.id);
    const backward = [...forward].reverse();
    await Promise.all([
      editor.saveVenueCardOrder({ venueId, department: IT, cardIds: forward }),
      replicaEditor.saveVenueCardOrder({ venueId, department: IT, cardIds: backward }),
    ]);
    await until(
      async () =>
        (await replicaViewer.listVenueCards({ venueId, department: IT })).cards.map((card) => card.id).join() ===
        (await viewer.listVenueCards({ venueId, department: IT })).cards.map((card) => card.id).join(),
    );
    const final = (await viewer.listVenueCards({ venueId, department: IT })).cards.map((card) => card.id);
    expect([forward.join(), backward.join()]).toContain(final.join());
    const versions = await harness.connection.collection('card_orders').find({ venueId, department: IT }).toArray();
    expect(versions.map((doc) => doc.version).sort((a, b) => a - b)).toEqual(versions.map((_, index) => index + 1));
  });
});
