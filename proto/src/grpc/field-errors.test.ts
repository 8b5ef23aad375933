import { describe, expect, it } from 'vitest';
import { readFieldErrors, writeFieldErrors } from './grpc-error.ts';

describe('field errors in trailing metadata', () => {
  it('carries any text, non-ASCII, control characters and lone surrogates included, and reads it back unchanged', () => {
    const errors = [
      { field: 'templateIds.0', message: 'Card not found: é ü 漢字 😀 \u0002\b\n' },
      { field: 'x', message: 'lone \ud83d surrogate' },
    ];
    const metadata = writeFieldErrors(errors);
    expect(metadata).toBeDefined();
    expect(metadata!.get('venuebook-field-errors')[0]).toMatch(/^[\x20-\x7e]*$/);
    expect(readFieldErrors(metadata!)).toEqual(errors);
  });
});
