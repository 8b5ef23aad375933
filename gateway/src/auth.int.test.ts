// Identity and access through the gateway on the real services: every sign-in path, sessions, logout
// scopes, rate limit, the role × endpoint matrix, user management rules and the first-login event. The
// identity service's own gRPC face (unsigned calls included) is tested in services/identity.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@venuebook/local';
import { API_ERROR_CODES, can, REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH, ROLES } from '@venuebook/domain';
import type { Action, Role } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import { createClient } from '@venuebook/grpc';
import { IdentityService } from '@venuebook/contracts/identity/v1';
import { connectNats, userContextSigner } from '@venuebook/service-kit';
import { chooseAccount, confirmationLink, eventsSince, testInfra } from '@venuebook/service-kit/testing';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import type { GatewayApp } from './app.ts';
import { EMBED_TOKEN_MESSAGES } from './lib/embed.ts';
import { startGatewayUnderTest, TEST_DOMAIN } from './testing/gateway-under-test.ts';
import type { GatewayUnderTest } from './testing/gateway-under-test.ts';

const infra = testInfra();
let under: GatewayUnderTest;
let app: GatewayApp;

// Services of its own: it signs a demo account out of every session (logout global), pages the whole user list
// and counts on the only owner being the demo one.
beforeAll(async () => {
  under = await startGatewayUnderTest(infra);
  app = under.app;
});

afterAll(async () => {
  await under?.stop();
});

const newAddress = (prefix = 'new'): string => `${prefix}-${randomUUID().slice(0, 8)}@${TEST_DOMAIN}`;
const STRONG = 'Correct-horse-42';
const SESSION_DAYS = 30;
const DAY_S = 86_400;

async function signUp(email: string, password = STRONG) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email, password } });
}

async function signInRaw(email: string, password: string, confirmationToken?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/token?grant_type=password',
    payload: { email, password, ...(confirmationToken ? { confirmationToken } : {}) },
  });
}

/** Opens the link of the newest confirmation mail to `email`: it only leads to /auth?confirm=<token>. */
async function openConfirmationLink(email: string): Promise<string> {
  const link = new URL(await confirmationLink(under.mailboxUrl, email));
  const opened = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  expect(opened.statusCode).toBe(303);
  const target = new URL(String(opened.headers.location), 'http://app');
  expect(target.pathname).toBe('/auth');
  return target.searchParams.get('confirm') ?? '';
}

/** Signs up and confirms `email` the way a user does: the mail's link, then a sign-in with the password. */
async function signUpConfirmed(email: string): Promise<void> {
  expect((await signUp(email)).statusCode).toBe(201);
  expect((await signInRaw(email, STRONG, await openConfirmationLink(email))).statusCode).toBe(200);
}

async function refresh(cookie: string) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=refresh_token', cookies: { [REFRESH_COOKIE_NAME]: cookie } });
}

const cookieOf = (response: Awaited<ReturnType<typeof refresh>>): string | undefined =>
  response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE_NAME)?.value;

describe('sign-up and e-mail confirmation', () => {
  it('signs up, mails a confirmation link, refuses sign-in until confirmed, then signs in', async () => {
    const email = newAddress();
    const response = await signUp(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Check your email for the confirmation link!' });

    const early = await signInRaw(email, STRONG);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('Email not confirmed');

    // Opening the link (as a mail scanner would) confirms nothing: it leads to the sign-in page.
    const token = await openConfirmationLink(email);
    expect((await signInRaw(email, STRONG)).json().error.message).toBe('Email not confirmed');
    // The token alone is not enough: the password chosen at sign-up must come with it.
    const wrong = await signInRaw(email, 'Other-password-9', token);
    expect(wrong.statusCode).toBe(401);
    expect((await signInRaw(email, STRONG, 'not-the-token')).json().error.message).toBe('The confirmation link is invalid or has expired');
    const confirming = await signInRaw(email, STRONG, token);
    expect(confirming.statusCode).toBe(200);
    // Following the link again later just signs in.
    expect((await signInRaw(email, STRONG, token)).statusCode).toBe(200);

    const signedIn = await signInRaw(email, STRONG);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json();
    expect(session).toMatchObject({ tokenType: 'bearer', expiresIn: 900, user: { email, role: 'viewer', welcomeShown: false } });
    expect(session.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const cookie = signedIn.cookies.find((candidate) => candidate.name === REFRESH_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH });
    // The cookie ends with the session, whose lifetime is the identity service's SESSION_TTL_DAYS (30 by default).
    expect(cookie!.maxAge).toBeGreaterThan(SESSION_DAYS * DAY_S - 120);
    expect(cookie!.maxAge).toBeLessThanOrEqual(SESSION_DAYS * DAY_S);
  });

  it('refuses other domains, weak passwords and taken addresses with clear errors', async () => {
    const outsider = await signUp('someone@gmail.com');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: { code: API_ERROR_CODES.domainNotAllowed, message: 'Only @example.com email addresses are allowed' } });
    // A look-alike domain is not the company domain.
    expect((await signUp('someone@badexample.com')).statusCode).toBe(403);

    const weak = await signUp(newAddress(), 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.map((detail: { message: string }) => detail.message)).toEqual([
      'Password should be at least 8 characters.',
      'Password should contain letters and digits.',
    ]);

    const invalid = await signUp('not-an-address');
    expect(invalid.statusCode).toBe(400);

    const taken = await signUp(under.accounts.editor.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('User already registered');
  });
});

describe('password sign-in', () => {
  it('refuses wrong, empty and unknown credentials alike, and other domains', async () => {
    const wrong = await signInRaw(under.accounts.editor.email, 'Wrong-password-1');
    const unknown = await signInRaw(newAddress('ghost'), 'Wrong-password-1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Invalid login credentials' } });
    }
    const empty = await signInRaw(under.accounts.editor.email, '');
    expect(empty.statusCode).toBe(400);
    const outsider = await signInRaw('editor@other.org', DEMO_PASSWORD);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.code).toBe(API_ERROR_CODES.domainNotAllowed);
  });

  it('makes OWNER_EMAILS owners and gives a user without a role the viewer role', async () => {
    const owner = await signInRaw(under.accounts.owner.email, DEMO_PASSWORD);
    expect(owner.json().user.role).toBe('owner');
    const viewer = await signInRaw(under.accounts.viewer.email, DEMO_PASSWORD);
    expect(viewer.json().user.role).toBe('viewer');
  });
});

describe('sessions', () => {
  it('rotates the refresh token on every use, and a reused token revokes the whole family', async () => {
    const signedIn = await under.signIn(under.accounts.surveyor.email, DEMO_PASSWORD);
    const first = await refresh(signedIn.refreshCookie);
    expect(first.statusCode).toBe(200);
    const rotated = cookieOf(first);
    expect(rotated).toBeDefined();
    // A refresh keeps the session's end: the new cookie expires when the first one would have.
    const maxAge = first.cookies.find((cookie) => cookie.name === REFRESH_COOKIE_NAME)?.maxAge;
    expect(maxAge).toBeLessThanOrEqual(SESSION_DAYS * DAY_S);
    expect(maxAge).toBeGreaterThan(SESSION_DAYS * DAY_S - 120);
    expect(rotated).not.toBe(signedIn.refreshCookie);
    const fresh = first.json().accessToken as string;
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);

    const next = await refresh(rotated!);
    expect(next.statusCode).toBe(200);

    // The old token comes back after its successor was used (stolen?): refused, and the session is ended.
    const reuse = await refresh(signedIn.refreshCookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.message).toBe('Auth session missing!');
    expect((await refresh(cookieOf(next)!)).statusCode).toBe(401);
    // Access tokens of the family stop working once the cached user expires; a new sign-in is unaffected.
    expect((await under.signIn(under.accounts.surveyor.email, DEMO_PASSWORD)).accessToken).toBeTruthy();
  });

  it('answers simultaneous refreshes with the same token with one successor (a rotation and grace re-uses), whose second use ends the family (atomic on FerretDB too)', async () => {
    for (let round = 0; round < 5; round++) {
      const signedIn = await under.signIn(under.accounts.editor.email, DEMO_PASSWORD);
      const answers = await Promise.all([refresh(signedIn.refreshCookie), refresh(signedIn.refreshCookie), refresh(signedIn.refreshCookie)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => cookieOf(answer))).size).toBe(1);
      expect((await refresh(cookieOf(answers[0]!)!)).statusCode).toBe(200);
      expect((await refresh(cookieOf(answers[1]!)!)).statusCode).toBe(401);
    }
  });

  it('refuses a refresh without a cookie or with an unknown one', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=refresh_token' })).statusCode).toBe(401);
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
  });

  it('logs out this session (local), every other session (others) or all of them (global)', async () => {
    const email = under.accounts.admin.email;
    const status = async (session: { headers: { authorization: string } }) =>
      (await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: session.headers })).statusCode;
    const logout = (session: { headers: { authorization: string } }, scope: string) =>
      app.inject({ method: 'POST', url: `/api/v1/auth/logout?scope=${scope}`, headers: session.headers });

    const [a, b, c] = [await under.signIn(email, DEMO_PASSWORD), await under.signIn(email, DEMO_PASSWORD), await under.signIn(email, DEMO_PASSWORD)];
    const local = await logout(a, 'local');
    expect(local.statusCode).toBe(204);
    expect(local.cookies.find((cookie) => cookie.name === REFRESH_COOKIE_NAME)?.value).toBe('');
    expect(await status(a)).toBe(401);
    expect((await refresh(a.refreshCookie)).statusCode).toBe(401);
    expect(await status(b)).toBe(200);

    expect((await logout(b, 'others')).statusCode).toBe(204);
    expect(await status(b)).toBe(200);
    expect((await refresh(c.refreshCookie)).statusCode).toBe(401);

    const d = await under.signIn(email, DEMO_PASSWORD);
    expect((await logout(d, 'global')).statusCode).toBe(204);
    expect(await status(d)).toBe(401);
    expect((await refresh(b.refreshCookie)).statusCode).toBe(401);
    expect((await logout(d, 'sideways')).statusCode).toBe(401);
  });
});

describe('sign-out while identity cannot be reached', () => {
  it('still clears the refresh cookie, so that the browser is not signed back in (the 503 says the revocation failed)', async () => {
    const cut = await under.buildAnother({ IDENTITY_GRPC_URL: '127.0.0.1:1', GRPC_DEADLINE_MS: '1000' });
    const session = await under.signIn(under.accounts.editor.email, DEMO_PASSWORD);
    const logout = (scope: string) =>
      cut.inject({
        method: 'POST',
        url: `/api/v1/auth/logout?scope=${scope}`,
        headers: session.headers,
        cookies: { [REFRESH_COOKIE_NAME]: session.refreshCookie },
      });
    const cleared = (response: InjectResponse) => response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE_NAME && cookie.path === REFRESH_COOKIE_PATH);

    // The user cannot even be resolved (not cached on this replica): refused before the handler.
    const unresolved = await logout('local');
    expect(unresolved.statusCode).toBe(503);
    expect(cleared(unresolved)?.value).toBe('');
    expect(cleared(unresolved)?.maxAge ?? 0).toBeLessThanOrEqual(0);

    // Resolved (cached), but the revocation itself fails.
    const user = (await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: session.headers })).json();
    cut.userCache.set(
      session.userId,
      JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()).sid,
      { user, active: true },
      cut.userCache.generation(),
    );
    const unrevoked = await logout('global');
    expect(unrevoked.statusCode).toBe(503);
    expect(cleared(unrevoked)?.value).toBe('');
    // 'others' keeps this browser signed in: its cookie stays.
    expect(cleared(await logout('others'))).toBeUndefined();
  });
});

describe('several gateway replicas', () => {
  it('stop accepting a signed-out session at once, not after their 30 s cache', async () => {
    const other = await under.buildAnother({});
    const session = await under.signIn(under.accounts.surveyor.email, DEMO_PASSWORD);
    const onOther = () => other.inject({ method: 'GET', url: '/api/v1/auth/user', headers: session.headers });
    expect((await onOther()).statusCode).toBe(200); // cached there now
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout?scope=local', headers: session.headers })).statusCode).toBe(204);
    const started = Date.now();
    await expect.poll(async () => (await onOther()).statusCode, { timeout: 3000, interval: 50 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a client exceeds the sign-in limit', async () => {
    const limited = await under.buildAnother({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = () =>
      limited.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=password', payload: { email: under.accounts.viewer.email, password: 'nope-1234' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await attempt());
    expect(statuses.slice(0, 3).map((response) => response.statusCode)).toEqual([401, 401, 401]);
    const blocked = statuses[3]!;
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests. Please try again later.' } });
    // Refreshes are counted apart (ten times the limit): reloads and tabs of a signed-in user go on.
    for (let i = 0; i < 5; i++) {
      const refreshed = await limited.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=refresh_token' });
      expect(refreshed.statusCode).toBe(401);
    }
  });

  it('keys the sign-in counter on the validated grant only: junk grant_type values neither get their own counters nor evict it', async () => {
    const limited = await under.buildAnother({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const remoteAddress = '203.0.113.7';
    const attempt = (grant: string) =>
      limited.inject({
        method: 'POST',
        url: `/api/v1/auth/token?grant_type=${grant}`,
        remoteAddress,
        payload: { email: under.accounts.viewer.email, password: 'nope-1234' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('password')).statusCode).toBe(401);
    // Made-up grant types are this client's password attempts, under the same key: refused at once (each with a
    // counter of its own would be let through, and enough of them would push the password counter out) ...
    for (let i = 0; i < 100; i++) expect((await attempt(`junk-${i}`)).statusCode).toBe(429);
    // ... and the password counter is still there.
    expect((await attempt('password')).statusCode).toBe(429);
    // Another client is not affected.
    const other = await limited.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      remoteAddress: '198.51.100.9',
      payload: { email: under.accounts.viewer.email, password: 'nope-1234' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('limits failed password attempts per account, from any number of clients, with a clear message', async () => {
    const limited = await under.buildAnother({ AUTH_ACCOUNT_MAX_FAILURES: '3', AUTH_ACCOUNT_WINDOW_MINUTES: '15' });
    let client = 0;
    const attempt = (email: string, password: string) =>
      limited.inject({ method: 'POST', url: '/api/v1/auth/token?grant_type=password', remoteAddress: `192.0.2.${++client}`, payload: { email, password } });
    const { email } = under.accounts.surveyor;
    // The address is normalised: case and surrounding spaces do not make another account.
    for (const spelling of [email, email.toUpperCase(), `  ${email} `]) expect((await attempt(spelling, 'Wrong-password-1')).statusCode).toBe(401);
    const locked = await attempt(email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.' },
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.cookies.find((cookie) => cookie.name === REFRESH_COOKIE_NAME)).toBeUndefined();
    // Other accounts sign in as usual, and successful sign-ins are not counted.
    for (let i = 0; i < 4; i++) expect((await attempt(under.accounts.editor.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('readiness detail and API docs for signed-in users', () => {
  it('shows the readiness detail to admins and owners from anywhere, a bare status to everyone else', async () => {
    const readyz = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.70', headers })).json();
    expect(await readyz({})).toEqual({ status: 'ready' });
    expect(await readyz({ authorization: 'Bearer not-a-token' })).toEqual({ status: 'ready' });
    for (const role of ['viewer', 'editor', 'surveyor'] as const) expect(await readyz(await under.as(role)), role).toEqual({ status: 'ready' });
    for (const role of ['admin', 'owner'] as const)
      expect(await readyz(await under.as(role)), role).toEqual({
        status: 'ready',
        checks: { venues: 'SERVING', identity: 'SERVING', cards: 'SERVING', media: 'SERVING', notifier: 'SERVING', drive: 'SERVING' },
      });
  });

  it('serves the API document to signed-in company users (API_DOCS=signed-in, the default)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/docs/json', remoteAddress: '203.0.113.70' })).statusCode).toBe(401);
    const signedIn = await app.inject({ method: 'GET', url: '/api/docs/json', remoteAddress: '203.0.113.70', headers: await under.as('viewer') });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().openapi).toMatch(/^3\.1\./);
  });
});

/** A small text upload (multipart: the fields, then the file), for the matrix's upload row. */
function matrixUpload(): FormData {
  const form = new FormData();
  form.append('category', 'general');
  form.append('file', new Blob(['matrix\n'], { type: 'text/plain' }), 'matrix.txt');
  return form;
}

describe('role × endpoint matrix', () => {
  /** A seeded master template (services/cards/src/domain/seed-templates.ts: 'Network', IT). */
  const NETWORK_TEMPLATE = '7ed2da07-9fd0-4cd6-939a-deb28b760712';
  /** Every endpoint built so far, with the permission it needs (null: any signed-in company user). */
  const endpoints: { name: string; action: Action | null; call: (headers: Record<string, string>) => Promise<InjectResponse> }[] = [
    { name: 'GET /venues', action: 'venue.view', call: (headers) => app.inject({ method: 'GET', url: '/api/v1/venues', headers }) },
    { name: 'GET /venues/:id', action: 'venue.view', call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}`, headers }) },
    {
      name: 'POST /venues',
      action: 'venue.create',
      call: (headers) => app.inject({ method: 'POST', url: '/api/v1/venues', payload: { name: `Matrix ${randomUUID().slice(0, 6)}` }, headers }),
    },
    // Unknown venues: 404 once permitted, 403 before.
    {
      name: 'PUT /venues/:id',
      action: 'venue.edit',
      call: (headers) => app.inject({ method: 'PUT', url: `/api/v1/venues/${randomUUID()}`, payload: { name: 'Matrix Edit' }, headers }),
    },
    { name: 'DELETE /venues/:id', action: 'venue.delete', call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/venues/${randomUUID()}`, headers }) },
    {
      name: 'POST /venues/:id/restore',
      action: 'venue.restore',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/restore`, headers }),
    },
    // Events (gateway/src/events.int.test.ts has their own matrix with real events): unknown venues and events 404 once permitted.
    {
      name: 'GET /venues/:id/events',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/events`, headers }),
    },
    {
      name: 'POST /venues/:id/events',
      action: 'event.create',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/events`, payload: { name: 'Matrix show' }, headers }),
    },
    { name: 'GET /events', action: 'venue.view', call: (headers) => app.inject({ method: 'GET', url: '/api/v1/events', headers }) },
    {
      name: 'PUT /events/:id',
      action: 'event.edit',
      call: (headers) => app.inject({ method: 'PUT', url: `/api/v1/events/${randomUUID()}`, payload: { name: 'Matrix show' }, headers }),
    },
    { name: 'DELETE /events/:id', action: 'event.delete', call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/events/${randomUUID()}`, headers }) },
    // Card field values on the seeded 'Network' template: reads and writes 404 'Venue not found' once permitted (an unknown or deleted venue).
    {
      name: 'GET /venues/:id/values',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/values`, headers }),
    },
    {
      name: 'GET /venues/:id/cards/:cardId/values',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/cards/${NETWORK_TEMPLATE}/values`, headers }),
    },
    {
      name: 'PUT /venues/:id/cards/:cardId/values',
      action: 'card.data.save',
      call: (headers) =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/venues/${randomUUID()}/cards/${NETWORK_TEMPLATE}/values`,
          payload: { values: { notes: { value: 'Matrix', baseVersion: 0 } } },
          headers,
        }),
    },
    {
      name: 'GET /venues/:id/cards/:cardId/fields/:fieldKey/history',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/cards/${NETWORK_TEMPLATE}/fields/notes/history`, headers }),
    },
    {
      name: 'POST /venues/:id/cards/:cardId/fields/:fieldKey/restore',
      action: 'card.data.save',
      call: (headers) =>
        app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/cards/${NETWORK_TEMPLATE}/fields/notes/restore`, payload: { version: 1 }, headers }),
    },
    {
      name: 'POST /venues/:id/cards/:cardId/fields/:fieldKey/verify',
      action: 'card.data.save',
      call: (headers) =>
        app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/cards/${NETWORK_TEMPLATE}/fields/notes/verify`, payload: {}, headers }),
    },
    // Field notes: an unknown venue 404s 'Venue not found' once permitted (read, save, clean).
    {
      name: 'GET /venues/:id/cards/:cardId/notes/:fieldKey',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/cards/${NETWORK_TEMPLATE}/notes/notes`, headers }),
    },
    {
      name: 'PUT /venues/:id/cards/:cardId/notes/:fieldKey',
      action: 'card.data.save',
      call: (headers) =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/venues/${randomUUID()}/cards/${NETWORK_TEMPLATE}/notes/notes`,
          payload: { department: 'IT', text: 'Matrix' },
          headers,
        }),
    },
    {
      name: 'GET /venues/:id/notes',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/notes`, headers }),
    },
    {
      name: 'POST /venues/:id/field-notes/clean',
      action: 'venue.clean_field_notes',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/field-notes/clean`, headers }),
    },
    // Cards (gateway/src/cards.int.test.ts has their behaviour): unknown cards and venues 404 once permitted.
    {
      name: 'GET /card-templates',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: '/api/v1/card-templates?department=IT', headers }),
    },
    {
      name: 'POST /card-templates',
      action: 'card.template.manage',
      call: (headers) =>
        app.inject({ method: 'POST', url: '/api/v1/card-templates', payload: { title: `Matrix ${randomUUID().slice(0, 6)}`, departments: ['IT'] }, headers }),
    },
    {
      name: 'PUT /card-templates/order',
      action: 'card.template.manage',
      call: (headers) => app.inject({ method: 'PUT', url: '/api/v1/card-templates/order', payload: { department: 'IT', cardIds: [] }, headers }),
    },
    {
      name: 'PUT /card-templates/:id',
      action: 'card.template.manage',
      call: (headers) => app.inject({ method: 'PUT', url: `/api/v1/card-templates/${randomUUID()}`, payload: { title: 'Matrix' }, headers }),
    },
    {
      name: 'DELETE /card-templates/:id',
      action: 'card.template.manage',
      call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/card-templates/${randomUUID()}`, headers }),
    },
    {
      name: 'POST /card-templates/:id/move',
      action: 'card.template.manage',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/card-templates/${randomUUID()}/move`, payload: { department: 'IT' }, headers }),
    },
    { name: 'GET /cards/:id', action: 'venue.view', call: (headers) => app.inject({ method: 'GET', url: `/api/v1/cards/${randomUUID()}`, headers }) },
    {
      name: 'PUT /cards/:id',
      action: 'card.edit',
      call: (headers) => app.inject({ method: 'PUT', url: `/api/v1/cards/${randomUUID()}`, payload: { title: 'Matrix' }, headers }),
    },
    { name: 'DELETE /cards/:id', action: 'card.delete', call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/cards/${randomUUID()}`, headers }) },
    {
      name: 'POST /cards/:id/remove-department',
      action: 'card.edit',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/cards/${randomUUID()}/remove-department`, payload: { department: 'IT' }, headers }),
    },
    {
      name: 'POST /cards/:id/restore',
      action: 'card.restore',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/cards/${randomUUID()}/restore`, headers }),
    },
    { name: 'GET /deleted-cards', action: 'card.view_deleted', call: (headers) => app.inject({ method: 'GET', url: '/api/v1/deleted-cards', headers }) },
    {
      name: 'DELETE /deleted-cards/:id',
      action: 'card.purge',
      call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/deleted-cards/${randomUUID()}`, headers }),
    },
    {
      name: 'GET /venues/:id/cards',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/cards?department=IT`, headers }),
    },
    {
      name: 'POST /venues/:id/cards',
      action: 'card.create',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/cards`, payload: { department: 'IT', title: 'Matrix' }, headers }),
    },
    // An unknown template: 400 once permitted (the selection is checked before the venue).
    {
      name: 'POST /venues/:id/cards/templates',
      action: 'card.create',
      call: (headers) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/venues/${randomUUID()}/cards/templates`,
          payload: { department: 'IT', templateIds: [randomUUID()] },
          headers,
        }),
    },
    {
      name: 'PUT /venues/:id/cards/order',
      action: 'card.edit',
      call: (headers) => app.inject({ method: 'PUT', url: `/api/v1/venues/${randomUUID()}/cards/order`, payload: { department: 'IT', cardIds: [] }, headers }),
    },
    {
      name: 'POST /venues/:id/cards/templates/:templateId/customize',
      action: 'card.edit',
      call: (headers) =>
        app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/cards/templates/${randomUUID()}/customize`, payload: { department: 'IT' }, headers }),
    },
    {
      name: 'DELETE /venues/:id/cards/templates/:templateId',
      action: 'card.delete',
      call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/venues/${randomUUID()}/cards/templates/${randomUUID()}?department=IT`, headers }),
    },
    // Documents and photos: an unknown venue or document, 404 once permitted. The upload is multipart.
    {
      name: 'POST /venues/:id/documents',
      action: 'document.upload',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/documents`, payload: matrixUpload() as never, headers }),
    },
    {
      name: 'GET /venues/:id/documents',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/documents`, headers }),
    },
    { name: 'GET /documents/:id', action: 'venue.view', call: (headers) => app.inject({ method: 'GET', url: `/api/v1/documents/${randomUUID()}`, headers }) },
    {
      name: 'PATCH /documents/:id',
      action: 'document.edit',
      call: (headers) => app.inject({ method: 'PATCH', url: `/api/v1/documents/${randomUUID()}`, payload: { category: 'general' }, headers }),
    },
    {
      name: 'DELETE /documents/:id',
      action: 'document.delete',
      call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/documents/${randomUUID()}`, headers }),
    },
    {
      name: 'POST /venues/:id/photos/batch-delete',
      action: 'photo.delete',
      call: (headers) =>
        app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/photos/batch-delete`, payload: { documentIds: [randomUUID()] }, headers }),
    },
    {
      name: 'POST /venues/:id/photo-tags',
      action: 'photo.tag',
      call: (headers) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/venues/${randomUUID()}/photo-tags`,
          payload: { documentIds: [randomUUID()], cardIds: [randomUUID()] },
          headers,
        }),
    },
    {
      name: 'POST /venues/:id/photo-tags/remove',
      action: 'photo.tag',
      call: (headers) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/venues/${randomUUID()}/photo-tags/remove`,
          payload: { documentIds: [randomUUID()], cardIds: [randomUUID()] },
          headers,
        }),
    },
    {
      name: 'GET /venues/:id/gallery',
      action: 'venue.view',
      call: (headers) => app.inject({ method: 'GET', url: `/api/v1/venues/${randomUUID()}/gallery`, headers }),
    },
    {
      name: 'PUT /venues/:id/gallery',
      action: 'gallery.manage',
      call: (headers) => app.inject({ method: 'PUT', url: `/api/v1/venues/${randomUUID()}/gallery`, payload: { enabled: true }, headers }),
    },
    {
      name: 'POST /venues/:id/gallery/rotate',
      action: 'gallery.manage',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/gallery/rotate`, headers }),
    },
    { name: 'GET /auth/user', action: null, call: (headers) => app.inject({ method: 'GET', url: '/api/v1/auth/user', headers }) },
    { name: 'POST /auth/welcome', action: null, call: (headers) => app.inject({ method: 'POST', url: '/api/v1/auth/welcome', headers }) },
    { name: 'GET /users', action: 'user.list', call: (headers) => app.inject({ method: 'GET', url: '/api/v1/users', headers }) },
    // Assigning 'viewer' to the viewer account is allowed by the rules, so only the permission decides.
    {
      name: 'PUT /users/:id/role',
      action: 'user.assign_role',
      call: async (headers) => app.inject({ method: 'PUT', url: `/api/v1/users/${await viewerId()}/role`, payload: { role: 'viewer' }, headers }),
    },
    // An unknown user: 404 once permitted, 403 before.
    { name: 'DELETE /users/:id', action: 'user.remove', call: (headers) => app.inject({ method: 'DELETE', url: `/api/v1/users/${randomUUID()}`, headers }) },
    // The first-login webhook (the notifier): a test to a closed port answers 200 with delivered false; an unknown job 404.
    { name: 'GET /admin/webhook', action: 'settings.view', call: (headers) => app.inject({ method: 'GET', url: '/api/v1/admin/webhook', headers }) },
    { name: 'GET /admin/drive', action: 'sync.view', call: (headers) => app.inject({ method: 'GET', url: '/api/v1/admin/drive', headers }) },
    {
      name: 'POST /venues/:id/documents/sync-drive',
      action: 'document.upload',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/venues/${randomUUID()}/documents/sync-drive`, headers }),
    },
    { name: 'GET /admin/drive/queue', action: 'sync.view', call: (headers) => app.inject({ method: 'GET', url: '/api/v1/admin/drive/queue', headers }) },
    // Both on a venue of no one's: a reset that removes nothing; a trigger that finds nothing new of this matrix's.
    { name: 'POST /admin/drive/sync', action: 'sync.trigger', call: (headers) => app.inject({ method: 'POST', url: '/api/v1/admin/drive/sync', headers }) },
    {
      name: 'POST /admin/drive/reset',
      action: 'sync.reset',
      call: (headers) => app.inject({ method: 'POST', url: '/api/v1/admin/drive/reset', payload: { venueId: randomUUID() }, headers }),
    },
    {
      name: 'POST /admin/webhook/test',
      action: 'settings.edit',
      call: (headers) => app.inject({ method: 'POST', url: '/api/v1/admin/webhook/test', payload: { url: 'http://127.0.0.1:9/hooks/matrix' }, headers }),
    },
    {
      name: 'GET /admin/webhook/secret',
      action: 'settings.edit',
      call: (headers) => app.inject({ method: 'GET', url: '/api/v1/admin/webhook/secret', headers }),
    },
    {
      name: 'POST /admin/webhook/secret/rotate',
      action: 'settings.edit',
      call: (headers) => app.inject({ method: 'POST', url: '/api/v1/admin/webhook/secret/rotate', headers }),
    },
    {
      name: 'POST /admin/webhook/jobs/:id/retry',
      action: 'settings.edit',
      call: (headers) => app.inject({ method: 'POST', url: `/api/v1/admin/webhook/jobs/first_login:${randomUUID()}/retry`, headers }),
    },
  ];
  let viewerUserId: string | undefined;
  async function viewerId(): Promise<string> {
    viewerUserId ??= (await under.signIn(under.accounts.viewer.email, DEMO_PASSWORD)).userId;
    return viewerUserId;
  }
  const NOT_FOUND_ONCE_PERMITTED = ['GET /venues/:id', 'PUT /venues/:id', 'DELETE /venues/:id', 'POST /venues/:id/restore', 'DELETE /users/:id'];
  NOT_FOUND_ONCE_PERMITTED.push('POST /admin/webhook/jobs/:id/retry', 'POST /venues/:id/documents/sync-drive');
  NOT_FOUND_ONCE_PERMITTED.push('GET /venues/:id/events', 'POST /venues/:id/events', 'PUT /events/:id', 'DELETE /events/:id');
  NOT_FOUND_ONCE_PERMITTED.push(
    'PUT /venues/:id/cards/:cardId/values',
    'POST /venues/:id/cards/:cardId/fields/:fieldKey/restore',
    'POST /venues/:id/cards/:cardId/fields/:fieldKey/verify',
  );
  NOT_FOUND_ONCE_PERMITTED.push('GET /venues/:id/values', 'GET /venues/:id/cards/:cardId/values', 'GET /venues/:id/cards/:cardId/fields/:fieldKey/history');
  NOT_FOUND_ONCE_PERMITTED.push(
    'GET /venues/:id/notes',
    'GET /venues/:id/cards/:cardId/notes/:fieldKey',
    'PUT /venues/:id/cards/:cardId/notes/:fieldKey',
    'POST /venues/:id/field-notes/clean',
  );
  NOT_FOUND_ONCE_PERMITTED.push(
    'PUT /card-templates/:id',
    'DELETE /card-templates/:id',
    'POST /card-templates/:id/move',
    'GET /cards/:id',
    'PUT /cards/:id',
    'DELETE /cards/:id',
    'POST /cards/:id/remove-department',
    'POST /cards/:id/restore',
    'DELETE /deleted-cards/:id',
    'GET /venues/:id/cards',
    'POST /venues/:id/cards',
    'PUT /venues/:id/cards/order',
    'POST /venues/:id/cards/templates/:templateId/customize',
    'DELETE /venues/:id/cards/templates/:templateId',
  );
  /** The media routes: 404 for the made-up document and venue once the role may call them. */
  const MEDIA_ROUTES = [
    'POST /venues/:id/documents',
    'GET /venues/:id/documents',
    'GET /documents/:id',
    'PATCH /documents/:id',
    'DELETE /documents/:id',
    'POST /venues/:id/photos/batch-delete',
    'POST /venues/:id/photo-tags',
    'POST /venues/:id/photo-tags/remove',
    'GET /venues/:id/gallery',
    'PUT /venues/:id/gallery',
    'POST /venues/:id/gallery/rotate',
  ];
  NOT_FOUND_ONCE_PERMITTED.push(...MEDIA_ROUTES);
  const allowedStatus = (name: string): number[] =>
    name === 'POST /venues' || name === 'POST /card-templates'
      ? [201]
      : name === 'POST /venues/:id/cards/templates'
        ? [400]
        : NOT_FOUND_ONCE_PERMITTED.includes(name)
          ? [404]
          : name === 'POST /auth/welcome'
            ? [204]
            : [200];

  it('enforces the permission table for every role, anonymous callers and other domains', async () => {
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const headers = await under.as(role);
      for (const endpoint of endpoints) {
        const response = await endpoint.call(headers);
        const allowed = endpoint.action === null || can(role as Role, endpoint.action);
        outcomes.push(`${role} ${endpoint.name} ${response.statusCode}`);
        if (allowed) expect(allowedStatus(endpoint.name), `${role} ${endpoint.name}: ${response.body}`).toContain(response.statusCode);
        else expect(response.statusCode, `${role} ${endpoint.name}`).toBe(403);
      }
    }
    for (const endpoint of endpoints) {
      const response = await endpoint.call({});
      expect(response.statusCode, `anonymous ${endpoint.name}`).toBe(401);
    }
    // Spot checks that do not lean on the table: viewers cannot create, surveyors cannot manage users.
    expect(outcomes).toContain('viewer POST /venues 403');
    expect(outcomes).toContain('surveyor GET /users 403');
    expect(outcomes).toContain('admin GET /users 200');
    expect(outcomes).toHaveLength(ROLES.length * endpoints.length);
  });

  /** What the embedded media library calls (route config.embed): an embed token is accepted there, refused (403) elsewhere. */
  const EMBED_ROUTES = ['GET /auth/user', 'GET /venues/:id', 'GET /venues/:id/events', 'GET /venues/:id/cards', ...MEDIA_ROUTES];

  it("takes an embed token on the media library's routes only, with the role's permissions there; every other endpoint answers it 403", async () => {
    for (const name of EMBED_ROUTES)
      expect(
        endpoints.map((endpoint) => endpoint.name),
        name,
      ).toContain(name);
    for (const role of ROLES) {
      const full = await under.as(role);
      const exchanged = await app.inject({ method: 'POST', url: '/api/v1/auth/embed-token', headers: { ...full, 'sec-fetch-site': 'same-origin' } });
      expect(exchanged.statusCode, exchanged.body).toBe(200);
      const headers = { authorization: `Bearer ${exchanged.json<{ accessToken: string }>().accessToken}` };
      for (const endpoint of endpoints) {
        const response = await endpoint.call(headers);
        if (EMBED_ROUTES.includes(endpoint.name)) {
          const allowed = endpoint.action === null || can(role as Role, endpoint.action);
          if (allowed) expect(allowedStatus(endpoint.name), `${role} ${endpoint.name}: ${response.body}`).toContain(response.statusCode);
          else {
            expect(response.statusCode, `${role} ${endpoint.name}`).toBe(403);
            expect(response.json<{ error: { message: string } }>().error.message, `${role} ${endpoint.name}`).not.toBe(EMBED_TOKEN_MESSAGES.routeRefused);
          }
        } else {
          expect(response.statusCode, `${role} ${endpoint.name}: ${response.body}`).toBe(403);
          expect(response.json(), `${role} ${endpoint.name}`).toEqual({
            error: { code: API_ERROR_CODES.permissionDenied, message: EMBED_TOKEN_MESSAGES.routeRefused },
          });
        }
      }
    }
  });

  it('lets a signed-in user outside the company domain read who they are and sign out, and nothing else', async () => {
    // A Google account of another domain: the provider vouched for it (a signed ID token), so identity opens a session.
    const identity = createClient(IdentityService, under.backend.addresses.identity, {
      metadata: userContextSigner({ userId: '', email: '', role: '', requestId: 'oidc' }, under.userContextKey),
    });
    try {
      const { grant } = await identity.signInWithOidc({ idToken: await under.oidc.mintIdToken({ email: 'guest@partner.org', hd: null }), userAgent: 'test' });
      const token = await app.jwt.sign({ sub: grant!.user!.id, email: 'guest@partner.org', sid: grant!.sessionId });
      const headers = { authorization: `Bearer ${token}` };
      const me = await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('guest@partner.org');
      for (const endpoint of endpoints.filter((candidate) => candidate.name !== 'GET /auth/user')) {
        const response = await endpoint.call(headers);
        expect(response.statusCode, endpoint.name).toBe(403);
        expect(response.json(), endpoint.name).toEqual({
          error: { code: API_ERROR_CODES.domainNotAllowed, message: 'Only @example.com email addresses are allowed to access this application.' },
        });
      }
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout?scope=local', headers })).statusCode).toBe(204);
    } finally {
      identity.close();
    }
  });
});

describe('user management', () => {
  it('lists users with their roles and sign-in times', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/users', headers: await under.as('admin') });
    const users = response.json().users as { email: string; role: string; createdAt: string; lastSignInAt: string | null }[];
    for (const role of ROLES) expect(users.find((user) => user.email === under.accounts[role].email)?.role).toBe(role);
    expect(users.every((user) => user.createdAt)).toBe(true);
    expect(users.find((user) => user.email === under.accounts.admin.email)?.lastSignInAt).not.toBeNull();
  });

  it('pages the user list (page, pageSize, total) and refuses pages out of bounds with 400', async () => {
    const headers = await under.as('admin');
    const all = (await app.inject({ method: 'GET', url: '/api/v1/users', headers })).json() as {
      users: { id: string }[];
      total: number;
      page: number;
      pageSize: number;
    };
    expect([all.page, all.pageSize, all.total]).toEqual([1, 50, all.users.length]);
    const second = await app.inject({ method: 'GET', url: '/api/v1/users?page=2&pageSize=2', headers });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ page: 2, pageSize: 2, total: all.total, users: all.users.slice(2, 4) });
    for (const query of ['pageSize=101', 'page=0', 'page=1000001', 'page=99999999999999999999']) {
      expect((await app.inject({ method: 'GET', url: `/api/v1/users?${query}`, headers })).statusCode, query).toBe(400);
    }
  });

  it('searches the list by e-mail (q: trimmed, ignoring case, anywhere in the address, at most 254 characters) and pages the matches', async () => {
    const headers = await under.as('admin');
    const tag = randomUUID().slice(0, 8);
    const emails = [`${tag}-one@${TEST_DOMAIN}`, `two.${tag}@${TEST_DOMAIN}`, `three-${tag}x@${TEST_DOMAIN}`];
    for (const email of emails) expect((await signUp(email)).statusCode).toBe(201);
    const list = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/users?${query}`, headers });
      expect(response.statusCode, query).toBe(200);
      return response.json() as { users: { email: string }[]; total: number; page: number; pageSize: number };
    };

    const found = await list(`q=${encodeURIComponent(`  ${tag.toUpperCase()}  `)}`);
    expect([found.total, found.users.map((user) => user.email)]).toEqual([3, emails]);
    expect((await list(`q=${encodeURIComponent(`.${tag}@`)}`)).users.map((user) => user.email)).toEqual([emails[1]]);
    const second = await list(`q=${tag}&page=2&pageSize=2`);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2, users: [{ email: emails[2] }] });
    // A blank search is no search.
    expect((await list('q=%20%20')).total).toBe((await list('')).total);
    expect((await list(`q=${'a'.repeat(254)}`)).total).toBe(0);

    const tooLong = await app.inject({ method: 'GET', url: `/api/v1/users?q=${'a'.repeat(255)}`, headers });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('q');
    expect((await app.inject({ method: 'GET', url: `/api/v1/users?q=${tag}`, headers: await under.as('editor') })).statusCode).toBe(403);
  });

  it('never lets a sign-in undo a role change made at the same moment', async () => {
    const email = newAddress('race');
    await signUpConfirmed(email);
    const user = await under.signIn(email, STRONG);
    const admin = await under.as('admin');
    for (const role of ['surveyor', 'editor', 'viewer', 'surveyor', 'editor'] as const) {
      const [changed] = await Promise.all([
        app.inject({ method: 'PUT', url: `/api/v1/users/${user.userId}/role`, payload: { role }, headers: admin }),
        signInRaw(email, STRONG),
        signInRaw(email, STRONG),
      ]);
      expect(changed.statusCode).toBe(200);
      const listed = (await app.inject({ method: 'GET', url: '/api/v1/users', headers: admin })).json().users as { id: string; role: string }[];
      expect(listed.find((candidate) => candidate.id === user.userId)?.role).toBe(role);
    }
  });

  it('applies a role change at once, to the same access token', async () => {
    const email = newAddress('promo');
    await signUpConfirmed(email);
    const user = await under.signIn(email, STRONG);
    const attempt = () =>
      app.inject({ method: 'POST', url: '/api/v1/venues', payload: { name: `Promoted ${randomUUID().slice(0, 6)}` }, headers: user.headers });
    expect((await attempt()).statusCode).toBe(403);
    const admin = await under.as('admin');
    const promoted = await app.inject({ method: 'PUT', url: `/api/v1/users/${user.userId}/role`, payload: { role: 'editor' }, headers: admin });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('editor');
    expect((await attempt()).statusCode).toBe(201);
    const bogus = await app.inject({ method: 'PUT', url: `/api/v1/users/${user.userId}/role`, payload: { role: 'root' }, headers: admin });
    expect(bogus.statusCode).toBe(400);

    const removed = await app.inject({ method: 'DELETE', url: `/api/v1/users/${user.userId}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: user.headers })).statusCode).toBe(401);
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
  });

  it('keeps owners safe: admins cannot demote, promote to or remove owners; nobody removes themselves; the last owner stays', async () => {
    const admin = await under.signIn(under.accounts.admin.email, DEMO_PASSWORD);
    const owner = await under.signIn(under.accounts.owner.email, DEMO_PASSWORD);
    const viewer = await under.signIn(under.accounts.viewer.email, DEMO_PASSWORD);
    const put = (who: { headers: Record<string, string> }, id: string, role: string) =>
      app.inject({ method: 'PUT', url: `/api/v1/users/${id}/role`, payload: { role }, headers: who.headers });
    const del = (who: { headers: Record<string, string> }, id: string) => app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers: who.headers });

    expect((await put(admin, owner.userId, 'viewer')).json()).toEqual({
      error: { code: 'permission_denied', message: 'Only an owner can change the owner role' },
    });
    expect((await put(admin, viewer.userId, 'owner')).statusCode).toBe(403);
    expect((await del(admin, owner.userId)).json().error.message).toBe('Only an owner can remove an owner');
    expect((await del(admin, admin.userId)).json().error.message).toBe('You cannot remove yourself');
    expect((await del(owner, owner.userId)).statusCode).toBe(403);
    expect((await put(owner, owner.userId, 'admin')).json().error.message).toBe('The last owner cannot be demoted');
    expect((await put(owner, owner.userId, 'owner')).statusCode).toBe(200);
  });
});

describe('first login and welcome', () => {
  it('records the first login once and publishes venuebook.identity.user.first_login.v1', async () => {
    const email = newAddress('first');
    const since = new Date();
    // The sign-in that confirms the address is the first login.
    await signUpConfirmed(email);
    const first = await under.signIn(email, STRONG);
    await under.signIn(email, STRONG);

    const nc = await connectNats(under.backend.natsUrl);
    try {
      const mine = (await eventsSince(nc, SUBJECTS.userFirstLogin, since)).filter(({ envelope }) => envelope.data.userId === first.userId);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.envelope.data.email).toBe(email);
    } finally {
      await nc.drain();
    }
  });

  it("marks the welcome dialog as shown ('Got it')", async () => {
    const email = newAddress('welcome');
    await signUpConfirmed(email);
    const user = await under.signIn(email, STRONG);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: user.headers })).json().welcomeShown).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/welcome', headers: user.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: user.headers })).json().welcomeShown).toBe(true);
  });
});

/**
 * 'Continue with Google' as a browser runs it, without one: the gateway's start, the provider's account
 * chooser (the choice posted as the chooser's form does, the provider's cookies kept), and the gateway's
 * callback with the code the provider sends back. Returns the callback's answer.
 */
async function continueWithGoogle(gateway: GatewayApp, email: string): Promise<InjectResponse> {
  const start = await gateway.inject({ method: 'GET', url: '/api/v1/auth/google/start' });
  expect(start.statusCode).toBe(302);
  const state = start.cookies.find((cookie) => cookie.name === 'vb_oidc');
  const next = await chooseAccount(new URL(String(start.headers.location)), email);
  expect(next.pathname).toBe('/api/v1/auth/google/callback');
  return gateway.inject({ method: 'GET', url: `${next.pathname}${next.search}`, cookies: state ? { vb_oidc: state.value } : {} });
}

describe('Google sign-in endpoints', () => {
  it('are off without a configured client, and a callback without its signed state is refused', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(config.json().google).toEqual({ enabled: false });
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/google/start' })).statusCode).toBe(404);
    const callback = await app.inject({ method: 'GET', url: '/api/v1/auth/google/callback?code=x&state=y' });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/login?error=access_denied');
    const forged = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/google/callback?code=x&state=y',
      cookies: { vb_oidc: '{"verifier":"a","state":"y","nonce":"n"}' },
    });
    expect(forged.headers.location).toBe('/login?error=access_denied');
    expect(forged.cookies.find((cookie) => cookie.name === REFRESH_COOKIE_NAME)).toBeUndefined();
  });

  it('are rate-limited per client like sign-in (start and callback each)', async () => {
    const limited = await under.buildAnother({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    for (const path of ['/api/v1/auth/google/callback?code=x&state=y', '/api/v1/auth/google/start']) {
      const call = (remoteAddress: string) => limited.inject({ method: 'GET', url: path, remoteAddress });
      for (let i = 0; i < 3; i++) expect((await call('203.0.113.20')).statusCode, path).not.toBe(429);
      const blocked = await call('203.0.113.20');
      expect(blocked.statusCode, path).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call('203.0.113.21')).statusCode, path).not.toBe(429);
    }
  });

  it('sign a company user in through the provider: identity verifies the ID token the gateway forwards', async () => {
    const google = await under.buildAnother(under.oidcGatewayEnv);
    expect((await google.inject({ method: 'GET', url: '/api/v1/auth/config' })).json().google).toEqual({ enabled: true });
    const callback = await continueWithGoogle(google, under.accounts.editor.email);
    expect([callback.statusCode, callback.headers.location]).toEqual([303, '/login']);
    const cookie = callback.cookies.find((candidate) => candidate.name === REFRESH_COOKIE_NAME);
    expect(cookie?.value).toBeTruthy();
    const refreshed = await google.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=refresh_token',
      cookies: { [REFRESH_COOKIE_NAME]: cookie!.value },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user).toMatchObject({ email: under.accounts.editor.email, role: 'editor' });
    // An outsider is signed in too (and shown Access Denied by every other call).
    const outsider = await continueWithGoogle(google, 'guest@partner.org');
    expect([outsider.statusCode, outsider.headers.location]).toEqual([303, '/login']);
  });
});
