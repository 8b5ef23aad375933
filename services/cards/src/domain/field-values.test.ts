import { describe, expect, it } from 'vitest';
import { currentValueOf, fieldIdOf, isUnchanged, newestFirst, parseVersionId, planCardSave, storedValue, UNKNOWN_FIELD, versionId } from './field-values.ts';
import type { FieldVersionRecord } from './field-values.ts';

const VENUE = '0b8f3c52-6d1e-4f7a-9c2b-1a2b3c4d5e6f';
const CARD = '7e1d2c3b-4a5f-4e6d-8c7b-9a8b7c6d5e4f';
const FIELDS = [
  { key: 'power', label: 'Power', type: 'text' },
  { key: 'dock_count', label: 'Dock count', type: 'number' },
  { key: 'union', label: 'Union house', type: 'yesno' },
  { key: 'notes', label: 'Notes', type: 'textarea' },
];

function version(overrides: Partial<FieldVersionRecord> & { version: number }): FieldVersionRecord {
  return {
    id: versionId(VENUE, CARD, 'power', overrides.version),
    venueId: VENUE,
    cardId: CARD,
    fieldKey: 'power',
    department: 'Facilities',
    value: '400A',
    kind: 'value',
    savedBy: 'u1',
    savedByEmail: 'one@example.com',
    savedAt: new Date(Date.UTC(2026, 0, overrides.version)),
    restoredFrom: null,
    verifiedSource: null,
    ...overrides,
  };
}

describe('version ids', () => {
  it("are '{venueId}:{cardId}_{fieldKey}:{version}' (the spec's data_key in the middle) and parse back", () => {
    expect(versionId(VENUE, CARD, 'dock_count', 3)).toBe(`${VENUE}:${CARD}_dock_count:3`);
    expect(parseVersionId(versionId(VENUE, CARD, 'dock_count', 12))).toEqual({ fieldId: fieldIdOf(VENUE, CARD, 'dock_count'), version: 12 });
  });

  it('refuse what is no version id', () => {
    for (const bad of ['', 'x', `${VENUE}:${CARD}_a:0`, `${VENUE}:${CARD}_a:01`, `${VENUE}:${CARD}_a:-1`, `${VENUE}:${CARD}_a:1.5`, ':3'])
      expect(parseVersionId(bad)).toBeNull();
  });
});

describe('Data card save (spec §5)', () => {
  it('skips empty and undefined values of fields that are not textareas, saves an empty textarea, stores text', () => {
    const result = planCardSave(FIELDS, {
      power: { value: '', baseVersion: 2 },
      dock_count: { value: 4, baseVersion: 0 },
      union: { value: true, baseVersion: 1 },
      notes: { value: '', baseVersion: 5 },
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        writes: [
          { fieldKey: 'dock_count', label: 'Dock count', value: '4', baseVersion: 0 },
          { fieldKey: 'union', label: 'Union house', value: 'true', baseVersion: 1 },
          { fieldKey: 'notes', label: 'Notes', value: '', baseVersion: 5 },
        ],
        skipped: [{ fieldKey: 'power', label: 'Power' }],
      },
    });
    expect(storedValue(undefined, 'select')).toBeNull();
    expect(storedValue(null, 'number')).toBeNull();
    expect(storedValue(undefined, 'textarea')).toBe('');
    expect(storedValue(0, 'number')).toBe('0');
    expect(storedValue(false, 'yesno')).toBe('false');
  });

  it('refuses keys the card does not have, each named', () => {
    const result = planCardSave(FIELDS, {
      power: { value: 'x', baseVersion: 0 },
      ghost: { value: 'y', baseVersion: 0 },
      other: { value: 'z', baseVersion: 0 },
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'values.ghost', message: UNKNOWN_FIELD },
        { field: 'values.other', message: UNKNOWN_FIELD },
      ],
    });
  });

  it("reads only the save's own keys: a stored field keyed 'constructor' is not taken from Object.prototype (security review)", () => {
    const fields = [
      { key: 'constructor', label: 'Constructor', type: 'textarea' },
      { key: 'notes', label: 'Notes', type: 'textarea' },
    ];
    const result = planCardSave(fields, { notes: { value: 'hello', baseVersion: 0 } });
    expect(result).toEqual({ ok: true, plan: { writes: [{ fieldKey: 'notes', label: 'Notes', value: 'hello', baseVersion: 0 }], skipped: [] } });
  });

  it('refuses a value over the maximum', () => {
    const result = planCardSave(FIELDS, { notes: { value: 'x'.repeat(10_001), baseVersion: 0 } });
    expect(result.ok).toBe(false);
  });
});

describe('current value', () => {
  it('is the newest version, changed by the last version that was no verification, verified when verified since', () => {
    const versions = [
      version({ version: 3, kind: 'verified', savedBy: 'u3', savedByEmail: 'three@example.com', verifiedSource: 'site visit' }),
      version({ version: 2, value: '400A', savedBy: 'u2', savedByEmail: 'two@example.com' }),
      version({ version: 1, value: '200A' }),
    ];
    expect(currentValueOf(versions)).toEqual({
      cardId: CARD,
      fieldKey: 'power',
      value: '400A',
      version: 3,
      kind: 'verified',
      savedBy: 'u2',
      savedByEmail: 'two@example.com',
      savedAt: new Date(Date.UTC(2026, 0, 2)).toISOString(),
      verifiedAt: new Date(Date.UTC(2026, 0, 3)).toISOString(),
      verifiedBy: 'three@example.com',
      verifiedSource: 'site visit',
    });
    // A change after the verification: no longer verified.
    const changed = currentValueOf([version({ version: 4, value: '600A' }), ...versions]);
    expect(changed).toMatchObject({ value: '600A', version: 4, verifiedAt: null, verifiedSource: null });
    expect(currentValueOf([])).toBeNull();
  });

  it("of a cleared field is '' (its version still the base of the next save)", () => {
    expect(currentValueOf([version({ version: 2, kind: 'cleared', value: '400A' }), version({ version: 1 })])).toMatchObject({
      value: '',
      version: 2,
      kind: 'cleared',
    });
  });

  it('is unchanged by a save of the same text, not after a clear', () => {
    const current = currentValueOf([version({ version: 1 })]);
    expect(isUnchanged(current, '400A')).toBe(true);
    expect(isUnchanged(current, '400 A')).toBe(false);
    expect(isUnchanged(null, '')).toBe(false);
    expect(isUnchanged(currentValueOf([version({ version: 2, kind: 'cleared' })]), '')).toBe(false);
  });

  it('orders versions by field, newest first', () => {
    const list = [version({ version: 1 }), version({ version: 3 }), version({ version: 2, fieldKey: 'a' }), version({ version: 2 })];
    expect(list.sort(newestFirst).map((v) => `${v.fieldKey}:${v.version}`)).toEqual(['a:2', 'power:3', 'power:2', 'power:1']);
  });
});
