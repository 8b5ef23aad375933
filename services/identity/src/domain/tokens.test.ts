import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from './keys.ts';
import { hashSecret, newSecret, successorToken } from './tokens.ts';

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

describe('successorToken', () => {
  it('is the same for the same token and key, a 256-bit base64url token, and differs by token and by key', () => {
    const key = deriveKey('a-user-context-key-of-32-characters!', 'refresh-successor');
    const token = newSecret();
    expect(successorToken(key, token)).toBe(successorToken(key, token));
    expect(successorToken(key, token)).toMatch(/^[\w-]{43}$/);
    expect(successorToken(key, token)).not.toBe(token);
    expect(successorToken(key, newSecret())).not.toBe(successorToken(key, token));
    expect(successorToken(deriveKey('another-user-context-key-32-chars!!', 'refresh-successor'), token)).not.toBe(successorToken(key, token));
    // The key serves this purpose only.
    expect(deriveKey('a-user-context-key-of-32-characters!', 'guest-session').equals(key)).toBe(false);
  });
});
