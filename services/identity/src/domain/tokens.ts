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

/**
 * The refresh token that rotating `refreshToken` issues: derived from the token itself (which is stored
 * nowhere, only its hash) with the service's successor key, so that every use of one token within the grace
 * period is answered with the same successor (see SessionRepository.rotate), and a database leak does not
 * give the successor of any stored hash.
 */
export function successorToken(successorKey: Buffer, refreshToken: string): string {
  return createHmac('sha256', successorKey).update(refreshToken).digest('base64url');
}
