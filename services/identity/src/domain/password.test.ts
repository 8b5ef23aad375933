import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('hashPassword', () => {
  it('stores scrypt with its parameters and a fresh salt, never the password', async () => {
    const [first, second] = [await hashPassword('Correct-horse-42'), await hashPassword('Correct-horse-42')];
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Correct-horse-42');
  });
});

describe('verifyPassword', () => {
  it('accepts the password and refuses any other', async () => {
    const stored = await hashPassword('Correct-horse-42');
    expect(await verifyPassword('Correct-horse-42', stored)).toBe(true);
    for (const other of ['correct-horse-42', 'Correct-horse-4', 'Correct-horse-42 ', '']) expect(await verifyPassword(other, stored), other).toBe(false);
  });

  it('compares Unicode passwords in NFKC form (the same characters typed another way match)', async () => {
    const stored = await hashPassword('Caf\u00e9-latte-1');
    expect(await verifyPassword('Cafe\u0301-latte-1', stored)).toBe(true);
  });

  it('says no without a stored hash (users of Google sign-in only, unknown users) and for malformed hashes', async () => {
    expect(await verifyPassword('anything-1', null)).toBe(false);
    expect(await verifyPassword('anything-1', undefined)).toBe(false);
    expect(await verifyPassword('anything-1', '')).toBe(false);
    for (const malformed of ['plain', 'bcrypt$10$abc', 'scrypt$16384$8$1$salt']) expect(await verifyPassword('anything-1', malformed), malformed).toBe(false);
  });

  it('honours the parameters stored with the hash (they can be raised later)', async () => {
    const stored = await hashPassword('Correct-horse-42');
    const [, , , , salt, key] = stored.split('$');
    // Same salt and key under other parameters is a different hash: refused.
    expect(await verifyPassword('Correct-horse-42', ['scrypt', 1024, 8, 1, salt, key].join('$'))).toBe(false);
  });

  it('spends about the time of a real check when there is no stored hash (no user enumeration by timing)', async () => {
    const stored = await hashPassword('Correct-horse-42');
    await verifyPassword('warm-up-1', null);
    const time = async (hash: string | null): Promise<number> => {
      const started = performance.now();
      for (let i = 0; i < 5; i++) await verifyPassword('Wrong-horse-42', hash);
      return performance.now() - started;
    };
    const [known, unknown] = [await time(stored), await time(null)];
    // A loose bound (shared CI machines): a shortcut that skips the scrypt run would take ~0 ms.
    expect(unknown).toBeGreaterThan(known / 10);
  });
});
