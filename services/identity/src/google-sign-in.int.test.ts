// SignInWithOidc proves who signs in by itself: the ID token the gateway forwards is verified by identity
// (signature against the provider's JWKS, iss, aud, exp/iat, email_verified, hd for company addresses), the
// e-mail comes from the token alone, and each token opens one session. Holding the user-context signing
// key (any service does) is not enough to open a session for someone. Tokens are those of the local
// OpenID Connect provider (the run's shared stand-in), which publishes its key at its JWKS endpoint as Google does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { GrpcStatus } from '@venuebook/grpc';
import { idTokenMinter, sharedStandIns, subjectOf, testInfra } from '@venuebook/service-kit/testing';
import { EMAIL_NOT_VERIFIED, GOOGLE_NOT_CONFIGURED, ID_TOKEN_USED, NOT_COMPANY_WORKSPACE } from './use-cases/sessions.ts';
import { rejection, startIdentityUnderTest, TEST_DOMAIN } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

const infra = testInfra();
let under: IdentityUnderTest;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra);
});

afterAll(async () => {
  await under?.stop();
});

const now = (): number => Math.floor(Date.now() / 1000);
const oidcCall = (request: { idToken?: string; email?: string; issuer?: string; subject?: string }) =>
  under.identity.signInWithOidc({ userAgent: 'google-int', ...request }, under.anonymous());

/** Sessions stored for `userId`. */
async function sessionsOf(userId: string): Promise<number> {
  return (await under.db()).collection('sessions').countDocuments({ userId });
}

/** The key id the provider publishes (a forged token names it, so that only the signature can give it away). */
async function providerKid(): Promise<string> {
  const { keys } = (await (await fetch(`${under.oidc.issuer}/jwks`)).json()) as { keys: { kid: string }[] };
  return keys[0]!.kid;
}

describe('SignInWithOidc', () => {
  it('refuses a signed-context call with a bare e-mail, issuer and subject and no ID token, opening nothing', async () => {
    const before = await sessionsOf(under.owner.id);
    const refused = await rejection(oidcCall({ email: under.owner.email, issuer: 'https://accounts.google.com', subject: subjectOf(under.owner.email) }));
    expect([refused.code, refused.message]).toEqual([GrpcStatus.UNAUTHENTICATED, 'Invalid ID token']);
    // With the provider's issuer and the owner's real subject alike.
    expect((await rejection(oidcCall({ email: under.owner.email, issuer: under.oidc.issuer, subject: subjectOf(under.owner.email) }))).code).toBe(
      GrpcStatus.UNAUTHENTICATED,
    );
    expect((await rejection(oidcCall({ idToken: 'not.a.token', email: under.owner.email }))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(await sessionsOf(under.owner.id)).toBe(before);
  });

  it("opens the session of the token's e-mail, whatever e-mail, issuer and subject the request names", async () => {
    const email = under.newAddress('google');
    const idToken = await under.oidc.mintIdToken({ email });
    const { grant } = await oidcCall({ idToken, email: under.owner.email, issuer: 'https://accounts.google.com', subject: 'someone-else' });
    expect(grant?.user?.email).toBe(email);
    expect(grant?.user?.id).not.toBe(under.owner.id);
    const stored = await (await under.db()).collection('users').findOne({ email });
    expect(stored?.identities).toEqual([{ issuer: under.oidc.issuer, subject: subjectOf(email) }]);
  });

  it('refuses a token signed by another key, an unsigned token and a token of another provider', async () => {
    const email = under.newAddress('forged');
    const { privateKey } = await generateKeyPair('RS256');
    const claims = { email, email_verified: true, hd: TEST_DOMAIN, nonce: randomUUID() };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: await providerKid() })
      .setIssuer(under.oidc.issuer)
      .setAudience(under.oidc.clientId)
      .setSubject(subjectOf(email))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const unsigned = new UnsecuredJWT(claims)
      .setIssuer(under.oidc.issuer)
      .setAudience(under.oidc.clientId)
      .setSubject(subjectOf(email))
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    // A real provider with its own key (it publishes it at its JWKS endpoint), for the same client id: its iss is
    // not the configured issuer.
    const other = idTokenMinter({ ...(await sharedStandIns()).otherOidc, clientId: under.oidc.clientId });
    const otherProvider = await other({ email });
    // Re-signed claims of a valid token by the other provider, claiming our issuer.
    const otherClaimingOurs = await other({ email, issuer: under.oidc.issuer });
    for (const [name, idToken] of Object.entries({ forged, unsigned, otherProvider, otherClaimingOurs })) {
      const refused = await rejection(oidcCall({ idToken }));
      expect([refused.code, refused.message], name).toEqual([GrpcStatus.UNAUTHENTICATED, 'Invalid ID token']);
    }
    expect(await (await under.db()).collection('users').countDocuments({ email })).toBe(0);
  });

  it('refuses another audience or issuer, an expired, too old or future token', async () => {
    const email = under.newAddress('claims');
    const cases = {
      otherAudience: { audience: 'another-client' },
      severalAudiencesWithoutAzp: { audience: [under.oidc.clientId, 'another-client'] },
      otherAuthorizedParty: { extra: { azp: 'another-client' } },
      otherIssuer: { issuer: 'https://accounts.google.com' },
      expired: { issuedAt: now() - 300, expiresAt: now() - 120 },
      tooOld: { issuedAt: now() - 20 * 60, expiresAt: now() + 3600 },
      issuedInTheFuture: { issuedAt: now() + 600, expiresAt: now() + 1200 },
    };
    for (const [name, claims] of Object.entries(cases)) {
      const refused = await rejection(oidcCall({ idToken: await under.oidc.mintIdToken({ email, ...claims }) }));
      expect([refused.code, refused.message], name).toEqual([GrpcStatus.UNAUTHENTICATED, 'Invalid ID token']);
    }
    expect(await (await under.db()).collection('users').countDocuments({ email })).toBe(0);
  });

  it('refuses an unverified e-mail, and a company address without the company hd (a personal Google account on it)', async () => {
    const email = under.newAddress('claims');
    const unverified = await rejection(oidcCall({ idToken: await under.oidc.mintIdToken({ email, emailVerified: false }) }));
    expect([unverified.code, unverified.message]).toEqual([GrpcStatus.UNAUTHENTICATED, EMAIL_NOT_VERIFIED]);
    const outsiderUnverified = await rejection(oidcCall({ idToken: await under.oidc.mintIdToken({ email: 'guest@partner.org', emailVerified: false }) }));
    expect(outsiderUnverified.message).toBe(EMAIL_NOT_VERIFIED);
    const personal = await rejection(oidcCall({ idToken: await under.oidc.mintIdToken({ email, hd: null }) }));
    expect([personal.code, personal.message]).toEqual([GrpcStatus.UNAUTHENTICATED, NOT_COMPANY_WORKSPACE]);
    // An hd that is not the e-mail's domain is refused outright.
    expect((await rejection(oidcCall({ idToken: await under.oidc.mintIdToken({ email, hd: 'partner.org' }) }))).message).toBe('Invalid ID token');
    expect(await (await under.db()).collection('users').countDocuments({ email })).toBe(0);
    // An outsider's personal account (no hd) is fine: a guest session, shown Access Denied.
    const { grant } = await oidcCall({ idToken: await under.oidc.mintIdToken({ email: 'someone@gmail.com', hd: null }) });
    expect(grant?.user?.email).toBe('someone@gmail.com');
  });

  it('opens one session per ID token: a second use is refused, and of simultaneous uses exactly one wins', async () => {
    const email = under.newAddress('replay');
    const idToken = await under.oidc.mintIdToken({ email });
    const { grant } = await oidcCall({ idToken });
    expect(grant?.user?.email).toBe(email);
    const again = await rejection(oidcCall({ idToken }));
    expect([again.code, again.message]).toEqual([GrpcStatus.UNAUTHENTICATED, ID_TOKEN_USED]);
    expect(await sessionsOf(grant?.user?.id ?? '')).toBe(1);

    const guestToken = await under.oidc.mintIdToken({ email: 'guest@partner.org' });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => oidcCall({ idToken: guestToken })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    // A new token of the same account signs in again.
    expect((await oidcCall({ idToken: await under.oidc.mintIdToken({ email }) })).grant?.user?.id).toBe(grant?.user?.id);
    // The use is stored until the token could no longer be accepted anyway, not forever.
    const uses = await (await under.db()).collection('id_token_uses').find({}).toArray();
    expect(uses.length).toBeGreaterThanOrEqual(3);
    for (const use of uses) expect((use.expiresAt as Date).getTime()).toBeLessThanOrEqual(Date.now() + 11 * 60 * 1000);
  });
});

describe('SignInWithOidc without a usable provider', () => {
  it('answers UNAVAILABLE (not a refusal) when the issuer cannot be reached for its keys', async () => {
    const unreachable = await startIdentityUnderTest(infra, { OIDC_ISSUER: 'http://127.0.0.1:9' });
    try {
      const idToken = await unreachable.oidc.mintIdToken({ email: unreachable.newAddress('google'), issuer: 'http://127.0.0.1:9' });
      const failed = await rejection(unreachable.identity.signInWithOidc({ idToken, userAgent: 't' }, unreachable.anonymous()));
      expect(failed.code).toBe(GrpcStatus.UNAVAILABLE);
    } finally {
      await unreachable.stop();
    }
  });

  it("answers FAILED_PRECONDITION 'Google sign-in is not configured', even to a valid token", async () => {
    const bare = await startIdentityUnderTest(infra, { GOOGLE_CLIENT_ID: '' });
    try {
      const idToken = await bare.oidc.mintIdToken({ email: bare.newAddress('google') });
      const refused = await rejection(bare.identity.signInWithOidc({ idToken, userAgent: 't' }, bare.anonymous()));
      expect([refused.code, refused.message]).toEqual([GrpcStatus.FAILED_PRECONDITION, GOOGLE_NOT_CONFIGURED]);
    } finally {
      await bare.stop();
    }
  });
});
