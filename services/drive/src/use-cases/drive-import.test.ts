import { describe, expect, it } from 'vitest';
import { cutToBytes, tally } from './drive-import.ts';

describe("a refused file's reason on the file in Drive", () => {
  it('is cut to the bytes Drive allows, never inside a character', () => {
    expect(cutToBytes('File type not allowed (.exe)', 100)).toBe('File type not allowed (.exe)');
    expect(cutToBytes('abcdef', 3)).toBe('abc');
    const cut = cutToBytes(`(.${'Ä'.repeat(60)})`, 101);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(101);
    expect(cut).toBe(`(.${'Ä'.repeat(49)}`);
    expect(cutToBytes('😀😀😀', 5)).toBe('😀');
  });
});

describe("an import run's counts", () => {
  it('count the files imported, refused and failed; a file known already counts nowhere', () => {
    expect(tally(['imported', 'known', 'refused', 'imported', 'failed', 'known'])).toEqual({ syncedCount: 2, refusedCount: 1, failedCount: 1 });
    expect(tally([])).toEqual({ syncedCount: 0, refusedCount: 0, failedCount: 0 });
  });
});
