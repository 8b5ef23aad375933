import { describe, expect, it } from 'vitest';
import { aiConfidenceColor, formatFileSize, formatPhoneInput, formatStoredPhone, noteBulletStyle } from '../index.ts';

describe('formatFileSize', () => {
  it('uses Bytes, KB, MB and GB with up to 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1_234_567)).toBe('1.18 MB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3072 GB');
  });
});

describe('phone formatting (spec §5)', () => {
  it('formats 10 digits as (xxx) xxx-xxxx', () => {
    expect(formatPhoneInput('2125551234')).toBe('(212) 555-1234');
    expect(formatPhoneInput('212.555.1234')).toBe('(212) 555-1234');
  });
  it('formats 11 digits starting with 1 as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhoneInput('12125551234')).toBe('+1 (212) 555-1234');
  });
  it('formats 11–15 digits with a country prefix', () => {
    expect(formatPhoneInput('442079460958')).toBe('+44 (207) 946-0958');
    expect(formatPhoneInput('1234567890123456789')).toBe('+12345 (678) 901-2345');
  });
  it('partly formats shorter input', () => {
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('212')).toBe('212');
    expect(formatPhoneInput('2125')).toBe('(212) 5');
    expect(formatPhoneInput('2125551')).toBe('(212) 555-1');
  });
  it('leaves stored values containing ( or + unchanged', () => {
    expect(formatStoredPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatStoredPhone('(212)5551234')).toBe('(212)5551234');
    expect(formatStoredPhone('2125551234')).toBe('(212) 555-1234');
  });
});

describe('badges and bullets', () => {
  it('colours AI confidence green ≥ 80, yellow ≥ 60, red below', () => {
    expect(aiConfidenceColor(80)).toBe('green');
    expect(aiConfidenceColor(79)).toBe('yellow');
    expect(aiConfidenceColor(60)).toBe('yellow');
    expect(aiConfidenceColor(59)).toBe('red');
  });
  it('picks note bullets by indent', () => {
    expect([0, 1, 3, 4, 5, 6].map(noteBulletStyle)).toEqual(['round', 'square', 'square', 'hollow', 'hollow', 'diamond']);
  });
});
