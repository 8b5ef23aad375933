import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageShape } from '@bufbuild/protobuf';
import { authUserFromProto } from '@venuebook/contracts/codecs/identity';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH } from '@venuebook/domain';
import type { Session } from '@venuebook/domain';
import type { SessionGrantSchema } from '@venuebook/contracts/identity/v1';
import { HttpError } from '../../lib/error-mapping.ts';
import { normaliseEmail } from './account-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /**
       * Mints the access token for a grant of identity, sets the refresh cookie and answers the Session JSON.
       * `readAt`: `fastify.userCache.generation()` taken before the call that returned the grant.
       */
      start(reply: FastifyReply, grant: MessageShape<typeof SessionGrantSchema>, readAt: number): Promise<Session>;
      /** The refresh token the browser sent (its httpOnly cookie), if any. */
      refreshToken(request: FastifyRequest): string | undefined;
      /** Clears the refresh cookie (signed out, or the session was refused). */
      end(reply: FastifyReply): void;
      /**
       * The device id of the request's browser when its device cookie (valid signature) says it signed in to
       * `email` before; undefined otherwise. Plugin account-limits exempts such browsers from the per-account limit.
       */
      trustedDevice(request: FastifyRequest, email: string): string | undefined;
    };
  }
}

/**
 * The device cookie (OWASP's "device cookie" against account lock-out): set by the sign-ins, it tells the
 * gateway that this browser signed in to these accounts before. Its value, signed by @fastify/cookie (HMAC
 * under a key derived from JWT_SECRET), is `<device id>.<account>.<account>...`: a random id of the browser,
 * and for each of the last few accounts signed in to an HMAC of the address (no address in the clear).
 * httpOnly, SameSite=Strict, Secure per COOKIE_SECURE, sent only to /api/v1/auth, kept for a year; signing
 * out leaves it (it grants nothing but the right to try a password). A new JWT_SECRET voids every device
 * cookie (those browsers are unknown again until their next sign-in).
 *
 * Every session start writes it (password sign-in, Google, refresh), except the one answering a cross-site
 * navigation (Sec-Fetch-Site: cross-site: the Google callback, arriving from the provider): the browser sends
 * no SameSite=Strict cookie there, so writing would drop the accounts it holds; the app's start-up refresh
 * right after (same-site, with the cookie) adds the account instead.
 */
export const DEVICE_COOKIE_NAME = 'vb_device';
export const DEVICE_COOKIE_ACCOUNTS = 5;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

export interface DeviceCookie {
  device: string;
  /** Account tags (HMACs of addresses), the newest sign-in first. */
  accounts: string[];
}

/** 16 bytes, base64url: device ids and account tags. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export function parseDeviceCookie(value: string): DeviceCookie | undefined {
  const [device = '', ...accounts] = value.split('.');
  if (!TOKEN.test(device) || accounts.length === 0 || accounts.length > DEVICE_COOKIE_ACCOUNTS || !accounts.every((account) => TOKEN.test(account)))
    return undefined;
  return { device, accounts };
}

export function formatDeviceCookie({ device, accounts }: DeviceCookie): string {
  return [device, ...accounts].join('.');
}

/** The cookie after a sign-in to `account`: the same device (a new one for a browser without a cookie), the account first. */
export function rememberAccount(cookie: DeviceCookie | undefined, account: string, newDevice = () => randomBytes(16).toString('base64url')): DeviceCookie {
  const others = (cookie?.accounts ?? []).filter((known) => known !== account);
  return { device: cookie?.device ?? newDevice(), accounts: [account, ...others].slice(0, DEVICE_COOKIE_ACCOUNTS) };
}

/**
 * Seconds from `now` until the session ends (identity's `sessionExpiresAt`, RFC 3339): the refresh cookie
 * expires with the session, whose lifetime only the identity service configures. Undefined when the grant
 * names no end (an identity older than the field): then the cookie lasts as long as the browser session.
 */
export function refreshCookieMaxAge(sessionExpiresAt: string, now = Date.now()): number | undefined {
  const end = Date.parse(sessionExpiresAt);
  return Number.isNaN(end) ? undefined : Math.max(0, Math.floor((end - now) / 1000));
}

/**
 * Session minting: a short-lived HS256 access token (`sub`, `email`, `sid`; plugin jwt) for the browser's
 * memory, the refresh token in an httpOnly, SameSite=Strict cookie scoped to /api/v1/auth, and the device
 * cookie (same attributes, signed, a year; see DEVICE_COOKIE_NAME).
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const { ACCESS_TOKEN_TTL_SECONDS, COOKIE_SECURE, JWT_SECRET } = fastify.config;
    const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure: COOKIE_SECURE, path: REFRESH_COOKIE_PATH };
    const accountKey = createHmac('sha256', JWT_SECRET).update('venuebook device cookie accounts').digest();
    const accountTag = (email: string): string => createHmac('sha256', accountKey).update(normaliseEmail(email)).digest().subarray(0, 16).toString('base64url');

    function deviceCookieOf(request: FastifyRequest): DeviceCookie | undefined {
      const raw = request.cookies[DEVICE_COOKIE_NAME];
      if (!raw) return undefined;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value !== null ? parseDeviceCookie(unsigned.value) : undefined;
    }

    fastify.decorate('sessions', {
      async start(reply, grant, readAt) {
        if (!grant.user) throw new HttpError(500, 'Sign-in returned no user');
        const user = authUserFromProto(grant.user);
        if (reply.request.headers['sec-fetch-site'] !== 'cross-site') {
          const cookie = rememberAccount(deviceCookieOf(reply.request), accountTag(user.email));
          reply.setCookie(DEVICE_COOKIE_NAME, formatDeviceCookie(cookie), { ...cookieOptions, signed: true, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
        }
        const accessToken = await reply.jwtSign({ sub: user.id, email: user.email, sid: grant.sessionId });
        const maxAge = refreshCookieMaxAge(grant.sessionExpiresAt);
        if (maxAge === undefined) reply.log.warn('identity sent a session grant without its end; the refresh cookie lasts for the browser session');
        reply.setCookie(REFRESH_COOKIE_NAME, grant.refreshToken, { ...cookieOptions, ...(maxAge === undefined ? {} : { maxAge }) });
        // A fresh grant is the freshest answer about this user (unless a role change came in meanwhile): the
        // next calls need not ask identity.
        fastify.userCache.set(user.id, grant.sessionId, { user, active: true }, readAt);
        return {
          accessToken,
          tokenType: 'bearer',
          expiresIn: ACCESS_TOKEN_TTL_SECONDS,
          expiresAt: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS,
          user,
        };
      },
      refreshToken: (request) => request.cookies[REFRESH_COOKIE_NAME],
      end(reply) {
        reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions);
      },
      trustedDevice(request, email) {
        const cookie = deviceCookieOf(request);
        return cookie?.accounts.includes(accountTag(email)) ? cookie.device : undefined;
      },
    });
  },
  { name: 'sessions', dependencies: ['jwt', 'cookie', 'user-cache'] },
);
