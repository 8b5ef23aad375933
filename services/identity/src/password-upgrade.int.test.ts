// Password hashes at today's cost (N=2^17) and the upgrade of older ones: a hash written before the cost
// was raised (N=2^14) still signs in, by its own stored parameters, and is replaced at that sign-in.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@venuebook/domain';
import { testInfra } from '@venuebook/service-kit/testing';
import { rejection, startIdentityUnderTest, STRONG_PASSWORD } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

const infra = testInfra();
let under: IdentityUnderTest;

beforeAll(async () => {
  // The production cost (the harness lowers it for speed elsewhere).
  under = await startIdentityUnderTest(infra, { PASSWORD_SCRYPT_LOG2_N: '17' });
});

afterAll(async () => {
  await under?.stop();
});

/** A hash as the service wrote it before (scrypt N=2^14, r=8, p=1, 16-byte salt, 64-byte key). */
function hashOfBefore(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16_384, r: 8, p: 1 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const storedHash = async (userId: string): Promise<string> => {
  const user = await (await under.db()).collection<{ _id: string; passwordHash: string }>('users').findOne({ _id: userId });
  return user?.passwordHash ?? '';
};

describe('password hashes', () => {
  it('stores new passwords with N=2^17, r=8, p=1 in the hash itself', async () => {
    expect(under.config.PASSWORD_SCRYPT_LOG2_N).toBe(17);
    const user = await under.confirmedUser();
    expect(await storedHash(user.id)).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  });

  it('signs in with an N=2^14 hash from before and re-hashes it with the current parameters; a wrong password changes nothing', async () => {
    const user = await under.confirmedUser();
    const old = hashOfBefore(STRONG_PASSWORD);
    await (await under.db()).collection<{ _id: string }>('users').updateOne({ _id: user.id }, { $set: { passwordHash: old } });

    const refused = await rejection(under.identity.signInWithPassword({ email: user.email, password: 'Wrong-horse-42', userAgent: 't' }, under.anonymous()));
    expect(refused.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(await storedHash(user.id)).toBe(old);

    expect((await under.signIn(user.email)).user?.id).toBe(user.id);
    const upgraded = await storedHash(user.id);
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    // The new hash works, and a current hash is left alone.
    await under.signIn(user.email);
    expect(await storedHash(user.id)).toBe(upgraded);
  });
});
