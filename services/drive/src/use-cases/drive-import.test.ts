import { describe, expect, it } from 'vitest';
import { cutToBytes } from './drive-import.ts';

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
