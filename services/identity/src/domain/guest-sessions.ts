// Sessions of people outside the company domain who signed in with Google: they must see the Access
// Denied screen with their e-mail and a Sign Out button (spec §2), but they are not stored anywhere (no
// user, no session row: outsiders must not fill the tables). Everything such a session needs travels in
// values signed with the service's guest key and checked on every use: the user id (bound to the e-mail),
// the session id (bound to the user and its end) and the refresh token (e-mail and end).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRecord } from './user.ts';

const USER_PREFIX = 'guest-';
const TOKEN_PREFIX = 'guest.';

export interface GuestGrant {
  user: UserRecord;
  sessionId: string;
  refreshToken: string;
  firstSignIn: boolean;
  sessionExpiresAt: Date;
}

function equal(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

export class GuestSessions {
  readonly #key: Buffer;
  readonly #ttlMs: number;

  constructor(key: Buffer, options: { ttlMs: number }) {
    this.#key = key;
    this.#ttlMs = options.ttlMs;
  }

  #mac(...parts: string[]): string {
    return createHmac('sha256', this.#key).update(parts.join('\n')).digest('base64url');
  }

  static isGuestId(userId: string): boolean {
    return userId.startsWith(USER_PREFIX);
  }

  static isGuestToken(token: string): boolean {
    return token.startsWith(TOKEN_PREFIX);
  }

  /** The stable id of the outsider with this (lower-case) address. */
  userIdOf(email: string): string {
    return `${USER_PREFIX}${this.#mac('user', email).slice(0, 32)}`;
  }

  #user(email: string, now: Date): UserRecord {
    // Shown only on the Access Denied screen: no role (a viewer), nothing to welcome.
    return { id: this.userIdOf(email), email, passwordHash: null, emailConfirmedAt: now, role: null, createdAt: now, welcomeShown: true, lastSignInAt: now };
  }

  #grant(email: string, expiresAt: Date, now: Date): GuestGrant {
    const userId = this.userIdOf(email);
    const end = String(expiresAt.getTime());
    const payload = Buffer.from(JSON.stringify({ e: email, x: expiresAt.getTime() })).toString('base64url');
    return {
      user: this.#user(email, now),
      sessionId: `${USER_PREFIX}${end}-${this.#mac('session', userId, end).slice(0, 32)}`,
      refreshToken: `${TOKEN_PREFIX}${payload}.${this.#mac('refresh', payload)}`,
      firstSignIn: false,
      sessionExpiresAt: expiresAt,
    };
  }

  /** Opens a guest session for a verified outside-domain address. */
  open(email: string, now: Date): GuestGrant {
    return this.#grant(email, new Date(now.getTime() + this.#ttlMs), now);
  }

  /** Continues a guest session (its end stays); null for a forged, malformed or ended one. */
  refresh(token: string, now: Date): GuestGrant | null {
    const [payload = '', mac = '', ...rest] = token.slice(TOKEN_PREFIX.length).split('.');
    if (!GuestSessions.isGuestToken(token) || rest.length > 0 || !equal(mac, this.#mac('refresh', payload))) return null;
    let claims: { e?: unknown; x?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; x?: unknown };
    } catch {
      return null;
    }
    if (typeof claims.e !== 'string' || typeof claims.x !== 'number' || claims.x <= now.getTime()) return null;
    return this.#grant(claims.e, new Date(claims.x), now);
  }

  /** The guest user of a call, when its id belongs to its e-mail (else null). */
  userOf(caller: { userId: string; email: string }, now: Date): UserRecord | null {
    return GuestSessions.isGuestId(caller.userId) && equal(caller.userId, this.userIdOf(caller.email.toLowerCase()))
      ? this.#user(caller.email.toLowerCase(), now)
      : null;
  }

  /** Whether `sessionId` is an unexpired guest session of `userId`. */
  isActive(sessionId: string, userId: string, now: Date): boolean {
    const match = /^guest-(\d{1,16})-([\w-]{32})$/.exec(sessionId);
    if (!match) return false;
    const [, end = '', mac = ''] = match;
    return Number(end) > now.getTime() && equal(mac, this.#mac('session', userId, end).slice(0, 32));
  }
}
