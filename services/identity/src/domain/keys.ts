import { hkdfSync } from 'node:crypto';

/**
 * A key of the identity service for one purpose (confirmation links, guest sessions, refresh-token
 * successors), derived with HKDF-SHA256
 * from USER_CONTEXT_KEY, so that no further secret has to be configured and one key never serves two purposes.
 */
export function deriveKey(secret: string, purpose: 'confirmation-link' | 'guest-session' | 'refresh-successor'): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('venuebook-identity'), Buffer.from(purpose), 32));
}
