import { createHash, createHmac, randomBytes } from 'node:crypto';

/** An opaque secret for a link or a cookie (256 bits, base64url). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of secrets are stored; a database leak gives no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/**
 * The token of a confirmation link, derived from the pending sign-up's nonce with the service's link key: a
 * repeated sign-up can mail the same link again although only the token's hash is stored.
 */
export function confirmationToken(linkKey: Buffer, nonce: string): string {
  return createHmac('sha256', linkKey).update(nonce).digest('base64url');
}
