import type { CardField, CardFieldValue, DataCard } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import {
  addedCardsText,
  cardValueSummary,
  deleteKindOf,
  departmentOfRoute,
  departmentPath,
  displayValue,
  loadErrorText,
  reorderedCards,
  templatesToAdd,
  valuesByCard,
  withAddedField,
} from './data-card-rules.ts';

const field = (key: string, type: CardField['type'] = 'text', label = key): CardField => ({ key, label, type, options: [], required: false });

const card = (id: string, title: string, extra: Partial<DataCard> = {}): DataCard => ({
  id,
  title,
  description: '',
  type: 'custom',
  departments: ['IT'],
  primaryDepartment: 'IT',
  isTemplate: false,
  venueId: 'v1',
  templateId: null,
  fields: [field('notes', 'textarea', 'Notes')],
  createdBy: 'u',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  deletedAt: null,
  isSystemProtected: false,
  ...extra,
});

const value = (cardId: string, fieldKey: string, text: string): CardFieldValue => ({
  cardId,
  fieldKey,
  value: text,
  version: 1,
  kind: 'value',
  savedBy: 'u',
  savedByEmail: 'u@example.com',
  savedAt: '2026-11-01T00:00:00Z',
  verifiedAt: null,
  verifiedBy: null,
  verifiedSource: null,
});

describe('department of the route', () => {
  it('defaults to the first department and URL-decodes the name', () => {
    expect(departmentOfRoute(undefined)).toEqual({ department: 'Production/Broadcast', known: true });
    expect(departmentOfRoute('')).toEqual({ department: 'Production/Broadcast', known: true });
    expect(departmentOfRoute('Production%2FBroadcast')).toEqual({ department: 'Production/Broadcast', known: true });
    expect(departmentOfRoute('Production%20Management')).toEqual({ department: 'Production Management', known: true });
    expect(departmentOfRoute('Production Management')).toEqual({ department: 'Production Management', known: true });
    expect(departmentOfRoute('IT')).toEqual({ department: 'IT', known: true });
  });

  it('marks a name that is no department (or not decodable) as unknown', () => {
    expect(departmentOfRoute('Catering')).toEqual({ department: 'Production/Broadcast', known: false });
    expect(departmentOfRoute('it')).toMatchObject({ known: false });
    expect(departmentOfRoute('%E0%A4%A')).toMatchObject({ known: false });
  });

  it('builds the path with the name encoded (the slash too)', () => {
    expect(departmentPath('abc', 'Production/Broadcast')).toBe('/venue/abc/department/Production%2FBroadcast');
    expect(departmentOfRoute(departmentPath('abc', 'Production Management').split('/').pop())).toMatchObject({ department: 'Production Management' });
  });
});

describe('value summaries', () => {
  const network = card('c1', 'Network', {
    fields: [field('provider'), field('has_wifi', 'yesno', 'Has WiFi'), field('speed', 'number', 'Speed'), field('notes', 'textarea', 'Notes')],
  });

  it('lists the fields holding a value, in card order, yes/no as Yes/No, blanks left out', () => {
    const byCard = valuesByCard([
      value('c1', 'speed', '100'),
      value('c1', 'provider', '  Comcast '),
      value('c1', 'has_wifi', 'true'),
      value('c2', 'provider', 'other'),
    ]);
    expect(cardValueSummary(network, byCard.get('c1'))).toEqual([
      { key: 'provider', label: 'provider', text: 'Comcast', multiline: false },
      { key: 'has_wifi', label: 'Has WiFi', text: 'Yes', multiline: false },
      { key: 'speed', label: 'Speed', text: '100', multiline: false },
    ]);
    expect(cardValueSummary(network, valuesByCard([value('c1', 'provider', '   ')]).get('c1'))).toEqual([]);
    expect(cardValueSummary(network, undefined)).toEqual([]);
  });

  it("shows the notes field's text from the field notes (multi-line)", () => {
    expect(cardValueSummary(network, undefined, 'Line one\nLine two')).toEqual([{ key: 'notes', label: 'Notes', text: 'Line one\nLine two', multiline: true }]);
    expect(cardValueSummary(network, undefined, '')).toEqual([]);
  });

  it('reads yes/no as stored either way and leaves other text alone', () => {
    expect(displayValue('yesno', 'No')).toBe('No');
    expect(displayValue('yesno', 'false')).toBe('No');
    expect(displayValue('yesno', 'YES')).toBe('Yes');
    expect(displayValue('yesno', 'maybe')).toBe('maybe');
    expect(displayValue('text', 'true')).toBe('true');
  });
});

describe('drag reorder within a department', () => {
  const general = card('g', 'General Notes', { isSystemProtected: true });
  const a = card('a', 'Alpha');
  const b = card('b', 'Bravo');
  const c = card('c', 'Charlie');
  const ids = (cards: DataCard[] | null) => cards?.map((x) => x.id) ?? null;

  it('moves a card to the place of the card it was dropped on', () => {
    expect(ids(reorderedCards([general, a, b, c], 'c', 'a'))).toEqual(['g', 'c', 'a', 'b']);
    expect(ids(reorderedCards([general, a, b, c], 'a', 'c'))).toEqual(['g', 'b', 'c', 'a']);
  });

  it("keeps 'general notes' first and never drags a protected card", () => {
    // Dropped on General Notes: as high as it goes, under it.
    expect(ids(reorderedCards([general, a, b], 'b', 'g'))).toEqual(['g', 'b', 'a']);
    expect(ids(reorderedCards([general, a, b], 'g', 'b'))).toEqual(null);
    expect(ids(reorderedCards([general, a, b], 'a', 'a'))).toEqual(null);
    expect(ids(reorderedCards([general, a, b], 'a', 'missing'))).toEqual(null);
  });
});

describe('adding and deleting cards', () => {
  it('offers the templates not on the venue department (nor customised there)', () => {
    const t1 = card('t1', 'Power', { isTemplate: true, venueId: null });
    const t2 = card('t2', 'Rigging', { isTemplate: true, venueId: null });
    const t3 = card('t3', 'Parking', { isTemplate: true, venueId: null });
    const customised = card('v1', 'Rigging (ours)', { templateId: 't2' });
    expect(templatesToAdd([t1, t2, t3], [t1, customised]).map((t) => t.id)).toEqual(['t3']);
  });

  it('removes a template from the venue and soft-deletes a venue card', () => {
    expect(deleteKindOf({ isTemplate: true })).toBe('remove-template');
    expect(deleteKindOf({ isTemplate: false })).toBe('delete');
  });

  it('says the §8 texts', () => {
    expect(addedCardsText(2, 'Production/Broadcast')).toBe('Added 2 card(s) to Production/Broadcast');
    expect(loadErrorText('Venue not found')).toBe('Error loading data cards: Venue not found');
  });
});

describe('custom card fields', () => {
  it('adds a field keyed from its label; a taken key (notes too) is ignored', () => {
    const one = withAddedField([], { label: ' Power Feed ', type: 'text', options: ['x'] });
    expect(one).toEqual([{ key: 'power_feed', label: 'Power Feed', type: 'text', options: [], required: false }]);
    expect(withAddedField(one!, { label: 'power feed', type: 'number', options: [] })).toBeNull();
    expect(withAddedField(one!, { label: 'Notes', type: 'text', options: [] })).toBeNull();
    expect(withAddedField(one!, { label: '   ', type: 'text', options: [] })).toBeNull();
  });

  it("keeps a select's non-empty options, trimmed", () => {
    expect(withAddedField([], { label: 'Phase', type: 'select', options: [' Single ', '', 'Three'] })).toEqual([
      { key: 'phase', label: 'Phase', type: 'select', options: ['Single', 'Three'], required: false },
    ]);
  });
});
