import { describe, expect, it } from 'vitest';
import {
  lastSeenLabel,
  mayChangeRole,
  mayRemove,
  pageCount,
  relativeTime,
  roleChoices,
  shownRange,
  userCountText,
  USERS_TEXT,
  withReason,
} from './user-management-rules.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const owner = { id: 'o', role: 'owner' as const };
const admin = { id: 'a', role: 'admin' as const };

describe('User Management texts (spec §2, §8)', () => {
  it('asks before removing, naming the address', () => {
    expect(USERS_TEXT.removeQuestion('crew@example.com')).toBe(
      'Are you sure you want to remove crew@example.com? This action cannot be undone. The user will lose access to the application.',
    );
    expect([USERS_TEXT.removeTitle, USERS_TEXT.removeConfirm]).toEqual(['Remove User', 'Remove User']);
  });

  it('shows joined and last seen as relative times, last seen as Never without a sign-in', () => {
    expect(relativeTime('2026-03-07T12:00:00Z', NOW)).toBe('3 days ago');
    expect(relativeTime('not a time', NOW)).toBe('');
    expect(lastSeenLabel(null, NOW)).toBe('Never');
    expect(lastSeenLabel('2026-03-10T11:00:00Z', NOW)).toBe('about 1 hour ago');
  });

  it("adds the server's reason to a failure text when there is one", () => {
    expect(withReason(USERS_TEXT.removeFailed, 'You cannot remove yourself')).toBe('Failed to remove user. Please try again. You cannot remove yourself');
    expect(withReason(USERS_TEXT.removeFailed, '')).toBe(USERS_TEXT.removeFailed);
  });
});

describe('what a row offers (the server decides; the page hides what it would refuse)', () => {
  it('lets owners change every role, admins every role but an owner’s, and never to owner', () => {
    expect(mayChangeRole(owner, { role: 'owner' })).toBe(true);
    expect(roleChoices(owner, { role: 'viewer' })).toEqual(['owner', 'admin', 'editor', 'surveyor', 'viewer']);
    expect(mayChangeRole(admin, { role: 'owner' })).toBe(false);
    expect(roleChoices(admin, { role: 'owner' })).toEqual(['owner']);
    expect(roleChoices(admin, { role: 'editor' })).toEqual(['admin', 'editor', 'surveyor', 'viewer']);
    expect(mayChangeRole({ id: 'e', role: 'editor' }, { role: 'viewer' })).toBe(false);
  });

  it('never offers removing yourself, and an owner only to owners', () => {
    expect(mayRemove(admin, { id: 'a', role: 'admin' })).toBe(false);
    expect(mayRemove(owner, { id: 'o', role: 'owner' })).toBe(false);
    expect(mayRemove(admin, { id: 'x', role: 'owner' })).toBe(false);
    expect(mayRemove(owner, { id: 'x', role: 'owner' })).toBe(true);
    expect(mayRemove(admin, { id: 'x', role: 'viewer' })).toBe(true);
    expect(mayRemove({ id: 'v', role: 'viewer' }, { id: 'x', role: 'viewer' })).toBe(false);
  });
});

describe('paging', () => {
  it('counts pages (at least one) and names the rows shown', () => {
    expect([pageCount(0, 50), pageCount(50, 50), pageCount(2000, 50), pageCount(2001, 50)]).toEqual([1, 1, 40, 41]);
    expect(shownRange(2, 50, 50, 2000)).toBe('Showing 51–100 of 2,000');
    expect(shownRange(41, 50, 1, 2001)).toBe('Showing 2,001–2,001 of 2,001');
    expect(shownRange(1, 50, 0, 0)).toBe('');
    expect([userCountText(1, false), userCountText(2000, false), userCountText(3, true)]).toEqual(['1 user', '2,000 users', '3 users found']);
  });
});
