import { AI_CONFIDENCE, PHONE_MAX_DIGITS } from './limits.ts';

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** File size in Bytes, KB, MB or GB (1024-based), rounded to 2 decimals (spec §5): 1536 → '1.5 KB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** i).toFixed(2));
  return `${value} ${SIZE_UNITS[i]}`;
}

/** Digits of a phone value, at most 15 (spec §5). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/**
 * Formats a phone number as the user types (spec §5), keeping up to 15 digits:
 * 10 digits → (xxx) xxx-xxxx; 11 starting with 1 → +1 (xxx) xxx-xxxx;
 * 11–15 → +cc (xxx) xxx-xxxx (the digits before the last ten are the country prefix);
 * shorter input is partly formatted ('555' → '555', '5551' → '(555) 1', '555123' → '(555) 123',
 * '5551234' → '(555) 123-4').
 */
export function formatPhoneInput(value: string): string {
  const d = phoneDigits(value);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  if (d.length <= 10) return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  const cc = d.slice(0, d.length - 10);
  const n = d.slice(-10);
  return `+${cc} (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`;
}

/** Display of a stored phone: values that already contain '(' or '+' are left unchanged (spec §5). */
export function formatStoredPhone(value: string | null | undefined): string {
  const v = value ?? '';
  if (v.includes('(') || v.includes('+')) return v;
  return formatPhoneInput(v);
}

export type ConfidenceColor = 'green' | 'yellow' | 'red';

/** AI confidence badge colour (spec §9): green at 80 or more, yellow at 60 or more, red below. */
export function aiConfidenceColor(confidence: number): ConfidenceColor {
  if (confidence >= AI_CONFIDENCE.greenMin) return 'green';
  if (confidence >= AI_CONFIDENCE.yellowMin) return 'yellow';
  return 'red';
}

export type NoteBulletStyle = 'round' | 'square' | 'hollow' | 'diamond';

/** Bullet style of a note line by its indent (spec §9): 0 round, up to 3 square, up to 5 hollow, more diamond. */
export function noteBulletStyle(indent: number): NoteBulletStyle {
  if (indent <= 0) return 'round';
  if (indent <= 3) return 'square';
  if (indent <= 5) return 'hollow';
  return 'diamond';
}
