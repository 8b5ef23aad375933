// Sign-in does the same work whoever is asked about: an unknown address, a wrong password
// of a real user, a Google-only account without a password, a not yet confirmed account and an account whose
// hash is older and cheaper (made before today's scrypt cost) run the same database operations and scrypt of
// the same total cost (counted on the real code path: mongoose's debug hook sees every
// operation the service sends; the service's password hasher reports every scrypt run). Counting instead of
// timing keeps the test exact on a shared machine.
import { randomBytes, scryptSync } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@venuebook/domain';
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
    // The audit consumer stores events in the background (the set-up's sign-ups, role changes): its writes
    // land whenever they arrive and are no part of a sign-in.
    if (collection !== BACKGROUND_COLLECTION) operations.push(`${collection}.${method}`);
  });
  try {
    const refused = await rejection(under.identity.signInWithPassword({ email, password: 'Wrong-horse-42', userAgent: 't' }, under.anonymous()));
    return { operations, scrypt: scryptRuns.map((params) => params.N), message: refused.message };
  } finally {
    mongoose.set('debug', false);
  }
}

/** A hash as the service wrote it before today's cost: N four times smaller than the configured one. */
function legacyHash(password: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Written only by the audit-log consumer, never on the sign-in path. */
const BACKGROUND_COLLECTION = 'audit_logs';

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

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

  it("cost the same for an account whose stored hash is cheaper than today's parameters (scrypt padded to the current cost)", async () => {
    const current = 2 ** under.config.PASSWORD_SCRYPT_LOG2_N;
    const legacy = await under.confirmedUser();
    await under.signIn(legacy.email);
    await (await under.db()).collection('users').updateOne({ _id: legacy.id as never }, { $set: { passwordHash: legacyHash(STRONG_PASSWORD, current / 4) } });

    const unknown = await workOfRefusedSignIn(under.newAddress('ghost'));
    const refused = await workOfRefusedSignIn(legacy.email);
    expect(refused.message).toBe(unknown.message);
    expect(refused.operations).toEqual(unknown.operations);
    // The stored hash is checked by its own parameters, and the rest of today's cost is spent as well.
    expect(refused.scrypt[0]).toBe(current / 4);
    expect(sum(refused.scrypt)).toBe(sum(unknown.scrypt));
    expect(sum(unknown.scrypt)).toBe(current);
  });
});

describe('repeated sign-ups', () => {
  it('of a pending address run the same scrypt as the first sign-up (the new hash is not kept)', async () => {
    const email = under.newAddress('pending');
    const signUp = async () => {
      scryptRuns.length = 0;
      await under.identity.signUp({ email, password: STRONG_PASSWORD, appUrl: APP_URL }, under.anonymous());
      return scryptRuns.map((params) => params.N);
    };
    const first = await signUp();
    expect(first).toEqual([2 ** under.config.PASSWORD_SCRYPT_LOG2_N]);
    // Past the mail cooldown (its rows are the only thing that says when the last mail went out).
    await (await under.db()).collection('confirmation_mails').deleteMany({ email });
    expect(await signUp()).toEqual(first);
  });
});
