import { create } from '@bufbuild/protobuf';
import { CardFieldValueSchema, FieldValueInputSchema } from '@venuebook/contracts/cards/v1/field-values';
import { describe, expect, it } from 'vitest';
import { saveCardValuesRequestSchema } from '@venuebook/domain';
import { cardFieldValueFromProto, cardFieldValueToProto, fieldValueInputsFromProto, fieldValueInputsToProto } from './field-values.codec.ts';

describe('field value codec', () => {
  it('sends numbers and yes/no as text and empty values without a value; the service reads the same body back', () => {
    const inputs = fieldValueInputsToProto({
      dock_count: { value: 4, baseVersion: 2 },
      union: { value: false, baseVersion: 0 },
      power: { value: null, baseVersion: 1 },
      notes: { value: '', baseVersion: 0 },
    });
    const back = fieldValueInputsFromProto(inputs.map((input) => create(FieldValueInputSchema, input)));
    expect(back).toEqual({
      dock_count: { value: '4', baseVersion: 2 },
      union: { value: 'false', baseVersion: 0 },
      power: { baseVersion: 1 },
      notes: { value: '', baseVersion: 0 },
    });
    expect(saveCardValuesRequestSchema.parse({ values: back }).values).toEqual(back);
  });

  it("keeps a '__proto__' key an own field (never the object's prototype)", () => {
    const back = fieldValueInputsFromProto([create(FieldValueInputSchema, { fieldKey: '__proto__', value: 'x', baseVersion: 0 })]);
    expect(Object.keys(back)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
  });

  it('maps no verification to null and back', () => {
    const value = {
      cardId: 'c',
      fieldKey: 'k',
      value: 'v',
      version: 3,
      kind: 'value' as const,
      savedBy: 'u',
      savedByEmail: 'u@example.com',
      savedAt: '2026-01-01T00:00:00.000Z',
      verifiedAt: null,
      verifiedBy: null,
      verifiedSource: null,
    };
    expect(cardFieldValueFromProto(create(CardFieldValueSchema, cardFieldValueToProto(value)))).toEqual(value);
  });
});
