import { describe, expect, it } from 'vitest';
import { auditChanges, sameValue, VALUE_TEXT_MAX, valueText } from './audit-log-diff.ts';

describe('auditChanges', () => {
  it('lists the fields an update changed with old and new, added and removed fields marked', () => {
    const { changes, unchanged } = auditChanges(
      { name: 'Sphere', website: 'https://a.example', legacy: 'x', country: 'United States' },
      { name: 'The Sphere', website: 'https://a.example', country: 'United States', notes: 'Call ahead' },
    );
    expect(changes).toEqual([
      { field: 'name', kind: 'changed', old: 'Sphere', new: 'The Sphere' },
      { field: 'legacy', kind: 'removed', old: 'x' },
      { field: 'notes', kind: 'added', new: 'Call ahead' },
    ]);
    expect(unchanged).toBe(2);
  });

  it('lists every field of a create as added and of a delete as removed', () => {
    expect(auditChanges(null, { setting_value: 'https://hooks.example.com' }).changes).toEqual([
      { field: 'setting_value', kind: 'added', new: 'https://hooks.example.com' },
    ]);
    expect(auditChanges({ name: 'Sphere', leagues: ['OTE'] }, null).changes).toEqual([
      { field: 'name', kind: 'removed', old: 'Sphere' },
      { field: 'leagues', kind: 'removed', old: ['OTE'] },
    ]);
    expect(auditChanges(null, null)).toEqual({ changes: [], unchanged: 0 });
    expect(auditChanges({}, {})).toEqual({ changes: [], unchanged: 0 });
  });

  it('names the fields of nested objects by their path; arrays and deeper objects are whole values', () => {
    const { changes } = auditChanges(
      { contact: { name: 'Ann', phone: '1' }, leagues: ['OTE'], deep: { a: { b: { c: 1 } } } },
      { contact: { name: 'Ann', phone: '2' }, leagues: ['OTE', 'OTX'], deep: { a: { b: { c: 2 } } } },
    );
    expect(changes).toEqual([
      { field: 'contact.phone', kind: 'changed', old: '1', new: '2' },
      { field: 'leagues', kind: 'changed', old: ['OTE'], new: ['OTE', 'OTX'] },
      { field: 'deep.a.b', kind: 'changed', old: { c: 1 }, new: { c: 2 } },
    ]);
  });

  it('tells a value that became null or empty from a removed field', () => {
    expect(auditChanges({ deletedAt: null, notes: 'x' }, { deletedAt: '2026-03-05T09:00:00.000Z', notes: '' }).changes).toEqual([
      { field: 'deletedAt', kind: 'changed', old: null, new: '2026-03-05T09:00:00.000Z' },
      { field: 'notes', kind: 'changed', old: 'x', new: '' },
    ]);
  });
});

describe('sameValue', () => {
  it('compares JSON values, objects regardless of key order', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
  });
});

describe('valueText', () => {
  it('shows text as it is, empty text and null in words, other values as JSON', () => {
    expect(valueText('Sphere')).toBe('Sphere');
    expect(valueText('')).toBe('(empty)');
    expect(valueText(null)).toBe('null');
    expect(valueText(42)).toBe('42');
    expect(valueText(false)).toBe('false');
    expect(valueText(['OTE', 'OTX'])).toBe('["OTE","OTX"]');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('cuts a long value with an ellipsis', () => {
    const long = 'x'.repeat(VALUE_TEXT_MAX + 10);
    expect(valueText(long)).toBe(`${'x'.repeat(VALUE_TEXT_MAX)}…`);
    expect(valueText('abcdef', 3)).toBe('abc…');
  });
});
