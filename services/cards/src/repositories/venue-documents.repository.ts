/** A collection whose documents carry a top-level `venueId` (a mongoose model). */
export interface VenueScopedCollection {
  deleteMany(filter: { venueId: string } | { cardId: string }): { exec(): Promise<{ deletedCount: number }> };
}

/**
 * Removes every document of a venue from the given collections (its cards, card orders, value versions and field
 * notes: each holds a top-level `venueId`). One `deleteMany({ venueId })` per collection: one top-level equality, so
 * one scan of each on FerretDB v1, where deleting the documents one by one by `_id` would scan once per document.
 * Safe to repeat: a second run finds nothing.
 */
export async function deleteVenueDocuments(models: readonly VenueScopedCollection[], venueId: string): Promise<number> {
  return deleteWhere(models, { venueId });
}

/** Removes the value versions and field notes of a permanently deleted card at every venue (one scan per collection, as above). */
export async function deleteCardDocuments(models: readonly VenueScopedCollection[], cardId: string): Promise<number> {
  return deleteWhere(models, { cardId });
}

async function deleteWhere(models: readonly VenueScopedCollection[], filter: { venueId: string } | { cardId: string }): Promise<number> {
  // An empty or missing id must never reach deleteMany: mongoose drops `undefined`, and `{}` deletes everything.
  const [[key, id]] = Object.entries(filter) as [[string, unknown]];
  if (typeof id !== 'string' || id.trim() === '') throw new Error(`refusing to delete documents by an empty ${key}`);
  let removed = 0;
  for (const model of models) removed += (await model.deleteMany(filter).exec()).deletedCount;
  return removed;
}
