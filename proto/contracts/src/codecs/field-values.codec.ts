// Proto ↔ domain mapping of card field values (field_values.proto), shared by the cards service and the gateway.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { CardFieldValue, FieldSaveResult, FieldValueInput, FieldValueVersion } from '@venuebook/domain';
import type {
  CardFieldValue as ProtoCardFieldValue,
  CardFieldValueSchema,
  FieldSaveResult as ProtoFieldSaveResult,
  FieldSaveResultSchema,
  FieldValueInput as ProtoFieldValueInput,
  FieldValueInputSchema,
  FieldValueVersion as ProtoFieldValueVersion,
  FieldValueVersionSchema,
} from '@venuebook/contracts/cards/v1/field-values';

const orNull = (text: string): string | null => (text === '' ? null : text);

/** Domain current value → proto (no verification: ''). */
export function cardFieldValueToProto(value: CardFieldValue): MessageInitShape<typeof CardFieldValueSchema> {
  return { ...value, verifiedAt: value.verifiedAt ?? '', verifiedBy: value.verifiedBy ?? '', verifiedSource: value.verifiedSource ?? '' };
}

export function cardFieldValueFromProto(value: ProtoCardFieldValue): CardFieldValue {
  const { $typeName: _typeName, $unknown: _unknown, verifiedAt, verifiedBy, verifiedSource, kind, ...fields } = value;
  return {
    ...fields,
    kind: kind as CardFieldValue['kind'],
    verifiedAt: orNull(verifiedAt),
    verifiedBy: orNull(verifiedBy),
    verifiedSource: orNull(verifiedSource),
  };
}

export function fieldValueVersionToProto(version: FieldValueVersion): MessageInitShape<typeof FieldValueVersionSchema> {
  return { ...version, restoredFrom: version.restoredFrom ?? 0, verifiedSource: version.verifiedSource ?? '' };
}

export function fieldValueVersionFromProto(version: ProtoFieldValueVersion): FieldValueVersion {
  const { $typeName: _typeName, $unknown: _unknown, restoredFrom, verifiedSource, kind, ...fields } = version;
  return { ...fields, kind: kind as FieldValueVersion['kind'], restoredFrom: restoredFrom === 0 ? null : restoredFrom, verifiedSource: orNull(verifiedSource) };
}

export function fieldSaveResultToProto(result: FieldSaveResult): MessageInitShape<typeof FieldSaveResultSchema> {
  return {
    fieldKey: result.fieldKey,
    label: result.label,
    status: result.status,
    ...(result.value === null ? {} : { value: result.value }),
    ...(result.current ? { current: cardFieldValueToProto(result.current) } : {}),
  };
}

export function fieldSaveResultFromProto(result: ProtoFieldSaveResult): FieldSaveResult {
  return {
    fieldKey: result.fieldKey,
    label: result.label,
    status: result.status as FieldSaveResult['status'],
    value: result.value ?? null,
    current: result.current ? cardFieldValueFromProto(result.current) : null,
  };
}

/** The values of a save (HTTP body, validated) → proto inputs; numbers and yes/no travel as their text, empty ones without a value. */
export function fieldValueInputsToProto(values: Readonly<Record<string, FieldValueInput>>): MessageInitShape<typeof FieldValueInputSchema>[] {
  return Object.entries(values).map(([fieldKey, input]) => ({
    fieldKey,
    baseVersion: input.baseVersion,
    ...(input.value === undefined || input.value === null ? {} : { value: String(input.value) }),
  }));
}

/** Proto inputs → the record the shared zod schema validates again (the service's view of the body). */
export function fieldValueInputsFromProto(values: readonly ProtoFieldValueInput[]): Record<string, { value?: string; baseVersion: number }> {
  const out: Record<string, { value?: string; baseVersion: number }> = {};
  for (const input of values) {
    // An own property whatever the key ('__proto__' included): never the object's prototype.
    Object.defineProperty(out, input.fieldKey, {
      value: { baseVersion: input.baseVersion, ...(input.value === undefined ? {} : { value: input.value }) },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
