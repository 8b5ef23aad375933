// Field notes (spec §3 venue_field_notes, §4 'Field notes save', §9 merge heuristic): a textarea field's text kept as
// one stored line per row, soft-deleted when removed. A save names the lines the client started from (`base`) and the
// lines it has now (`next`); the server compares them with the lines stored now, so that lines other users added
// meanwhile are kept (a merge) and only lines this client knew and removed are soft-deleted. Pure: no I/O.

/** A stored, current (not soft-deleted) note line. */
export interface StoredNoteLine {
  id: string;
  text: string;
  /** Where the line sits in the field (ascending); ties fall back to createdAt, then id. */
  position: number;
}

/** How a save was understood (spec §4): nothing changed, a pure append, an inline edit of the last line, a full replace, or a merge. */
export type NoteSaveKind = 'unchanged' | 'append' | 'edit-last' | 'replace' | 'merge';

export interface NoteSavePlan {
  kind: NoteSaveKind;
  /** Texts of the lines to insert, in order (placed after every stored line). */
  add: string[];
  /** Ids of stored lines to soft-delete. */
  remove: string[];
  /** The client's new lines (N of the merge message). */
  newLines: number;
  /** Stored lines the client did not start from: added by others meanwhile (M of the merge message). */
  othersAdded: number;
}

/** Spec §4: the answer to a merge that met others' additions. */
export function mergeMessage(newLines: number, othersAdded: number): string {
  return `Merged your ${newLines} new lines with ${othersAdded} lines added by others`;
}

/** A textarea's text as note lines (one per line; a trailing newline makes no empty last line). */
export function toNoteLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Spec §9: an edit is a replace when the texts' lengths differ by under 50 % (of the longer) or the line counts match.
 * Otherwise it is a line merge: unchanged lines stay, lines removed are soft-deleted, new lines are added.
 */
export function isReplaceEdit(base: readonly string[], next: readonly string[]): boolean {
  if (base.length === next.length) return true;
  const [before, after] = [base.join('\n').length, next.join('\n').length];
  const longer = Math.max(before, after);
  return longer === 0 || Math.abs(before - after) / longer < 0.5;
}

const sameLines = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((line, i) => line === b[i]);

/** Each base line's stored line (first unused line of the same text, in order), or undefined when others removed it. */
function matchBase(base: readonly string[], stored: readonly StoredNoteLine[]): { matched: (StoredNoteLine | undefined)[]; unmatched: StoredNoteLine[] } {
  const byText = new Map<string, StoredNoteLine[]>();
  for (const line of stored) {
    const same = byText.get(line.text);
    if (same) same.push(line);
    else byText.set(line.text, [line]);
  }
  const matched = base.map((text) => byText.get(text)?.shift());
  const used = new Set(matched.flatMap((line) => (line ? [line.id] : [])));
  return { matched, unmatched: stored.filter((line) => !used.has(line.id)) };
}

/** Multiset difference: the entries of `from` not paired with an equal entry of `minus` (each pairs once), as indexes. */
function notIn(from: readonly string[], minus: readonly string[]): number[] {
  const counts = new Map<string, number>();
  for (const text of minus) counts.set(text, (counts.get(text) ?? 0) + 1);
  const left: number[] = [];
  from.forEach((text, i) => {
    const count = counts.get(text) ?? 0;
    if (count > 0) counts.set(text, count - 1);
    else left.push(i);
  });
  return left;
}

/**
 * The save of a field's notes: `base` the lines the client started from, `next` the lines it has now, `stored` the
 * current stored lines (in order). Lines only others know (added after the client read) are never removed.
 */
export function planNoteSave(base: readonly string[], next: readonly string[], stored: readonly StoredNoteLine[]): NoteSavePlan {
  const { matched, unmatched } = matchBase(base, stored);
  const othersAdded = unmatched.length;
  const storedIds = (indexes: number[]) => indexes.flatMap((i) => (matched[i] ? [matched[i].id] : []));
  const plan = (kind: NoteSaveKind, add: string[], remove: string[]): NoteSavePlan => ({ kind, add, remove, newLines: add.length, othersAdded });

  if (sameLines(base, next)) return plan('unchanged', [], []);
  if (othersAdded === 0) {
    if (next.length >= base.length && sameLines(base, next.slice(0, base.length))) return plan('append', next.slice(base.length), []);
    const last = base.length - 1;
    if (last >= 0 && next.length >= base.length && sameLines(base.slice(0, last), next.slice(0, last)))
      return plan('edit-last', next.slice(last), storedIds([last]));
    if (isReplaceEdit(base, next)) return plan('replace', [...next], storedIds(base.map((_, i) => i)));
  }
  // A merge: the client's new lines are added, the lines it removed soft-deleted, every other stored line kept.
  return plan(
    'merge',
    notIn(next, base).map((i) => next[i]!),
    storedIds(notIn(base, next)),
  );
}
