import { describe, expect, it } from 'vitest';
import type { UploadItem } from './upload-queue.ts';
import { uploadFormData } from './xhr-transport.ts';

describe('uploadFormData', () => {
  it('puts the contract fields before the file part (the gateway reads them first)', () => {
    const item = {
      category: 'photos',
      description: 'Stage',
      eventId: null,
      dataCardIdForTag: 'c1',
      file: { name: 'stage.jpg', size: 3, type: 'image/jpeg', lastModified: 1_700_000_000_000 },
    } as UploadItem;
    const form = uploadFormData(item, new File(['abc'], 'other-name.jpg', { type: 'image/jpeg' }));
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual(['category', 'description', 'eventId', 'dataCardId', 'lastModified', 'size', 'file']);
    expect(entries.slice(0, 6).map(([, value]) => value)).toEqual(['photos', 'Stage', '', 'c1', '1700000000000', '3']);
    const file = entries[6]![1] as File;
    expect(file.name).toBe('stage.jpg');
    expect(file.size).toBe(3);
  });
});
