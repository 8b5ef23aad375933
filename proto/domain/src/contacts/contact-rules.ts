import { z } from 'zod';
import { OPTIONAL_EMAIL_INPUT_PATTERN } from '../shared/input-patterns.ts';
import { CONTACT_NAME_CHANGE_THRESHOLDS, PHONE_MAX_DIGITS } from '../shared/limits.ts';
import { NOT_BLANK } from '../venues/venue.schema.ts';

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
  return [...contacts].sort((x, y) => contactSortKey(x.name).localeCompare(contactSortKey(y.name)) || (x.name ?? '').localeCompare(y.name ?? ''));
}

/**
 * Optional single-line string: trimmed, '' then undefined ("Empty optional fields are sent as undefined"). The
 * maximum applies to the string as sent (as the OpenAPI document states it).
 */
const optional = (max: number, description: string) =>
  z
    .string()
    .max(max)
    .trim()
    .describe(description)
    .optional()
    .transform((v) => v || undefined);

/** The most characters of a contact's fields as sent. */
export const CONTACT_FIELD_MAX = { name: 200, title: 200, phone: 50, email: 254, tag: 100 } as const;

/**
 * Venue contact form (spec §5). Written so that the OpenAPI document states what is accepted (a contract test
 * sends what the document allows): a name with something but white space (trimmed), an e-mail matching zod's
 * e-mail pattern or blank (input-patterns.ts), a phone of at most PHONE_MAX_DIGITS digits as the venue form's.
 */
export const contactInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .max(CONTACT_FIELD_MAX.name, `Name must be at most ${CONTACT_FIELD_MAX.name} characters`)
      .regex(NOT_BLANK, 'Name is required')
      .trim()
      .describe('Name (required, not blank, trimmed)'),
    title: optional(CONTACT_FIELD_MAX.title, 'Title'),
    phone: z
      .string()
      .max(CONTACT_FIELD_MAX.phone)
      .trim()
      .refine((p) => p.replace(/\D/g, '').length <= PHONE_MAX_DIGITS, `Phone number can have at most ${PHONE_MAX_DIGITS} digits`)
      // The digit limit, stated for the OpenAPI document.
      .meta({ pattern: `^[^0-9]*(?:[0-9][^0-9]*){0,${PHONE_MAX_DIGITS}}$`, description: 'Phone' })
      .optional()
      .transform((v) => v || undefined),
    email: z
      .string()
      .max(CONTACT_FIELD_MAX.email)
      .regex(OPTIONAL_EMAIL_INPUT_PATTERN, 'Invalid email')
      .trim()
      .describe('E-mail (optional: a valid address or empty)')
      .optional()
      .transform((v) => v || undefined),
    tag: optional(CONTACT_FIELD_MAX.tag, 'Tag: one of GET /contact-tags, or a custom tag (admins and editors only; 403 for others)'),
  })
  .meta({ id: 'ContactFields', description: 'A venue contact as entered' });

export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactInputParsed = z.output<typeof contactInputSchema>;
