import { formatDistance } from 'date-fns';

/** A time as relative age ('3 days ago', spec §2 'Deleted Data Cards', the card dialog's 'changed' and 'verified'); '' without a valid time. */
export function relativeAge(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDistance(date, now, { addSuffix: true });
}
