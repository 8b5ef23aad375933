import { describe, expect, it } from 'vitest';
import {
  CARD_TITLE_REQUIRED,
  cardFieldKeyOf,
  compareCards,
  DEFAULT_NOTES_FIELD,
  MISSING_CARD_ORDER,
  reservedFieldKeyMessage,
  SELECT_OPTION_REQUIRED,
} from './card-rules.ts';
import { cardInputSchema, normalizeCardFields } from './data-card.schema.ts';

describe('card fields (spec §5)', () => {
  it('makes a key from the label: lowercased, every non-alphanumeric character an underscore', () => {
    expect(cardFieldKeyOf('Truck Parking')).toBe('truck_parking');
    expect(cardFieldKeyOf('Wi-Fi / LAN #2')).toBe('wi_fi___lan__2');
    expect(cardFieldKeyOf('  Café ')).toBe('caf_');
  });

  it('ignores later duplicates of a key, drops empty select options and keeps the notes field a textarea (added when absent)', () => {
    const parsed = cardInputSchema.parse({
      title: ' Dock ',
      fields: [
        { label: 'Dock Height' },
        { label: 'dock height', type: 'number' },
        { label: 'Door', type: 'select', options: ['', ' Roll-up ', 'Swing'] },
        { key: 'notes', label: 'Notes', type: 'text' },
      ],
    });
    expect(parsed.title).toBe('Dock');
    expect(normalizeCardFields(parsed.fields)).toEqual([
      { key: 'dock_height', label: 'Dock Height', type: 'text', options: [], required: false },
      { key: 'door', label: 'Door', type: 'select', options: ['Roll-up', 'Swing'], required: false },
      { ...DEFAULT_NOTES_FIELD, options: [] },
    ]);
    expect(normalizeCardFields([])).toEqual([{ ...DEFAULT_NOTES_FIELD, options: [] }]);
    // Idempotent: normalising stored fields again gives the same fields.
    const once = normalizeCardFields(parsed.fields);
    expect(normalizeCardFields(cardInputSchema.parse({ title: 'x', fields: once }).fields)).toEqual(once);
  });

  it('refuses a blank title and a select field without a non-empty option, with the spec messages', () => {
    const blank = cardInputSchema.safeParse({ title: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({ path: ['title'], message: CARD_TITLE_REQUIRED });
    const select = cardInputSchema.safeParse({ title: 'A', fields: [{ label: 'Kind', type: 'select', options: ['', ' '] }] });
    expect(select.error?.issues[0]).toMatchObject({ path: ['fields', 0, 'options'], message: SELECT_OPTION_REQUIRED });
  });
});

describe('reserved field keys (security review)', () => {
  it("refuses 'constructor', '__proto__' and 'prototype' as keys, given or made from the label, and normalising drops them", () => {
    const fromLabel = cardInputSchema.safeParse({ title: 'Builder', fields: [{ label: 'Constructor', type: 'textarea' }] });
    expect(fromLabel.error?.issues[0]).toMatchObject({ path: ['fields', 0, 'label'], message: reservedFieldKeyMessage('constructor') });
    for (const key of ['__proto__', 'prototype']) {
      const given = cardInputSchema.safeParse({ title: 'x', fields: [{ key, label: 'Anything' }] });
      expect(given.error?.issues[0]).toMatchObject({ path: ['fields', 0, 'key'], message: `'${key}' cannot be a field key: choose another key or label` });
    }
    const fields = normalizeCardFields([
      { key: 'constructor', label: 'C', type: 'text', options: [], required: false },
      { key: '', label: 'Prototype', type: 'text', options: [], required: false },
    ]);
    expect(fields.map((field) => field.key)).toEqual(['notes']);
  });
});

describe('card ordering (spec §9)', () => {
  it("puts 'general notes' cards first, then the saved order (missing = 999999), then title", () => {
    const cards = [
      { id: 'a', title: 'Zeta' },
      { id: 'b', title: 'alpha' },
      { id: 'c', title: 'Beta' },
      { id: 'd', title: 'Venue General Notes' },
      { id: 'e', title: 'Omega' },
    ];
    const saved = new Map([
      ['e', 0],
      ['a', 1],
    ]);
    expect([...cards].sort(compareCards((id) => saved.get(id))).map((card) => card.id)).toEqual(['d', 'e', 'a', 'b', 'c']);
    expect(MISSING_CARD_ORDER).toBe(999_999);
  });
});
