import { auditActionTone } from '@venuebook/sdk';
import { format } from 'date-fns';

/** Spec §9: the audit table's height (it scrolls inside). */
export const AUDIT_TABLE_HEIGHT = '600px';

/** Spec §2: the Timestamp column's format (date-fns tokens), in the browser's time zone. */
export const AUDIT_TIMESTAMP_FORMAT = 'MMM dd, yyyy HH:mm:ss';

/** The Timestamp column: 'MMM dd, yyyy HH:mm:ss', or the stored text when it is not a time. */
export function formatAuditTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, AUDIT_TIMESTAMP_FORMAT);
}

/**
 * Chakra badge props for the spec's action styles: default (create, insert) solid brand, secondary (update,
 * edit) subtle gray, destructive (delete, remove) solid red, anything else outline.
 */
export function actionBadgeProps(action: string): { variant: 'solid' | 'subtle' | 'outline'; colorPalette: 'brand' | 'gray' | 'red' } {
  switch (auditActionTone(action)) {
    case 'default':
      return { variant: 'solid', colorPalette: 'brand' };
    case 'secondary':
      return { variant: 'subtle', colorPalette: 'gray' };
    case 'destructive':
      return { variant: 'solid', colorPalette: 'red' };
    default:
      return { variant: 'outline', colorPalette: 'gray' };
  }
}

/** Old or new values worth showing: null for none or an empty object. */
export function shownValues(values: Record<string, unknown> | null): string | null {
  if (!values || Object.keys(values).length === 0) return null;
  return JSON.stringify(values, null, 2);
}

/** The header's count badge: '1 entry', '13,612 entries'. */
export function entryCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`;
}

/** Spec §2: the list's text when no entry matches. */
export const NO_AUDIT_ENTRIES = 'No audit log entries found.';
