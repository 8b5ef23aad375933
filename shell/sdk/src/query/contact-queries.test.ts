import { DEFAULT_CONTACT_TAGS } from '@venuebook/domain';
import { describe, expect, it, vi } from 'vitest';
import { contactTagsOrDefault } from './contact-queries.ts';

describe('contactTagsOrDefault', () => {
  it("answers the server's tags", async () => {
    expect(await contactTagsOrDefault(() => Promise.resolve({ tags: ['Audio', 'Rigging'] }))).toEqual(['Audio', 'Rigging']);
  });

  it('logs a failure and falls back to the 11 default tags (spec §8, §9)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tags = await contactTagsOrDefault(() => Promise.reject(new Error('offline')));
    expect(tags).toEqual([...DEFAULT_CONTACT_TAGS]);
    expect(tags).toHaveLength(11);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
