// A department's saved card order (spec §3 department_card_order / template_card_order) as one list of card ids:
// the position is the sort order. Pure rules, unit tested.

/** The order after a save: the requested ids first (each once, only those `allowed`), then the current ones left out, in their order. */
export function reorder(current: readonly string[], requested: readonly string[], allowed: (id: string) => boolean): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const id of requested) {
    if (seen.has(id) || !allowed(id)) continue;
    seen.add(id);
    out.push(id);
  }
  for (const id of current) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** The ids added at the end (those not present yet). */
export function appendIds(current: readonly string[], ids: readonly string[]): string[] {
  const present = new Set(current);
  const out = [...current];
  for (const id of ids) {
    if (present.has(id)) continue;
    present.add(id);
    out.push(id);
  }
  return out;
}

/** `from` replaced by `to` at its place (appended when `from` is absent; `to` never twice). */
export function replaceId(current: readonly string[], from: string, to: string): string[] {
  const without = current.filter((id) => id !== to);
  const index = without.indexOf(from);
  if (index < 0) return [...without, to];
  return [...without.slice(0, index), to, ...without.slice(index + 1)];
}

/** The position of each id (the §9 sort order). */
export function positions(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, index) => [id, index]));
}

/** The `_id` of version `version` of a department's order; `venueId` null = the master templates' order. */
export function orderDocumentId(venueId: string | null, department: string, version: number): string {
  return `order:${venueId ?? 'template'}:${department}:${version}`;
}

/** The read model's group of an order: one per (venue or templates, department). */
export function orderKey(venueId: string | null, department: string): string {
  return `${venueId ?? 'template'}:${department}`;
}
