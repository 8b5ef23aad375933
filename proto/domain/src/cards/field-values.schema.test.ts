import { describe, expect, it } from 'vitest';
import { fieldKeySchema, saveCardValuesRequestSchema } from './field-values.schema.ts';

describe('field keys of a save (security review)', () => {
  it('follow the card key rule, so junk keys fail at the gateway with a short message', () => {
    expect(fieldKeySchema.parse('internet_provider')).toBe('internet_provider');
    for (const key of ['', 'É', 'a-b', 'x'.repeat(101)])
      expect(fieldKeySchema.safeParse(key).error?.issues[0]?.message).toBe('A field key is 1 to 100 lower case letters, digits and _');
    const junk = saveCardValuesRequestSchema.safeParse({ values: { [`${'é'.repeat(95)}001`]: { value: 'x', baseVersion: 0 } } });
    expect(junk.success).toBe(false);
  });

  it("refuses the keys every object has ('constructor', '__proto__', 'prototype')", () => {
    for (const key of ['constructor', '__proto__', 'prototype'])
      expect(fieldKeySchema.safeParse(key).error?.issues[0]?.message).toBe(`'${key}' cannot be a field key: choose another key or label`);
    const body = saveCardValuesRequestSchema.safeParse(JSON.parse('{"values":{"__proto__":{"value":"x","baseVersion":0}}}'));
    expect(body.success).toBe(false);
  });
});
