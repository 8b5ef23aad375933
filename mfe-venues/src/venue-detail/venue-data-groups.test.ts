import type { CardFieldValue, DataCard, Department } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import { venueDataGroups } from './venue-data-groups.ts';

const card = (id: string, title: string, department: Department, keys: string[]): DataCard => ({
  id,
  title,
  description: '',
  type: 'custom',
  departments: [department],
  primaryDepartment: department,
  isTemplate: true,
  venueId: null,
  templateId: null,
  fields: keys.map((key) => ({ key, label: key.toUpperCase(), type: key === 'notes' ? 'textarea' : 'text', options: [], required: false })),
  createdBy: 'u',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  deletedAt: null,
  isSystemProtected: false,
});

const value = (cardId: string, fieldKey: string, text: string): CardFieldValue => ({
  cardId,
  fieldKey,
  value: text,
  version: 1,
  kind: 'value',
  savedBy: 'u',
  savedByEmail: 'u@example.com',
  savedAt: '2026-11-02T00:00:00Z',
  verifiedAt: null,
  verifiedBy: null,
  verifiedSource: null,
});

describe('venueDataGroups', () => {
  const power = card('power', 'Power', 'Production/Broadcast', ['amps', 'phase', 'notes']);
  const camera = card('camera', 'Camera Positions', 'Production/Broadcast', ['count', 'notes']);
  const parking = card('parking', 'Parking', 'Events', ['spaces', 'notes']);
  const lists = [
    { department: 'Production/Broadcast' as const, cards: [power, camera] },
    { department: 'Events' as const, cards: [parking] },
    { department: 'IT' as const, cards: [] },
  ];

  it('groups cards with entered values by department, fields in card order', () => {
    const groups = venueDataGroups(lists, [value('power', 'notes', 'Shore power at dock'), value('power', 'amps', '400'), value('parking', 'spaces', '12')]);
    expect(groups.map((g) => g.department)).toEqual(['Production/Broadcast', 'Events']);
    expect(groups[0]!.cards.map((c) => c.card.id)).toEqual(['power']);
    expect(groups[0]!.cards[0]!.fields.map((f) => [f.field.key, f.value])).toEqual([
      ['amps', '400'],
      ['notes', 'Shore power at dock'],
    ]);
    expect(groups[1]!.cards[0]!.fields.map((f) => f.value)).toEqual(['12']);
  });

  it('leaves out blank values, fields the card no longer has and values of cards not in a department', () => {
    expect(venueDataGroups(lists, [value('power', 'amps', '  '), value('camera', 'gone', 'x'), value('other', 'notes', 'y')])).toEqual([]);
    expect(venueDataGroups(lists, [])).toEqual([]);
  });

  it('shows a card of two departments under each', () => {
    const shared = { ...power, departments: ['Production/Broadcast', 'IT'] as Department[] };
    const groups = venueDataGroups(
      [
        { department: 'Production/Broadcast', cards: [shared] },
        { department: 'IT', cards: [shared] },
      ],
      [value('power', 'amps', '200')],
    );
    expect(groups.map((g) => g.department)).toEqual(['Production/Broadcast', 'IT']);
  });
});
