import { z } from 'zod';
import { CONTACT_NAME_CHANGE_THRESHOLDS } from './limits.ts';

/** Lower-cased, non-letters removed, whitespace collapsed (spec §5, main-contact name change). */
export function normalizeContactName(name: string | null | undefined): string {
  return (name ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Levenshtein edit distance (insert, delete, substitute), by code point. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[t.length] ?? 0;
}

/** The allowed number of edits for a name whose longer version has `length` characters. */
export function contactNameEditThreshold(length: number): number {
  const row = CONTACT_NAME_CHANGE_THRESHOLDS.find((t) => length <= t.maxLength);
  return row?.maxEdits ?? 3;
}

/**
 * Whether editing the main contact's name from `previous` to `next` counts as a different
 * person (spec §5): a new contact is created and the old one kept as a former contact.
 * A previously empty name now filled counts as changed; an emptied or identical name does not.
 */
export function isMainContactNameChanged(previous: string | null | undefined, next: string | null | undefined): boolean {
  const a = normalizeContactName(previous);
  const b = normalizeContactName(next);
  if (b === '') return false;
  if (a === '') return true;
  if (a === b) return false;
  return editDistance(a, b) > contactNameEditThreshold(Math.max(a.length, b.length));
}

/** Last word of a name, lower-cased: the sort key of contact lists (spec §9). */
export function contactSortKey(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/);
  return (words[words.length - 1] ?? '').toLowerCase();
}

/** Sorts contacts by the last word of the name, then by full name. Returns a new array. */
export function sortContactsByLastWord<T extends { name?: string | null }>(contacts: readonly T[]): T[] {
  return [...contacts].sort(
    (x, y) =>
      contactSortKey(x.name).localeCompare(contactSortKey(y.name)) || (x.name ?? '').localeCompare(y.name ?? ''),
  );
}

/** Optional string: '' (after trimming) becomes undefined ("Empty optional fields are sent as undefined"). */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** Venue contact form (spec §5). */
export const contactInputSchema = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
    title: optional(200),
    phone: optional(50),
    email: z
      .union([z.literal(''), z.email('Invalid email')])
      .optional()
      .transform((v) => v || undefined),
    tag: optional(100),
  })
  .meta({ id: 'ContactFields', description: 'A venue contact as entered' });

export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactInputParsed = z.output<typeof contactInputSchema>;
