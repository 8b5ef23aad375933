/**
 * Patterns that say in the OpenAPI document exactly what the HTTP API accepts where its zod schemas trim,
 * lower-case or split the input first (a schema generated from `.trim().pipe(z.email())` would document a
 * bare string, and a contract test then finds valid-looking requests refused). Written for both regex
 * dialects that read them: ECMAScript (zod, the gateway) and Python's `re` (schemathesis, hypothesis).
 */

/** One character String.prototype.trim() removes (ECMAScript WhiteSpace and LineTerminator), as a class. */
export const TRIMMED_SPACE = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/**
 * zod's e-mail pattern (`z.regexes.email`, what `z.email()` checks) without its anchors. A copy, so that this
 * module and what imports it (the browser's first pages) stay free of zod; input-patterns.test.ts keeps it
 * equal to zod's.
 */
export const EMAIL_PATTERN_SOURCE = "(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}";
const EMAIL = EMAIL_PATTERN_SOURCE;

/** An e-mail address as typed: zod's e-mail pattern, with white space around it (which is trimmed). */
export const EMAIL_INPUT_PATTERN = new RegExp(`^${TRIMMED_SPACE}*${EMAIL}${TRIMMED_SPACE}*$`);

/** The same, or nothing but white space (an optional e-mail field). */
export const OPTIONAL_EMAIL_INPUT_PATTERN = new RegExp(`^${TRIMMED_SPACE}*(?:${EMAIL})?${TRIMMED_SPACE}*$`);

/** `word` case-insensitively, spelled without flags ('OTE' → '[Oo][Tt][Ee]'). */
function caseInsensitive(word: string): string {
  return [...word]
    .map((character) => {
      const lower = character.toLowerCase();
      const upper = character.toUpperCase();
      if (lower !== upper) return `[${upper}${lower}]`;
      return /[\w ]/.test(character) ? character : `\\${character}`;
    })
    .join('');
}

/**
 * A comma-separated list of `names` (case-insensitive), each with white space around it (trimmed), empty
 * items allowed (skipped): what `'OTE, ots,'` style query values accept.
 */
export function nameListPattern(names: readonly string[]): RegExp {
  const name = `(?:${[...new Set(names)]
    .sort((a, b) => b.length - a.length)
    .map(caseInsensitive)
    .join('|')})`;
  const item = `${TRIMMED_SPACE}*${name}?${TRIMMED_SPACE}*`;
  return new RegExp(`^${item}(?:,${item})*$`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids (venues, documents, …) are UUID strings. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
