import { format } from 'date-fns';
import { UI } from '@venuebook/domain';

/** The public gallery's full link from its path (`/public/venue/{id}/photos?key=…`). */
export function galleryLink(origin: string, publicPath: string): string {
  return `${origin.replace(/\/+$/, '')}${publicPath.startsWith('/') ? '' : '/'}${publicPath}`;
}

/** A date input's 'YYYY-MM-DD' as the link's expiry: the end of that day, local time (null: never). */
export function expiryFromDateInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const end = new Date(year, month - 1, day, 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** The expiry as a date input's value (local day), '' when none. */
export function dateInputOfExpiry(expiresAt: string | null): string {
  if (!expiresAt) return '';
  const date = new Date(expiresAt);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'yyyy-MM-dd');
}

/** The public gallery's texts (beyond the spec: the link's controls). */
export const GALLERY_TEXT = {
  copied: 'Public gallery link copied',
  copyFailed: 'Could not copy the link; copy it from here',
  turnedOn: 'Public gallery link turned on',
  turnedOff: 'Public gallery link turned off',
  expiryUpdated: 'Public gallery expiry updated',
  rotated: 'New public gallery link made; the old link no longer works',
  updateFailed: 'Failed to update the public gallery',
  off: 'The public gallery link is off.',
  expires: (expiresAt: string) => `The link works until ${format(new Date(expiresAt), UI.dateFormat)}.`,
} as const;
