// The sign-in limits on the real services: the per-account failed-password limit does not lock out the
// account's owner (OWASP's device cookie: a browser that signed in to the account before may still try, with
// its own count), and the global budget of failed passwords stops a guessing run spread over many clients
// and accounts, again except for known browsers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@venuebook/local';
import { REFRESH_COOKIE_PATH } from '@venuebook/domain';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import type { GatewayApp } from './app.ts';
import { accountLockedMessage, globalLimitMessage } from './plugins/app/account-limits.ts';
import { DEVICE_COOKIE_NAME } from './plugins/app/sessions.ts';
import { sharedGatewayUnderTest } from './testing/gateway-under-test.ts';
import type { GatewayUnderTest } from './testing/gateway-under-test.ts';

let under: GatewayUnderTest;

// The limits live in each gateway (the ones built here): the shared services see only sign-ins.
beforeAll(async () => {
  under = await sharedGatewayUnderTest();
}, 180_000);

afterAll(async () => {
  await under?.stop();
});

const WRONG = 'Wrong-password-1';
let clients = 0;

/** A browser: its own client address and cookie jar (what the gateway set on /api/v1/auth). */
function browser(gateway: GatewayApp) {
  const jar: Record<string, string> = {};
  const remoteAddress = `192.0.2.${++clients}`;
  const keep = (response: InjectResponse): InjectResponse => {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0) delete jar[cookie.name];
      else jar[cookie.name] = cookie.value;
    }
    return response;
  };
  return {
    jar,
    async signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<InjectResponse> {
      return keep(
        await gateway.inject({
          method: 'POST',
          url: '/api/v1/auth/token?grant_type=password',
          remoteAddress,
          headers,
          cookies: jar,
          payload: { email, password },
        }),
      );
    },
    async refresh(): Promise<InjectResponse> {
      return keep(await gateway.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=refresh_token', remoteAddress, cookies: jar }));
    },
  };
}

/** A browser that never signed in anywhere, from a new client address each time. */
const stranger = (gateway: GatewayApp) => browser(gateway);

describe('the device cookie', () => {
  it('is set by a password sign-in: long-lived, httpOnly, SameSite=Strict, on /api/v1/auth, signed, without the address', async () => {
    const response = await stranger(under.app).signIn(under.accounts.viewer.email, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name === DEVICE_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH });
    expect(cookie!.maxAge).toBeGreaterThanOrEqual(365 * 86_400);
    expect(cookie!.value.toLowerCase()).not.toContain('viewer');
    // A refused password sets none.
    const refused = await stranger(under.app).signIn(under.accounts.viewer.email, WRONG);
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.find((candidate) => candidate.name === DEVICE_COOKIE_NAME)).toBeUndefined();
  });
});

describe('the per-account limit with device cookies', () => {
  it("cannot lock the account's owner out: an attacker locks the account, the owner's browser still signs in", async () => {
    const gateway = await under.buildAnother({ AUTH_ACCOUNT_MAX_FAILURES: '3', AUTH_ACCOUNT_WINDOW_MINUTES: '15' });
    const { email } = under.accounts.surveyor;
    const laptop = browser(gateway);
    const phone = browser(gateway);
    expect((await laptop.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await phone.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    const colleague = browser(gateway);
    expect((await colleague.signIn(under.accounts.editor.email, DEMO_PASSWORD)).statusCode).toBe(200);

    // The attacker: many clients, no device cookie.
    for (let i = 0; i < 3; i++) expect((await stranger(gateway).signIn(email, WRONG)).statusCode).toBe(401);
    const locked = await stranger(gateway).signIn(email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: { code: 'rate_limited', message: accountLockedMessage(900) } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The owner's browsers still sign in with the right password.
    expect((await laptop.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await phone.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    // A device cookie of another account, or one that was tampered with, is no exemption.
    expect((await colleague.signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);
    const forged = browser(gateway);
    const laptopCookie = laptop.jar[DEVICE_COOKIE_NAME]!;
    forged.jar[DEVICE_COOKIE_NAME] = `${laptopCookie.slice(0, 5)}${laptopCookie[5] === 'A' ? 'B' : 'A'}${laptopCookie.slice(6)}`;
    expect((await forged.signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);

    // A stolen device cookie (the phone's) gets the same few attempts, counted for that browser alone.
    const thief = browser(gateway);
    thief.jar[DEVICE_COOKIE_NAME] = phone.jar[DEVICE_COOKIE_NAME]!;
    for (let i = 0; i < 3; i++) expect((await thief.signIn(email, WRONG)).statusCode).toBe(401);
    const thiefLocked = await thief.signIn(email, DEMO_PASSWORD);
    expect(thiefLocked.statusCode).toBe(429);
    expect(thiefLocked.json()).toEqual({ error: { code: 'rate_limited', message: accountLockedMessage(900) } });
    expect((await phone.signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);
    // The laptop is a device of its own.
    expect((await laptop.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a sign-in answering a cross-site navigation (the Google callback)', () => {
  it('leaves the device cookie alone (the browser did not send it), and the refresh right after adds the account', async () => {
    const gateway = await under.buildAnother({ AUTH_ACCOUNT_MAX_FAILURES: '2' });
    const { email } = under.accounts.editor;
    const user = browser(gateway);
    expect((await user.signIn(under.accounts.viewer.email, DEMO_PASSWORD)).statusCode).toBe(200);
    const before = user.jar[DEVICE_COOKIE_NAME];
    // As a cross-site navigation arrives: without the SameSite=Strict cookies.
    const { [DEVICE_COOKIE_NAME]: _held, ...sentCrossSite } = user.jar;
    const crossSite = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      headers: { 'sec-fetch-site': 'cross-site' },
      cookies: sentCrossSite,
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(crossSite.statusCode).toBe(200);
    expect(crossSite.cookies.find((cookie) => cookie.name === DEVICE_COOKIE_NAME)).toBeUndefined();
    user.jar['vb_refresh'] = crossSite.cookies.find((cookie) => cookie.name === 'vb_refresh')!.value;
    expect(user.jar[DEVICE_COOKIE_NAME]).toBe(before);
    expect((await user.refresh()).statusCode).toBe(200);

    for (let i = 0; i < 2; i++) expect((await stranger(gateway).signIn(email, WRONG)).statusCode).toBe(401);
    expect((await stranger(gateway).signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);
    // Both accounts are known to the browser now.
    expect((await user.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await stranger(gateway).signIn(under.accounts.viewer.email, WRONG)).statusCode).toBe(401);
    expect((await user.signIn(under.accounts.viewer.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the global budget of failed passwords (AUTH_GLOBAL_FAILURES_PER_MINUTE)', () => {
  it('refuses password sign-ins from unknown browsers once a guessing run spread over clients and accounts spends it; known browsers go on', async () => {
    const gateway = await under.buildAnother({ AUTH_GLOBAL_FAILURES_PER_MINUTE: '4' });
    const known = browser(gateway);
    expect((await known.signIn(under.accounts.admin.email, DEMO_PASSWORD)).statusCode).toBe(200);
    // Four accounts, one wrong guess each from its own client: no account or client comes near its own limit.
    for (const role of ['viewer', 'editor', 'surveyor', 'owner'] as const)
      expect((await stranger(gateway).signIn(under.accounts[role].email, WRONG)).statusCode).toBe(401);

    const refused = await stranger(gateway).signIn(under.accounts.admin.email, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: globalLimitMessage(60) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await known.signIn(under.accounts.admin.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
