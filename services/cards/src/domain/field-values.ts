// Card field values (spec §3 venue_data, §5 'Data card save'): pure rules. A field's value is a series of
// insert-only versions (1, 2, …), each a document `${venueId}:${cardId}_${fieldKey}:${version}`; a save based on
// version n inserts n + 1, so the store's unique `_id` is the compare-and-set: the first save wins, a second one
// based on the same version fails (E11000) and is answered with the winner's value (a conflict).
import type { CardFieldValue, FieldSaveResult, FieldValueKind, FieldValueVersion } from '@venuebook/domain';
import { FIELD_VALUE_MAX_LENGTH } from '@venuebook/domain';
import type { FieldError } from '@venuebook/domain';

/** One stored version of a field value (a document of the `venue_data` collection, as the service holds it). */
export interface FieldVersionRecord {
  /** `${venueId}:${cardId}_${fieldKey}:${version}` (versionId). */
  id: string;
  venueId: string;
  cardId: string;
  fieldKey: string;
  department: string;
  value: string;
  version: number;
  kind: FieldValueKind;
  savedBy: string;
  savedByEmail: string;
  savedAt: Date;
  restoredFrom: number | null;
  verifiedSource: string | null;
}

/** The spec's data_key: '{cardId}_{fieldKey}'. */
export function dataKey(cardId: string, fieldKey: string): string {
  return `${cardId}_${fieldKey}`;
}

/** A field of a venue's card: `${venueId}:${cardId}_${fieldKey}` (every version's id starts with it). */
export function fieldIdOf(venueId: string, cardId: string, fieldKey: string): string {
  return `${venueId}:${dataKey(cardId, fieldKey)}`;
}

/** The `_id` of version `version` of a field. */
export function versionId(venueId: string, cardId: string, fieldKey: string, version: number): string {
  return `${fieldIdOf(venueId, cardId, fieldKey)}:${version}`;
}

/** The field id and version of a version id (null when it is not one). */
export function parseVersionId(id: string): { fieldId: string; version: number } | null {
  const at = id.lastIndexOf(':');
  if (at <= 0) return null;
  const version = Number(id.slice(at + 1));
  if (!Number.isSafeInteger(version) || version < 1 || String(version) !== id.slice(at + 1)) return null;
  return { fieldId: id.slice(0, at), version };
}

/** What a save needs of a card field (the card's own field list). */
export interface CardFieldShape {
  key: string;
  label: string;
  /** text | textarea | number | yesno | select */
  type: string;
}

/** A field value as the HTTP body may give it (fieldValueInputSchema). */
export interface FieldValueSaveInput {
  value?: string | number | boolean | null | undefined;
  baseVersion: number;
}

/** One field a save will write (or find unchanged). */
export interface PlannedFieldWrite {
  fieldKey: string;
  label: string;
  value: string;
  baseVersion: number;
}

export interface CardSavePlan {
  writes: PlannedFieldWrite[];
  /** Empty values of fields that are not textareas (spec §5: skipped). */
  skipped: { fieldKey: string; label: string }[];
}

export const UNKNOWN_FIELD = 'This card has no such field';

/**
 * The stored text of a value (spec §7 'Non-string values are stored as serialized text'); null when the value is
 * empty and the field no textarea (spec §5: skipped). A textarea's empty value is saved as ''.
 */
export function storedValue(value: FieldValueSaveInput['value'], fieldType: string): string | null {
  const text = value === undefined || value === null ? '' : String(value);
  if (text === '' && fieldType !== 'textarea') return null;
  return text;
}

/**
 * Spec §5 'Data card save': every key must be a field of the card (else a field error per unknown key), values are
 * stored as text, empty values of fields that are not textareas are skipped. The plan lists the card's fields in the
 * card's order.
 */
export function planCardSave(
  fields: readonly CardFieldShape[],
  values: Readonly<Record<string, FieldValueSaveInput>>,
): { ok: true; plan: CardSavePlan } | { ok: false; fieldErrors: FieldError[] } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const fieldErrors: FieldError[] = [];
  for (const [key, input] of Object.entries(values)) {
    if (!byKey.has(key)) fieldErrors.push({ field: `values.${key}`, message: UNKNOWN_FIELD });
    else if (typeof input.value === 'string' && input.value.length > FIELD_VALUE_MAX_LENGTH)
      fieldErrors.push({ field: `values.${key}.value`, message: `A value must be at most ${FIELD_VALUE_MAX_LENGTH} characters` });
  }
  if (fieldErrors.length > 0) return { ok: false, fieldErrors };
  const plan: CardSavePlan = { writes: [], skipped: [] };
  for (const field of fields) {
    // Own keys only: a key such as 'constructor' must not be read from Object.prototype.
    const input = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    if (!input) continue;
    const value = storedValue(input.value, field.type);
    if (value === null) plan.skipped.push({ fieldKey: field.key, label: field.label });
    else plan.writes.push({ fieldKey: field.key, label: field.label, value, baseVersion: input.baseVersion });
  }
  return { ok: true, plan };
}

/**
 * A field's current value from its versions, newest first (null: none). The value and version are the newest
 * version's; who and when the last version that changed the value (a verification repeats it); verified when the
 * newest verification came after the last change.
 */
export function currentValueOf(versions: readonly FieldVersionRecord[]): CardFieldValue | null {
  const newest = versions[0];
  if (!newest) return null;
  const changed = versions.find((version) => version.kind !== 'verified') ?? newest;
  const verified = newest.kind === 'verified' ? newest : null;
  return {
    cardId: newest.cardId,
    fieldKey: newest.fieldKey,
    value: newest.kind === 'cleared' ? '' : newest.value,
    version: newest.version,
    kind: newest.kind,
    savedBy: changed.savedBy,
    savedByEmail: changed.savedByEmail,
    savedAt: changed.savedAt.toISOString(),
    verifiedAt: verified ? verified.savedAt.toISOString() : null,
    verifiedBy: verified ? verified.savedByEmail : null,
    verifiedSource: verified ? verified.verifiedSource : null,
  };
}

/** A history entry of a version. */
export function versionEntryOf(record: FieldVersionRecord): FieldValueVersion {
  return {
    version: record.version,
    value: record.value,
    kind: record.kind,
    department: record.department,
    savedBy: record.savedBy,
    savedByEmail: record.savedByEmail,
    savedAt: record.savedAt.toISOString(),
    restoredFrom: record.restoredFrom,
    verifiedSource: record.verifiedSource,
  };
}

/** Newest first: by field, then version descending (each field's versions together, its newest first). */
export function newestFirst(a: FieldVersionRecord, b: FieldVersionRecord): number {
  if (a.venueId !== b.venueId) return a.venueId < b.venueId ? -1 : 1;
  if (a.cardId !== b.cardId) return a.cardId < b.cardId ? -1 : 1;
  if (a.fieldKey !== b.fieldKey) return a.fieldKey < b.fieldKey ? -1 : 1;
  return b.version - a.version;
}

/**
 * Whether a planned write changes nothing: the field's current value is the same text (and not cleared). Such a
 * field is answered 'unchanged' without a new version, whatever version it was based on (nothing of another user's
 * save is overwritten, and saving a whole card does not stamp every field).
 */
export function isUnchanged(current: CardFieldValue | null, value: string): boolean {
  return current !== null && current.kind !== 'cleared' && current.value === value;
}

/** The answer for one field. */
export function saveResult(
  field: { fieldKey: string; label: string },
  status: FieldSaveResult['status'],
  value: string | null,
  current: CardFieldValue | null,
): FieldSaveResult {
  return { fieldKey: field.fieldKey, label: field.label, status, value, current };
}
