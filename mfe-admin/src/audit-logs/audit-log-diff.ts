// What an audit entry changed, field by field (spec §2 'Changes'): the fields of its old and new values side by side,
// instead of two whole documents. No React here.

/** How a field differs between the old and the new values. */
export type FieldChangeKind = 'changed' | 'added' | 'removed' | 'unchanged';

export interface FieldChange {
  /** The field's name; a field of a nested object is named by its path, e.g. `contact.phone`. */
  field: string;
  kind: FieldChangeKind;
  /** The value before (absent for an added field). */
  old?: unknown;
  /** The value after (absent for a removed field). */
  new?: unknown;
}

type Values = Record<string, unknown> | null | undefined;

/** Nested objects are compared field by field down to this depth; deeper ones (and arrays) as whole values. */
const NESTED_DEPTH = 2;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Equal as JSON values (objects regardless of key order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return false;
}

function compare(before: Record<string, unknown>, after: Record<string, unknown>, prefix: string, depth: number, out: FieldChange[]): void {
  const fields = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))];
  for (const key of fields) {
    const field = `${prefix}${key}`;
    const inOld = Object.hasOwn(before, key);
    const inNew = Object.hasOwn(after, key);
    if (!inNew) out.push({ field, kind: 'removed', old: before[key] });
    else if (!inOld) out.push({ field, kind: 'added', new: after[key] });
    else if (sameValue(before[key], after[key])) out.push({ field, kind: 'unchanged', old: before[key], new: after[key] });
    else if (depth < NESTED_DEPTH && isPlainObject(before[key]) && isPlainObject(after[key]))
      compare(before[key] as Record<string, unknown>, after[key] as Record<string, unknown>, `${field}.`, depth + 1, out);
    else out.push({ field, kind: 'changed', old: before[key], new: after[key] });
  }
}

/**
 * The fields an entry's values differ in, in the order of the old values (then the new fields), unchanged fields
 * left out: a field only in the new values is added, one only in the old values removed. A create (no old values)
 * lists every field as added, a delete every field as removed. Recorders keep only the changed fields of an update,
 * but an entry may hold whole records; `unchanged` counts the fields left out.
 */
export function auditChanges(oldValues: Values, newValues: Values): { changes: FieldChange[]; unchanged: number } {
  const all: FieldChange[] = [];
  compare(oldValues ?? {}, newValues ?? {}, '', 0, all);
  const changes = all.filter((change) => change.kind !== 'unchanged');
  return { changes, unchanged: all.length - changes.length };
}

/** The longest value text shown in a row (the whole record is one click away). */
export const VALUE_TEXT_MAX = 240;

/**
 * A value as the Changes column shows it: text as it is ('(empty)' for ''), null as 'null', numbers and booleans
 * as written, arrays and objects as compact JSON; cut at `max` characters with an ellipsis.
 */
export function valueText(value: unknown, max: number = VALUE_TEXT_MAX): string {
  let text: string;
  if (value === '') text = '(empty)';
  else if (typeof value === 'string') text = value;
  else if (value === null || value === undefined) text = 'null';
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
