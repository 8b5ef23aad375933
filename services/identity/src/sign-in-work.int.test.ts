// Sign-in does the same work whoever is asked about (issue 9 item 7): an unknown address, a wrong password
// of a real user, a Google-only account without a password and a not yet confirmed account run the same
// database operations and the same scrypt (counted on the real code path: mongoose's debug hook sees every
// operation the service sends; the service's password hasher reports every scrypt run). Counting instead of
// timing keeps the test exact on a shared machine.
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@venuebook/proto/domain';
import { testInfra } from '@venuebook/service-kit/testing';
import type { ScryptParams } from './domain/password.ts';
import { APP_URL, rejection, startIdentityUnderTest, STRONG_PASSWORD } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

const infra = testInfra();
let under: IdentityUnderTest;
const scryptRuns: ScryptParams[] = [];

beforeAll(async () => {
  under = await startIdentityUnderTest(infra, {}, { onScrypt: (params) => scryptRuns.push(params) });
});

afterEach(() => {
  mongoose.set('debug', false);
});

afterAll(async () => {
  await under?.stop();
});

/** The database operations (collection.method) and scrypt runs (N) of one refused sign-in. */
async function workOfRefusedSignIn(email: string): Promise<{ operations: string[]; scrypt: number[]; message: string }> {
  const operations: string[] = [];
  scryptRuns.length = 0;
  mongoose.set('debug', (collection: string, method: string) => {
    operations.push(`${collection}.${method}`);
  });
  try {
    const refused = await rejection(under.identity.signInWithPassword({ email, password: 'Wrong-horse-42', userAgent: 't' }, under.anonymous()));
    return { operations, scrypt: scryptRuns.map((params) => params.N), message: refused.message };
  } finally {
    mongoose.set('debug', false);
  }
}

describe('refused password sign-ins', () => {
  it('do the same database operations and the same scrypt run for unknown, wrong, password-less and unconfirmed accounts', async () => {
    const known = await under.confirmedUser();
    // A user who has signed in has a profile (the lookup that once ran only for existing users).
    await under.signIn(known.email);
    const googleOnly = under.newAddress('google');
    await under.signInWithGoogle(googleOnly);
    const unconfirmed = under.newAddress('pending');
    await under.identity.signUp({ email: unconfirmed, password: STRONG_PASSWORD, appUrl: APP_URL }, under.anonymous());

    const unknown = await workOfRefusedSignIn(under.newAddress('ghost'));
    expect(unknown.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknown.scrypt).toEqual([2 ** under.config.PASSWORD_SCRYPT_LOG2_N]);
    expect(unknown.operations.length).toBeGreaterThan(0);
    for (const email of [known.email, googleOnly, unconfirmed]) {
      expect(await workOfRefusedSignIn(email), email).toEqual(unknown);
    }
  });
});
