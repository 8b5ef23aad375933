import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for a link or a cookie (256 bits, base64url). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of secrets are stored; a database leak gives no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
