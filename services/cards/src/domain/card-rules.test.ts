import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, DEFAULT_NOTES_FIELD, isDepartment } from '@venuebook/domain';
import { appendIds, orderDocumentId, reorder, replaceId } from './card-order.ts';
import { GENERAL_NOTES_TEMPLATE_ID, SEED_TEMPLATES } from './seed-templates.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the seeded templates', () => {
  it('cover every department, with fixed unique UUIDs, one protected General Notes card in all seven, and the notes textarea on every card', () => {
    expect(new Set(SEED_TEMPLATES.map((template) => template.id)).size).toBe(SEED_TEMPLATES.length);
    for (const template of SEED_TEMPLATES) {
      expect(template.id).toMatch(UUID);
      expect(template.departments.every(isDepartment)).toBe(true);
      expect(template.departments).toContain(template.primaryDepartment);
      expect(template.fields.filter((field) => field.key === DEFAULT_NOTES_FIELD.key)).toEqual([{ ...DEFAULT_NOTES_FIELD, options: [] }]);
      expect(new Set(template.fields.map((field) => field.key)).size).toBe(template.fields.length);
      for (const field of template.fields) if (field.type === 'select') expect(field.options.length).toBeGreaterThan(0);
    }
    for (const department of DEPARTMENTS)
      expect(SEED_TEMPLATES.filter((template) => template.primaryDepartment === department && !template.isSystemProtected).length, department).toBeGreaterThan(
        0,
      );
    const protectedOnes = SEED_TEMPLATES.filter((template) => template.isSystemProtected);
    expect(protectedOnes.map((template) => [template.id, template.title, template.departments])).toEqual([
      [GENERAL_NOTES_TEMPLATE_ID, 'General Notes', [...DEPARTMENTS]],
    ]);
  });
});

describe('order lists', () => {
  it('reorders: requested ids first (once, allowed only), the rest after in their order', () => {
    expect(reorder(['a', 'b', 'c', 'd'], ['c', 'x', 'a', 'c'], (id) => id !== 'x')).toEqual(['c', 'a', 'b', 'd']);
  });

  it('appends new ids once and replaces an id in place', () => {
    expect(appendIds(['a', 'b'], ['b', 'c', 'c'])).toEqual(['a', 'b', 'c']);
    expect(replaceId(['a', 'b', 'c'], 'b', 'z')).toEqual(['a', 'z', 'c']);
    expect(replaceId(['a', 'z', 'b'], 'b', 'z')).toEqual(['a', 'z']);
    expect(replaceId(['a'], 'q', 'z')).toEqual(['a', 'z']);
  });

  it('names order versions by venue (or template), department and version', () => {
    expect(orderDocumentId(null, 'IT', 3)).toBe('order:template:IT:3');
    expect(orderDocumentId('v1', 'Production/Broadcast', 1)).toBe('order:v1:Production/Broadcast:1');
  });
});
