import { describe, expect, it } from 'vitest';
import { fieldErrorMessages } from './form-field.tsx';

describe('fieldErrorMessages', () => {
  it('lists every message of criteriaMode "all" in order, once each', () => {
    expect(fieldErrorMessages({ message: 'Too short.', types: { custom: ['Too short.', 'Needs digits.'], too_big: 'Too long.' } })).toEqual([
      'Too short.',
      'Needs digits.',
      'Too long.',
    ]);
  });

  it('falls back to the message, and to nothing without an error', () => {
    expect(fieldErrorMessages({ message: 'Email is required' })).toEqual(['Email is required']);
    expect(fieldErrorMessages({ message: 'Required', types: { required: true } })).toEqual(['Required']);
    expect(fieldErrorMessages(undefined)).toEqual([]);
    expect(fieldErrorMessages({})).toEqual([]);
  });
});
