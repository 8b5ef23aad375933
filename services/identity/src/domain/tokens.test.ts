import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret, newSecret } from './tokens.ts';

describe('newSecret', () => {
  it('is 256 random bits in base64url (safe in a URL and a cookie)', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => newSecret()));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    for (const secret of secrets) expect(secret).toMatch(/^[\w-]{43}$/);
  });
});

describe('hashSecret', () => {
  it('is the SHA-256 of the secret in base64url: stable, and never the secret itself', () => {
    const secret = newSecret();
    expect(hashSecret(secret)).toBe(createHash('sha256').update(secret).digest('base64url'));
    expect(hashSecret(secret)).toBe(hashSecret(secret));
    expect(hashSecret(secret)).not.toBe(secret);
    expect(hashSecret(`${secret}x`)).not.toBe(hashSecret(secret));
  });
});
