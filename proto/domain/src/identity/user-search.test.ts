import { describe, expect, it } from 'vitest';
import { emailMatchesSearch, USER_SEARCH_MAX_LENGTH, userSearchNeedle } from './user-search.ts';

describe('the user search', () => {
  it('looks for the trimmed, lower-cased text anywhere in the address', () => {
    const needle = userSearchNeedle('  AMPLE.C ');
    expect(needle).toBe('ample.c');
    expect(emailMatchesSearch('owner@example.com', needle)).toBe(true);
    expect(emailMatchesSearch('Owner@Example.COM', userSearchNeedle('r@ex'))).toBe(true);
    expect(emailMatchesSearch('owner@example.org', userSearchNeedle('.com'))).toBe(false);
  });

  it('matches every address with an empty or blank search', () => {
    expect(userSearchNeedle('   ')).toBe('');
    expect(emailMatchesSearch('anyone@example.com', '')).toBe(true);
  });

  it('takes characters literally, not as a pattern', () => {
    expect(emailMatchesSearch('a.b@example.com', userSearchNeedle('a.b'))).toBe(true);
    expect(emailMatchesSearch('axb@example.com', userSearchNeedle('a.b'))).toBe(false);
    expect(emailMatchesSearch('a+tag@example.com', userSearchNeedle('+tag'))).toBe(true);
  });

  it('fits the longest address a mail path carries', () => {
    expect(USER_SEARCH_MAX_LENGTH).toBe(254);
  });
});
