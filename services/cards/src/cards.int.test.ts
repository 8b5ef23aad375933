// The cards service on real servers (FerretDB, NATS, the venues service as a process): the seeded templates and
// their lists; a replica started on the same database seeds nothing twice.
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '@venuebook/domain';
import { GrpcStatus } from '@venuebook/grpc';
import { rejection } from '@venuebook/service-kit/testing';
import { GENERAL_NOTES_TEMPLATE_ID, SEED_TEMPLATES } from './domain/seed-templates.ts';
import { cardsUnderTest } from './testing/cards-harness.ts';

const harness = cardsUnderTest('cards');
const viewer = harness.clientOf('primary', 'viewer');
const replicaViewer = harness.clientOf('replica', 'viewer');

describe('ListTemplates', () => {
  it('lists the seeded templates of every department, General Notes first, the rest by title', async () => {
    for (const department of DEPARTMENTS) {
      const { cards } = await viewer.listTemplates({ department });
      const expected = SEED_TEMPLATES.filter((template) => template.departments.includes(department));
      expect(cards.length, department).toBe(expected.length);
      expect(cards[0]).toMatchObject({ id: GENERAL_NOTES_TEMPLATE_ID, title: 'General Notes', isSystemProtected: true, isTemplate: true, venueId: '' });
      const rest = cards.slice(1).map((card) => card.title);
      expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
      for (const card of cards) expect(card.fields.some((field) => field.key === 'notes' && field.type === 'textarea')).toBe(true);
    }
  });

  it('lists every template once without a department, by primary department; the replica answers the same and the seed ran once', async () => {
    const all = await viewer.listTemplates({});
    expect(all.cards.map((card) => card.id).sort()).toEqual(SEED_TEMPLATES.map((template) => template.id).sort());
    expect((await replicaViewer.listTemplates({})).cards.map((card) => card.id)).toEqual(all.cards.map((card) => card.id));
    const stored = await harness.connection.collection('data_cards').find({}).toArray();
    expect(stored).toHaveLength(SEED_TEMPLATES.length);
  });

  it('refuses an unknown department (400) and an anonymous caller', async () => {
    expect(await rejection(viewer.listTemplates({ department: 'Kitchen' }))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    const anonymous = harness.clientOf('primary', { userId: '', email: '', role: '', requestId: 'anon' });
    expect(await rejection(anonymous.listTemplates({}))).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
  });
});
