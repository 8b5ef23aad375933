import { expect, it } from 'vitest';
import { relativeAge } from './relative-age.ts';

it("says how long ago a time was, '' without one", () => {
  const now = new Date('2026-11-23T12:00:00Z');
  expect(relativeAge('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
  expect(relativeAge(null, now)).toBe('');
  expect(relativeAge('not a date', now)).toBe('');
});
