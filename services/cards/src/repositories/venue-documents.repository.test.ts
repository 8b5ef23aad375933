import { describe, expect, it } from 'vitest';
import { deleteCardDocuments, deleteVenueDocuments } from './venue-documents.repository.ts';

/** A collection that records the filters it was asked to delete by. */
function recording() {
  const filters: unknown[] = [];
  return {
    filters,
    deleteMany(filter: unknown) {
      filters.push(filter);
      return { exec: async () => ({ deletedCount: 1 }) };
    },
  };
}

describe('deleteVenueDocuments / deleteCardDocuments', () => {
  it('deletes by the one id in every collection', async () => {
    const [a, b] = [recording(), recording()];
    expect(await deleteVenueDocuments([a, b], 'v-1')).toBe(2);
    expect(await deleteCardDocuments([a], 'c-1')).toBe(1);
    expect(a.filters).toEqual([{ venueId: 'v-1' }, { cardId: 'c-1' }]);
  });

  it('refuses an empty or missing id instead of deleting everything', async () => {
    const collection = recording();
    for (const id of ['', '  ', undefined as unknown as string]) {
      await expect(deleteVenueDocuments([collection], id)).rejects.toThrow(/empty venueId/);
      await expect(deleteCardDocuments([collection], id)).rejects.toThrow(/empty cardId/);
    }
    expect(collection.filters).toEqual([]);
  });
});
