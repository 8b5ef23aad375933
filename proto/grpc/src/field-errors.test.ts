import { describe, expect, it } from 'vitest';
import { FIELD_ERRORS_LIMITS, readFieldErrors, writeFieldErrors } from './grpc-error.ts';

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

  it('stays small however many and however long the errors are (a big trailer turned a 400 into a 500): the first ones, clipped, same shape', () => {
    const errors = Array.from({ length: 200 }, (_, i) => ({ field: `values.${'é'.repeat(95)}${String(i).padStart(3, '0')}`, message: 'ü'.repeat(1000) }));
    const metadata = writeFieldErrors(errors)!;
    const raw = metadata.get('venuebook-field-errors')[0] as string;
    expect(raw.length).toBeLessThanOrEqual(FIELD_ERRORS_LIMITS.bytes);
    const read = readFieldErrors(metadata);
    expect(read.length).toBeGreaterThan(0);
    expect(read.length).toBeLessThanOrEqual(FIELD_ERRORS_LIMITS.count);
    expect(read[0]!.field).toBe(errors[0]!.field);
    expect(read[0]!.message).toHaveLength(FIELD_ERRORS_LIMITS.text);
    expect(read[0]!.message.endsWith('…')).toBe(true);
    const many = readFieldErrors(writeFieldErrors(Array.from({ length: 200 }, (_, i) => ({ field: `f${i}`, message: 'Unknown' })))!);
    expect(many).toHaveLength(FIELD_ERRORS_LIMITS.count);
    expect(many[49]).toEqual({ field: 'f49', message: 'Unknown' });
  });
});
