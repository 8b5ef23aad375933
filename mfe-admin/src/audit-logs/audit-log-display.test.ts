import { describe, expect, it } from 'vitest';
import { actionBadgeProps, entryCountText, formatAuditTimestamp, shownValues } from './audit-log-display.ts';

describe('audit log display', () => {
  it("formats the timestamp as 'MMM dd, yyyy HH:mm:ss' in the local time zone", () => {
    const local = new Date(2026, 2, 5, 9, 7, 3).toISOString();
    expect(formatAuditTimestamp(local)).toBe('Mar 05, 2026 09:07:03');
    expect(formatAuditTimestamp('not a time')).toBe('not a time');
  });

  it('maps the action styles onto Chakra badge variants', () => {
    expect(actionBadgeProps('create')).toEqual({ variant: 'solid', colorPalette: 'brand' });
    expect(actionBadgeProps('update')).toEqual({ variant: 'subtle', colorPalette: 'gray' });
    expect(actionBadgeProps('delete')).toEqual({ variant: 'solid', colorPalette: 'red' });
    expect(actionBadgeProps('restore')).toEqual({ variant: 'outline', colorPalette: 'gray' });
  });

  it('shows values as indented JSON, nothing for none or an empty object', () => {
    expect(shownValues({ name: 'Sphere' })).toBe('{\n  "name": "Sphere"\n}');
    expect(shownValues({})).toBeNull();
    expect(shownValues(null)).toBeNull();
  });

  it('counts entries with thousands separators', () => {
    expect(entryCountText(0)).toBe('0 entries');
    expect(entryCountText(1)).toBe('1 entry');
    expect(entryCountText(13612)).toBe('13,612 entries');
  });
});
