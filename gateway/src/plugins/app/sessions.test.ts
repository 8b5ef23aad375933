import { describe, expect, it } from 'vitest';
import { refreshCookieMaxAge } from './sessions.ts';

describe('refreshCookieMaxAge', () => {
  const now = Date.parse('2026-01-01T00:00:00.000Z');

  it("is the whole seconds left until the session's end", () => {
    expect(refreshCookieMaxAge('2026-01-31T00:00:00.000Z', now)).toBe(30 * 86_400);
    expect(refreshCookieMaxAge('2026-01-01T00:00:01.999Z', now)).toBe(1);
  });

  it('is 0 for a session that has ended, and undefined for a grant without an end', () => {
    expect(refreshCookieMaxAge('2025-12-31T23:59:59.000Z', now)).toBe(0);
    expect(refreshCookieMaxAge('', now)).toBeUndefined();
  });
});
