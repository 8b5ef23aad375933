import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageShape } from '@bufbuild/protobuf';
import { authUserFromProto } from '@venuebook/proto/codecs/identity';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH } from '@venuebook/proto/domain';
import type { Session } from '@venuebook/proto/domain';
import type { SessionGrantSchema } from '@venuebook/proto/identity/v1';
import { HttpError } from '../../lib/error-mapping.ts';

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
    };
  }
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
 * memory, and the refresh token in an httpOnly, SameSite=Strict cookie scoped to /api/v1/auth.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const { ACCESS_TOKEN_TTL_SECONDS, COOKIE_SECURE } = fastify.config;
    const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure: COOKIE_SECURE, path: REFRESH_COOKIE_PATH };

    fastify.decorate('sessions', {
      async start(reply, grant, readAt) {
        if (!grant.user) throw new HttpError(500, 'Sign-in returned no user');
        const user = authUserFromProto(grant.user);
        const accessToken = await reply.jwtSign({ sub: user.id, email: user.email, sid: grant.sessionId });
        const maxAge = refreshCookieMaxAge(grant.sessionExpiresAt);
        if (maxAge === undefined) reply.log.warn('identity sent a session grant without its end; the refresh cookie lasts for the browser session');
        reply.setCookie(REFRESH_COOKIE_NAME, grant.refreshToken, { ...cookieOptions, ...(maxAge === undefined ? {} : { maxAge }) });
        // A fresh grant is the freshest answer about this user (unless a role change came in meanwhile): the
        // next calls need not ask identity.
        fastify.userCache.set(user.id, grant.sessionId, { user, active: true }, readAt);
        return { accessToken, tokenType: 'bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS, expiresAt: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS, user };
      },
      refreshToken: (request) => request.cookies[REFRESH_COOKIE_NAME],
      end(reply) {
        reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions);
      },
    });
  },
  { name: 'sessions', dependencies: ['jwt', 'cookie', 'user-cache'] },
);
