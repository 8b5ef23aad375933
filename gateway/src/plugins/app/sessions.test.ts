import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_ACCOUNTS, formatDeviceCookie, parseDeviceCookie, refreshCookieMaxAge, rememberAccount } from './sessions.ts';

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

describe('the device cookie', () => {
  const tag = (n: number) => `account-tag-${String(n).padStart(10, '0')}`; // 22 characters, as base64url of 16 bytes
  let ids = 0;
  const newDevice = () => `device-id-${String(++ids).padStart(12, '0')}`;

  it('is started by the first sign-in of a browser: a new device id and the account', () => {
    const cookie = rememberAccount(undefined, tag(1), newDevice);
    expect(cookie).toEqual({ device: 'device-id-000000000001', accounts: [tag(1)] });
    expect(parseDeviceCookie(formatDeviceCookie(cookie))).toEqual(cookie);
  });

  it('keeps its device id and holds the accounts signed in last, newest first, a few at most', () => {
    let cookie = rememberAccount(undefined, tag(1), newDevice);
    for (let n = 2; n <= DEVICE_COOKIE_ACCOUNTS + 2; n++) cookie = rememberAccount(cookie, tag(n), newDevice);
    expect(cookie.device).toBe('device-id-000000000002');
    expect(cookie.accounts).toHaveLength(DEVICE_COOKIE_ACCOUNTS);
    expect(cookie.accounts[0]).toBe(tag(DEVICE_COOKIE_ACCOUNTS + 2));
    expect(cookie.accounts).not.toContain(tag(1));
    // Signing in again to an account it holds moves it to the front, once.
    const again = rememberAccount(cookie, tag(4), newDevice);
    expect(again.accounts[0]).toBe(tag(4));
    expect(again.accounts.filter((account) => account === tag(4))).toHaveLength(1);
    expect(again.accounts).toHaveLength(DEVICE_COOKIE_ACCOUNTS);
    expect(formatDeviceCookie(again).length).toBeLessThan(200);
  });

  it('reads nothing from a value it did not write', () => {
    for (const value of ['', 'x', 'device-id-000000000001', 'device-id-000000000001.short', `device-id-000000000001.${tag(1)}.${tag(1)}!`, `a b.${tag(1)}`]) {
      expect(parseDeviceCookie(value), value).toBeUndefined();
    }
    const tooMany = ['device-id-000000000001', ...Array.from({ length: DEVICE_COOKIE_ACCOUNTS + 1 }, (_, n) => tag(n))].join('.');
    expect(parseDeviceCookie(tooMany)).toBeUndefined();
  });
});
