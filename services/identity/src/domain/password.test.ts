import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_LOG2_N, PasswordHasher } from './password.ts';

/** A hash as the service wrote it before (N=2^14, r=8, p=1 unless given), made with node's scrypt directly. */
function legacyHash(password: string, N = 16_384): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// A cheap cost keeps these tests fast; the production default is checked on its own.
const fast = new PasswordHasher({ log2N: 10 });

describe('PasswordHasher defaults', () => {
  it('hashes at N=2^17, r=8, p=1 by default (OWASP minimum), within the memory cap', async () => {
    expect(DEFAULT_SCRYPT_LOG2_N).toBe(17);
    const hasher = new PasswordHasher();
    expect(hasher.params).toEqual({ N: 131_072, r: 8, p: 1 });
    const stored = await hasher.hash('Correct-horse-42');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await hasher.verify('Correct-horse-42', stored)).toEqual({ valid: true, needsRehash: false });
  });
});

describe('hash', () => {
  it('stores scrypt with its parameters and a fresh salt, never the password', async () => {
    const [first, second] = [await fast.hash('Correct-horse-42'), await fast.hash('Correct-horse-42')];
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Correct-horse-42');
  });
});

describe('verify', () => {
  it('accepts the password and refuses any other', async () => {
    const stored = await fast.hash('Correct-horse-42');
    expect((await fast.verify('Correct-horse-42', stored)).valid).toBe(true);
    for (const other of ['correct-horse-42', 'Correct-horse-4', 'Correct-horse-42 ', '']) expect((await fast.verify(other, stored)).valid, other).toBe(false);
  });

  it('compares Unicode passwords in NFKC form (the same characters typed another way match)', async () => {
    const stored = await fast.hash('Caf\u00e9-latte-1');
    expect((await fast.verify('Cafe\u0301-latte-1', stored)).valid).toBe(true);
  });

  it('says no without a stored hash (users of Google sign-in only, unknown users) and for malformed hashes', async () => {
    for (const missing of [null, undefined, '']) expect(await fast.verify('anything-1', missing)).toEqual({ valid: false, needsRehash: false });
    for (const malformed of ['plain', 'bcrypt$10$abc', 'scrypt$16384$8$1$salt', 'scrypt$1000$8$1$c2FsdA$a2V5', 'scrypt$4294967296$8$1$c2FsdA$a2V5']) {
      expect((await fast.verify('anything-1', malformed)).valid, malformed).toBe(false);
    }
  });

  it('verifies an older, weaker hash by its own stored parameters and asks for a rehash', async () => {
    const old = legacyHash('Correct-horse-42');
    expect(await fast.verify('Correct-horse-42', old)).toEqual({ valid: true, needsRehash: false });
    const current = new PasswordHasher({ log2N: 15 });
    expect(await current.verify('Correct-horse-42', old)).toEqual({ valid: true, needsRehash: true });
    // A wrong password never asks for a rehash (nothing to store).
    expect(await current.verify('Wrong-horse-42', old)).toEqual({ valid: false, needsRehash: false });
  });

  it('honours the parameters stored with the hash (same salt and key under other parameters is refused)', async () => {
    const stored = await fast.hash('Correct-horse-42');
    const [, , , , salt, key] = stored.split('$');
    expect((await fast.verify('Correct-horse-42', ['scrypt', 2048, 8, 1, salt, key].join('$'))).valid).toBe(false);
  });

  it('runs exactly one scrypt per check, with the current parameters when there is no stored hash', async () => {
    const runs: number[] = [];
    const hasher = new PasswordHasher({ log2N: 11, onScrypt: (params) => runs.push(params.N) });
    const stored = await hasher.hash('Correct-horse-42');
    runs.length = 0;
    await hasher.verify('Wrong-horse-42', stored);
    await hasher.verify('Wrong-horse-42', null);
    await hasher.verify('Wrong-horse-42', undefined);
    expect(runs).toEqual([2048, 2048, 2048]);
  });
});

describe('refused checks of cheaper hashes', () => {
  it('are padded to the current cost (sum of N), one run per binary digit of what is missing', async () => {
    const runs: number[] = [];
    const hasher = new PasswordHasher({ log2N: 12, onScrypt: (params) => runs.push(params.N) });
    for (const N of [1024, 2048, 512]) {
      const old = legacyHash('Correct-horse-42', N);
      runs.length = 0;
      expect(await hasher.verify('Wrong-horse-42', old)).toEqual({ valid: false, needsRehash: false });
      expect(runs[0]).toBe(N);
      expect(
        runs.reduce((total, n) => total + n, 0),
        String(N),
      ).toBe(4096);
      // The right password is checked once (and then re-hashed by the caller): no padding.
      runs.length = 0;
      expect(await hasher.verify('Correct-horse-42', old)).toEqual({ valid: true, needsRehash: true });
      expect(runs).toEqual([N]);
    }
    runs.length = 0;
    await hasher.verify('Wrong-horse-42', legacyHash('Correct-horse-42', 1024));
    expect(runs).toEqual([1024, 2048, 1024]);
  });

  it('of hashes as strong as today or stronger are not padded', async () => {
    const runs: number[] = [];
    const hasher = new PasswordHasher({ log2N: 11, onScrypt: (params) => runs.push(params.N) });
    await hasher.verify('Wrong-horse-42', legacyHash('Correct-horse-42', 4096));
    await hasher.verify('Wrong-horse-42', await hasher.hash('Correct-horse-42'));
    expect(runs).toEqual([4096, 2048, 2048]);
  });
});

describe('concurrency bound', () => {
  it('runs PASSWORD_HASH_CONCURRENCY hashes and checks at once, queues PASSWORD_HASH_QUEUE, and refuses the rest at once with busy()', async () => {
    const busy = () => new Error('Too many sign-in attempts right now. Please try again in a moment.');
    const runs: number[] = [];
    const hasher = new PasswordHasher({ log2N: 10, concurrency: 1, queue: 1, busy, onScrypt: (params) => runs.push(params.N) });
    const stored = await hasher.hash('Correct-horse-42');
    runs.length = 0;
    // Three at the same instant: one runs, one waits, the third is refused without running scrypt.
    const outcomes = await Promise.allSettled([
      hasher.verify('Correct-horse-42', stored),
      hasher.hash('Other-horse-42'),
      hasher.verify('Wrong-horse-42', null),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(busy());
    expect(runs).toEqual([1024, 1024]);
    // Afterwards there is room again.
    expect((await hasher.verify('Correct-horse-42', stored)).valid).toBe(true);
  });

  it('defaults to 2 at once and 16 waiting', async () => {
    const hasher = new PasswordHasher({ log2N: 10 });
    const outcomes = await Promise.allSettled(Array.from({ length: 19 }, () => hasher.verify('Wrong-horse-42', null)));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
  });
});
