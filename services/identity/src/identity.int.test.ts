// The identity service on its own, over gRPC, against real servers: sign-up and confirmation (mail through
// the SMTP sink), password and Google sign-in, sessions (refresh rotation and reuse, logout scopes), first
// login and welcome, and calls without a valid signed user context. The gateway's tests cover the HTTP face.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, domainNotAllowedMessage } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import { createClient, GrpcStatus } from '@venuebook/grpc';
import { IdentityService, LogoutScope } from '@venuebook/contracts/identity/v1';
import { signUserContext, userContextSigner } from '@venuebook/service-kit';
import { confirmationLink, testInfra } from '@venuebook/service-kit/testing';
import { signUpMailCooldownMessage } from './use-cases/sign-up.ts';
import { APP_URL, rejection, startIdentityUnderTest, STRONG_PASSWORD, TEST_DOMAIN } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

const infra = testInfra();
const DAY_MS = 24 * 60 * 60 * 1000;
let under: IdentityUnderTest;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra, { SESSION_TTL_DAYS: '7' });
});

afterAll(async () => {
  await under?.stop();
});

const signUp = (email: string, password = STRONG_PASSWORD, appUrl = APP_URL) => under.identity.signUp({ email, password, appUrl }, under.anonymous());
const confirm = (token: string, email: string, password = STRONG_PASSWORD) => under.identity.confirmEmail({ token, email, password }, under.anonymous());
const signInRaw = (email: string, password: string) => under.identity.signInWithPassword({ email, password, userAgent: 'test' }, under.anonymous());
const refresh = (refreshToken: string) => under.identity.refreshSession({ refreshToken }, under.anonymous());
const mailsTo = async (email: string): Promise<number> =>
  ((await (await fetch(`${under.mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as unknown[]).length;
const isActive = async (user: { id: string; email: string }, sessionId: string) =>
  (await under.identity.getCurrentUser({ sessionId }, under.as(user, 'viewer'))).sessionActive;

describe('sign-up and e-mail confirmation', () => {
  it('mails a link to the sign-in page, refuses sign-in until the address is confirmed with the password, then signs in', async () => {
    const email = under.newAddress();
    const { user } = await signUp(email);
    expect(user).toMatchObject({ email, role: 'viewer', emailConfirmed: false, welcomeShown: false, lastSignInAt: '' });

    const link = new URL(await confirmationLink(under.mailboxUrl, email));
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/api/v1/auth/confirm`);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);

    const early = await rejection(signInRaw(email, STRONG_PASSWORD));
    expect([early.code, early.message]).toEqual([GrpcStatus.FAILED_PRECONDITION, AUTH_MESSAGES.emailNotConfirmed]);

    // The token alone confirms nothing: the password chosen at sign-up (and the address) must come with it.
    for (const attempt of [() => confirm(token, email, 'Other-password-9'), () => confirm(token, under.newAddress())]) {
      const refused = await rejection(attempt());
      expect([refused.code, refused.message]).toEqual([GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.invalidCredentials]);
    }
    for (const badToken of ['not-the-token', '']) {
      const invalid = await rejection(confirm(badToken, email));
      expect(invalid.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(invalid.fieldErrors).toEqual([{ field: 'token', message: AUTH_MESSAGES.invalidConfirmation }]);
    }

    const confirmed = await confirm(token, email.toUpperCase());
    expect(confirmed.user).toMatchObject({ id: user?.id, emailConfirmed: true });
    // The link is used up.
    expect((await rejection(confirm(token, email))).code).toBe(GrpcStatus.INVALID_ARGUMENT);

    const grant = await under.signIn(email);
    expect(grant.user).toMatchObject({ id: user?.id, email, emailConfirmed: true });
    expect(Date.parse(grant.user?.lastSignInAt ?? '')).not.toBeNaN();
  });

  it('refuses a repeated sign-up within the cooldown (no second mail, the first link and password stay), and refuses a confirmed address', async () => {
    const email = under.newAddress('again');
    await signUp(email);
    const first = await under.confirmationToken(email);
    const again = await rejection(signUp(email, 'Second-password-7'));
    expect([again.code, again.message]).toEqual([GrpcStatus.RESOURCE_EXHAUSTED, signUpMailCooldownMessage(60)]);
    expect(await mailsTo(email)).toBe(1);
    // The repeated sign-up replaced nothing.
    expect((await rejection(confirm(first, email, 'Second-password-7'))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    await confirm(first, email);

    const taken = await rejection(signUp(email));
    expect([taken.code, taken.message]).toEqual([GrpcStatus.ALREADY_EXISTS, AUTH_MESSAGES.alreadyRegistered]);
    expect(await mailsTo(email)).toBe(1);
  });

  it('refuses other domains, weak passwords, invalid addresses and app URLs with clear errors', async () => {
    for (const outsider of ['someone@gmail.com', `someone@bad${TEST_DOMAIN}`]) {
      const refused = await rejection(signUp(outsider));
      expect([refused.code, refused.message]).toEqual([GrpcStatus.PERMISSION_DENIED, domainNotAllowedMessage(TEST_DOMAIN)]);
    }
    const weak = await rejection(signUp(under.newAddress(), 'short'));
    expect(weak.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(weak.fieldErrors).toEqual([
      { field: 'password', message: 'Password should be at least 8 characters.' },
      { field: 'password', message: 'Password should contain letters and digits.' },
    ]);
    const invalid = await rejection(signUp('not-an-address'));
    expect([invalid.code, invalid.fieldErrors[0]?.field]).toEqual([GrpcStatus.INVALID_ARGUMENT, 'email']);
    const badUrl = await rejection(signUp(under.newAddress(), STRONG_PASSWORD, 'not a url'));
    expect(badUrl.fieldErrors).toEqual([{ field: 'appUrl', message: 'must be an absolute URL' }]);
  });
});

describe('password sign-in', () => {
  it('refuses wrong, empty and unknown credentials alike, and addresses outside the company', async () => {
    for (const [email, password] of [
      [under.owner.email, 'Wrong-password-1'],
      [under.newAddress('ghost'), 'Wrong-password-1'],
      [under.owner.email, ''],
      ['not-an-address', STRONG_PASSWORD],
    ] as const) {
      const refused = await rejection(signInRaw(email, password));
      expect([refused.code, refused.message], `${email} / ${password}`).toEqual([GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.invalidCredentials]);
    }
    const outsider = await rejection(signInRaw('owner@other.org', STRONG_PASSWORD));
    expect([outsider.code, outsider.message]).toEqual([GrpcStatus.PERMISSION_DENIED, domainNotAllowedMessage(TEST_DOMAIN)]);
  });

  it('makes OWNER_EMAILS owners, gives everyone else the viewer role, and grants a session of SESSION_TTL_DAYS', async () => {
    const before = Date.now();
    const owner = await under.signIn(under.owner.email);
    expect(owner.user?.role).toBe('owner');
    const someone = await under.confirmedUser();
    const grant = await under.signIn(someone.email);
    expect(grant.user?.role).toBe('viewer');
    expect(grant.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(grant.refreshToken).toMatch(/^[\w-]{43}$/);
    const expiresAt = Date.parse(grant.sessionExpiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
  });
});

describe('sessions', () => {
  it('rotates the refresh token on every use within the same session; a reused token ends the whole family', async () => {
    const user = await under.confirmedUser();
    const since = new Date();
    const signedIn = await under.signIn(user.email);
    const { grant: rotated } = await refresh(signedIn.refreshToken);
    expect(rotated).toMatchObject({ sessionId: signedIn.sessionId, firstSignIn: false, sessionExpiresAt: signedIn.sessionExpiresAt, user: { id: user.id } });
    expect(rotated?.refreshToken).not.toBe(signedIn.refreshToken);
    const { grant: again } = await refresh(rotated?.refreshToken ?? '');
    expect(await isActive(user, signedIn.sessionId)).toBe(true);

    // The first token comes back (stolen?): refused, and its session, with every token of it, is ended.
    const reuse = await rejection(refresh(signedIn.refreshToken));
    expect([reuse.code, reuse.message]).toEqual([GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.sessionMissing]);
    expect((await rejection(refresh(again?.refreshToken ?? ''))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(await isActive(user, signedIn.sessionId)).toBe(false);
    // Gateways drop the user's cached session on this event.
    const signedOut = (await under.eventsSince(SUBJECTS.userSignedOut, since)).filter((event) => event.data.userId === user.id);
    expect(signedOut.map((event) => event.data.reason)).toEqual(['reuse']);
    // A new sign-in is unaffected.
    expect(await isActive(user, (await under.signIn(user.email)).sessionId)).toBe(true);
  });

  it('answers simultaneous refreshes with the same token with one successor (unique inserts, atomic on FerretDB v1): one chain, whose second use ends it', async () => {
    const user = await under.confirmedUser();
    for (let round = 0; round < 5; round++) {
      const signedIn = await under.signIn(user.email);
      const grants = await Promise.all([refresh(signedIn.refreshToken), refresh(signedIn.refreshToken), refresh(signedIn.refreshToken)]);
      // One rotation, and the others within the grace period (a lost response, or two tabs at once) get its successor.
      expect(new Set(grants.map(({ grant }) => grant?.refreshToken)).size).toBe(1);
      const shared = grants[0]!.grant!.refreshToken;
      expect(await isActive(user, signedIn.sessionId)).toBe(true);
      await refresh(shared);
      expect((await rejection(refresh(shared))).code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(await isActive(user, signedIn.sessionId)).toBe(false);
    }
  });

  it('refuses an empty or unknown refresh token', async () => {
    for (const token of ['', 'not-a-real-token', randomBytes(32).toString('base64url')]) {
      const refused = await rejection(refresh(token));
      expect([refused.code, refused.message]).toEqual([GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.sessionMissing]);
    }
  });

  it('logs out this session (local), every other session (others) or all of them (global)', async () => {
    const user = await under.confirmedUser();
    const since = new Date();
    const logout = (sessionId: string, scope: LogoutScope) => under.identity.logout({ sessionId, scope }, under.as(user, 'viewer'));
    const [a, b, c] = [await under.signIn(user.email), await under.signIn(user.email), await under.signIn(user.email)];

    expect((await logout(a.sessionId, LogoutScope.LOCAL)).revokedSessions).toBe(1);
    expect([await isActive(user, a.sessionId), await isActive(user, b.sessionId), await isActive(user, c.sessionId)]).toEqual([false, true, true]);
    expect((await rejection(refresh(a.refreshToken))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    // A session that is not open (any more) cannot be logged out locally.
    expect((await rejection(logout(a.sessionId, LogoutScope.LOCAL))).code).toBe(GrpcStatus.UNAUTHENTICATED);

    expect((await logout(b.sessionId, LogoutScope.OTHERS)).revokedSessions).toBe(1);
    expect([await isActive(user, b.sessionId), await isActive(user, c.sessionId)]).toEqual([true, false]);
    expect((await rejection(refresh(c.refreshToken))).code).toBe(GrpcStatus.UNAUTHENTICATED);

    const d = await under.signIn(user.email);
    expect((await logout(d.sessionId, LogoutScope.GLOBAL)).revokedSessions).toBe(2);
    expect([await isActive(user, b.sessionId), await isActive(user, d.sessionId)]).toEqual([false, false]);
    // UNSPECIFIED means global.
    const e = await under.signIn(user.email);
    expect((await logout(e.sessionId, LogoutScope.UNSPECIFIED)).revokedSessions).toBe(1);

    const sideways = await rejection(logout(e.sessionId, 42 as LogoutScope));
    expect(sideways.fieldErrors).toEqual([{ field: 'scope', message: 'global, local or others' }]);
    expect((await rejection(under.identity.logout({ sessionId: e.sessionId, scope: LogoutScope.GLOBAL }, under.anonymous()))).code).toBe(
      GrpcStatus.UNAUTHENTICATED,
    );

    const reasons = (await under.eventsSince(SUBJECTS.userSignedOut, since)).filter((event) => event.data.userId === user.id).map((event) => event.data.reason);
    expect(reasons).toEqual(['local', 'others', 'global', 'global']);
  });

  it("answers the caller's own user, and only for the caller's own session", async () => {
    const user = await under.confirmedUser();
    const other = await under.confirmedUser();
    const grant = await under.signIn(user.email);
    const current = await under.identity.getCurrentUser({ sessionId: grant.sessionId }, under.as(user, 'viewer'));
    expect(current).toMatchObject({ sessionActive: true, user: { id: user.id, email: user.email } });
    expect(await isActive(other, grant.sessionId)).toBe(false);
    expect(await isActive(user, '')).toBe(false);
    const unknown = await rejection(
      under.identity.getCurrentUser({ sessionId: grant.sessionId }, under.as({ id: randomUUID(), email: 'gone@example.com' }, 'viewer')),
    );
    expect([unknown.code, unknown.message]).toEqual([GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.notAuthenticated]);
  });
});

describe('first login and welcome', () => {
  it('records the first login once and publishes venuebook.identity.user.first_login.v1 once', async () => {
    const since = new Date();
    const user = await under.confirmedUser();
    const first = await under.signIn(user.email);
    const second = await under.signIn(user.email);
    expect([first.firstSignIn, second.firstSignIn]).toEqual([true, false]);

    const mine = (await under.eventsSince(SUBJECTS.userFirstLogin, since)).filter((event) => event.data.userId === user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.data.email).toBe(user.email);
    expect(mine[0]?.actor).toEqual({ userId: user.id, email: user.email });
  });

  it("marks the welcome dialog as shown ('Got it')", async () => {
    const user = await under.confirmedUser();
    const grant = await under.signIn(user.email);
    expect(grant.user?.welcomeShown).toBe(false);
    expect((await under.identity.markWelcomeShown({}, under.as(user, 'viewer'))).user?.welcomeShown).toBe(true);
    expect((await under.identity.getCurrentUser({ sessionId: grant.sessionId }, under.as(user, 'viewer'))).user?.welcomeShown).toBe(true);
    // Signing in again does not bring the dialog back.
    expect((await under.signIn(user.email)).user?.welcomeShown).toBe(true);
    const unknown = await rejection(under.identity.markWelcomeShown({}, under.as({ id: randomUUID(), email: 'gone@example.com' }, 'viewer')));
    expect(unknown.code).toBe(GrpcStatus.NOT_FOUND);
  });
});

describe('Google (OpenID Connect) sign-in', () => {
  // A fresh ID token of the provider identity trusts, for `email` (see google-sign-in.int.test.ts for refusals).
  const oidc = async (email: string, subject?: string) => ({ grant: await under.signInWithGoogle(email, subject ? { subject } : {}) });

  it('creates a confirmed account without a password on the first sign-in, and finds it again', async () => {
    const email = under.newAddress('google');
    const subject = randomUUID();
    const { grant: first } = await oidc(email, subject);
    expect(first).toMatchObject({ firstSignIn: true, user: { email, emailConfirmed: true, role: 'viewer' } });
    expect(Date.parse(first?.sessionExpiresAt ?? '')).toBeGreaterThan(Date.now());
    const { grant: second } = await oidc(email.toUpperCase(), subject);
    expect(second).toMatchObject({ firstSignIn: false, user: { id: first?.user?.id } });
    expect((await rejection(signInRaw(email, STRONG_PASSWORD))).code).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('drops the pending password of an unconfirmed sign-up under the same address (Google proves who owns it)', async () => {
    const email = under.newAddress('squat');
    await signUp(email);
    const token = await under.confirmationToken(email);
    const { grant } = await oidc(email);
    expect(grant?.user?.emailConfirmed).toBe(true);
    expect((await rejection(signInRaw(email, STRONG_PASSWORD))).message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect((await rejection(confirm(token, email))).code).toBe(GrpcStatus.INVALID_ARGUMENT);
  });

  it('gives an address outside the company a session stored nowhere (Access Denied shows its e-mail)', async () => {
    const guestEmail = `guest-${randomUUID().slice(0, 8)}@partner.org`;
    const { grant } = await oidc(guestEmail);
    expect(grant).toMatchObject({ firstSignIn: false, user: { email: guestEmail, role: 'viewer' } });
    const guest = { id: grant?.user?.id ?? '', email: guestEmail };
    // Not a user: nothing in the user table, the sessions or the list.
    const db = await under.db();
    expect(await db.collection('users').countDocuments({ email: guestEmail })).toBe(0);
    expect(await db.collection('sessions').countDocuments({ userId: guest.id })).toBe(0);
    expect((await under.identity.listUsers({ pageSize: 100 }, under.as(under.owner, 'owner'))).users.some((user) => user.email === guestEmail)).toBe(false);
    // Yet the session works for what Access Denied needs: who am I, refresh, sign out.
    expect(await isActive(guest, grant?.sessionId ?? '')).toBe(true);
    expect((await under.identity.getCurrentUser({ sessionId: grant?.sessionId ?? '' }, under.as(guest, 'viewer'))).user?.email).toBe(guestEmail);
    const refreshed = await refresh(grant?.refreshToken ?? '');
    expect(refreshed.grant).toMatchObject({
      sessionId: grant?.sessionId,
      sessionExpiresAt: grant?.sessionExpiresAt,
      user: { id: guest.id, email: guestEmail },
    });
    expect((await under.identity.logout({ sessionId: grant?.sessionId ?? '', scope: LogoutScope.LOCAL }, under.as(guest, 'viewer'))).revokedSessions).toBe(0);
    // Its values are bound together: another e-mail under the guest's id, or a doctored token, is refused.
    expect(
      (await rejection(under.identity.getCurrentUser({ sessionId: grant?.sessionId ?? '' }, under.as({ id: guest.id, email: 'other@partner.org' }, 'viewer'))))
        .code,
    ).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(await isActive({ id: guest.id, email: guestEmail }, `${grant?.sessionId ?? ''}x`)).toBe(false);
    const token = grant?.refreshToken ?? '';
    expect((await rejection(refresh(`${token.slice(0, -2)}AA`))).code).toBe(GrpcStatus.UNAUTHENTICATED);
  });
});

describe('the identity service without the gateway', () => {
  it('refuses unsigned, forged and otherwise-keyed calls on every RPC, before doing anything', async () => {
    const unsigned = createClient(IdentityService, under.address, { deadlineMs: 5000 });
    const forged = createClient(IdentityService, under.address, {
      deadlineMs: 5000,
      metadata: (method) => ({
        ...signUserContext({ userId: under.owner.id, email: under.owner.email, role: 'viewer', requestId: 'r' }, under.userContextKey, method),
        'x-vb-user-role': 'owner',
      }),
    });
    const otherKey = createClient(IdentityService, under.address, {
      deadlineMs: 5000,
      metadata: userContextSigner({ userId: under.owner.id, email: under.owner.email, role: 'owner', requestId: 'r' }, randomBytes(32).toString('base64url')),
    });
    const sneaky = under.newAddress('sneaky');
    try {
      for (const client of [unsigned, forged, otherKey]) {
        // Each call's failure is caught at once (rejection attaches its handler), then checked in turn.
        const calls: Promise<unknown>[] = [
          client.signUp({ email: sneaky, password: STRONG_PASSWORD, appUrl: APP_URL }),
          client.confirmEmail({ token: 'x', email: sneaky, password: STRONG_PASSWORD }),
          client.signInWithPassword({ email: under.owner.email, password: STRONG_PASSWORD }),
          client.signInWithOidc({ email: under.owner.email, issuer: 'https://accounts.google.com', subject: 's' }),
          client.refreshSession({ refreshToken: 'x' }),
          client.logout({}),
          client.getCurrentUser({}),
          client.markWelcomeShown({}),
          client.listUsers({}),
          client.assignRole({ userId: under.owner.id, role: 'viewer' }),
          client.removeUser({ userId: under.owner.id }),
          client.listAuditLogs({}),
          client.listAdminSettings({}),
          client.getAdminSetting({ key: 'x' }),
          client.setAdminSetting({ key: 'x', value: 'y' }),
          client.listPendingFirstLogins({}),
          client.markFirstLoginsNotified({ userIds: [under.owner.id] }),
          client.getFirstLoginWebhook({}),
        ];
        const errors = await Promise.all(calls.map(rejection));
        // Every RPC of the service is in the list (a new one must be added here).
        expect(errors).toHaveLength(IdentityService.methods.length);
        for (const error of errors) expect(error.code).toBe(GrpcStatus.UNAUTHENTICATED);
      }
      // Nothing happened: no account, no mail, the owner still an owner.
      const { users } = await under.identity.listUsers({}, under.as(under.owner, 'owner'));
      expect(users.some((user) => user.email === sneaky)).toBe(false);
      expect(users.find((user) => user.id === under.owner.id)?.role).toBe('owner');
      await expect(confirmationLink(under.mailboxUrl, sneaky)).rejects.toThrow(/no confirmation mail/);
    } finally {
      for (const client of [unsigned, forged, otherKey]) client.close();
    }
  });
});
